import { performance } from "node:perf_hooks";
import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import { readCpuMs } from "../proc-cpu.js";
import { readMemory } from "../proc-memory.js";
import { withRunEnv } from "../run-env.js";
import { cpuRow, fmtMs, medianExtra, medianMem, memRow, timeRow } from "../verdict.js";
import type { Sample, Workload } from "../workload.js";

/**
 * 1. Cold start until a session can take prompts. Both sides start a fresh Node
 * process, so both pay Node start-up and module loading:
 *  - adapter: spawn `node dist/claude-agent-acp.js` → `initialize` → `session/new` answered;
 *  - bare: spawn the runner → `query()` with streaming input → `initializationResult()`.
 * The adapter's RSS (its own Node process, not Claude Code) is read right after. Then,
 * for information, the adapter starts once more in the same run: with Claude Code's
 * model list cached by the first start, `session/new` answers before Claude Code is up.
 */
export const coldStart: Workload = {
  key: "cold",
  title: "cold start → session ready",
  run: (side, _config, facts) =>
    withRunEnv({}, async (env) => {
      if (side === "adapter") {
        const start = performance.now();
        const adapter = AdapterProcess.spawn(env);
        let sample: Sample;
        try {
          const init = await adapter.initialize();
          await adapter.newSession(env.workspace);
          const ms = performance.now() - start;
          const caps = init.agentCapabilities?.sessionCapabilities as
            Record<string, unknown> | null | undefined;
          facts.sessionCloseSupported = caps?.close !== undefined && caps?.close !== null;
          sample = {
            ms,
            cpuMs: readCpuMs(adapter.pid),
            mem: { rss: readMemory(adapter.pid).rssMb },
          };
        } finally {
          await adapter.shutdown();
        }
        // Info: the same start in a later process, with the model list the first one's
        // Claude Code stored (an editor's next window): session/new then answers from it.
        const again = performance.now();
        const second = AdapterProcess.spawn(env);
        try {
          await second.initialize();
          await second.newSession(env.workspace);
          return { ...sample, extra: { cachedMs: performance.now() - again } };
        } finally {
          await second.shutdown();
        }
      }
      const start = performance.now();
      const bare = BareProcess.spawn(env);
      try {
        await bare.start();
        const ms = performance.now() - start;
        return { ms, cpuMs: readCpuMs(bare.pid), mem: { rss: readMemory(bare.pid).rssMb } };
      } finally {
        await bare.shutdown();
      }
    }),
  report(adapter, bare) {
    return {
      rows: [
        timeRow("1 cold start → session/new answered", adapter, bare, 1.15),
        cpuRow("  CPU of own process (not Claude Code)", adapter, bare),
        {
          label: "  the same, model list cached (next window)",
          adapter: fmtMs(medianExtra(adapter, "cachedMs")),
          bare: "",
          ratio: "",
          target: "(info)",
          verdict: "",
        },
        memRow(
          "  adapter RSS after session/new",
          medianMem(adapter, "rss"),
          medianMem(bare, "rss"),
          70,
        ),
      ],
      notes: [],
    };
  },
};
