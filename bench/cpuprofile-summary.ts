/**
 * Summarises a V8 `.cpuprofile` (from BENCH_ADAPTER_NODE_ARGS="--cpu-prof …"): self
 * time by category (where an ACP adapter's time typically goes) and the top functions.
 *
 *   node dist/bench/cpuprofile-summary.js /tmp/prof-adapter/CPU.*.cpuprofile [topN]
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES: Array<[string, (f: CallFrame) => boolean]> = [
  ["idle", (f) => f.functionName === "(idle)"],
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
  [
    "stdout/stdin: node streams + write syscalls",
    (f) =>
      /^(writeBuffer|writeUtf8String|writev)$/.test(f.functionName) ||
      /node:net|stream_base_commons|internal\/streams\//.test(f.url),
  ],
  [
    "web streams + promise bookkeeping",
    (f) =>
      /webstreams/.test(f.url) ||
      /process\/promises/.test(f.url) ||
      /Rejection|setPromiseHandled/.test(f.functionName),
  ],
  ["ACP SDK (JSON-RPC, ndjson, zod)", (f) => /@agentclientprotocol|\/zod\//.test(f.url)],
  [
    "Claude Agent SDK (reading Claude Code's stdout, query)",
    (f) => /claude-agent-sdk/.test(f.url) || /readline/.test(f.url),
  ],
  ["adapter code (dist/src)", (f) => /\/dist\/src\//.test(f.url)],
  [
    "module loading / compiling",
    (f) => /modules\/esm|bootstrap\/realm|compileSourceTextModule/.test(f.url + f.functionName),
  ],
  ["microtasks / ticks", (f) => f.functionName === "runMicrotasks" || /task_queues/.test(f.url)],
];

function categoryOf(frame: CallFrame): string {
  return CATEGORIES.find(([, test]) => test(frame))?.[0] ?? "other";
}

function main(): void {
  const [file, top = "20"] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node dist/bench/cpuprofile-summary.js <file.cpuprofile> [topN]");
    process.exitCode = 2;
    return;
  }
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000),
  );
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    total += ms;
    const category = categoryOf(frame);
    byCategory.set(category, (byCategory.get(category) ?? 0) + ms);
    const where = frame.url
      .replace(/^.*node_modules\//, "")
      .replace(/^file:\/\/.*\/dist\//, "dist/");
    const key = `${frame.functionName || "(anonymous)"} ${where}${where ? `:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const busy = total - (byCategory.get("idle") ?? 0);
  console.log(
    `${file}\nsampled ${total.toFixed(0)} ms, busy ${busy.toFixed(0)} ms\n\nself time by category:`,
  );
  for (const [name, ms] of [...byCategory].sort((a, b) => b[1] - a[1])) {
    console.log(`${ms.toFixed(0).padStart(8)} ms  ${name}`);
  }
  console.log("\ntop functions (self):");
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${ms.toFixed(0).padStart(8)} ms  ${name}`);
  }
}

main();
