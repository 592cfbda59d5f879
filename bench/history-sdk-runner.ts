import { performance } from "node:perf_hooks";
import { getSessionMessages, listSessions } from "@anthropic-ai/claude-agent-sdk";
import { readMainThreadCpuMs } from "./proc-cpu.js";
import { readMemory } from "./proc-memory.js";

/**
 * The floor of the history benchmark: the SDK's own `listSessions` / `getSessionMessages`
 * in a fresh Node process (so its peak RSS is its own), timed inside that process.
 * Usage: node history-sdk-runner.js list <dir> <pageSize> <pages> | messages <dir> <sessionId>
 * Prints one JSON line.
 */
async function main(): Promise<void> {
  const [operation, dir, a, b] = process.argv.slice(2);
  if (operation === "list") {
    const limit = Number(a);
    const pages: number[] = [];
    let rows = 0;
    const start = performance.now();
    for (let page = 0; page < Number(b); page++) {
      const t = performance.now();
      const found = await listSessions({
        dir,
        limit,
        offset: page * limit,
        includeWorktrees: false,
      });
      pages.push(performance.now() - t);
      rows += found.length;
    }
    const total = performance.now() - start;
    console.log(JSON.stringify({ pages, total, rows, peakMb: readMemory(process.pid).peakMb }));
  } else if (operation === "messages") {
    const cpu = process.cpuUsage();
    const main = readMainThreadCpuMs(process.pid);
    const start = performance.now();
    const messages = await getSessionMessages(a!, { dir });
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const mainCpuMs = readMainThreadCpuMs(process.pid) - main;
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      JSON.stringify({
        ms,
        cpuMs,
        mainCpuMs,
        messages: messages.length,
        peakMb: readMemory(process.pid).peakMb,
      }),
    );
  } else {
    throw new Error(`unknown operation ${operation}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
