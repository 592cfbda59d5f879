/**
 * Benchmark: the ACP adapter vs. the bare Claude Agent SDK `query()`, side by side, on
 * the same scripted model work, offline (a scripted Messages API server per run).
 * Not a test: it prints a table with medians, ratios, adapter RSS and targets.
 * Run with `npm run bench`; knobs and how to read the output: bench/README.md.
 */
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ADAPTER_BIN, REPO_ROOT } from "../test/support/acp-harness.js";
import { readConfig, selectedWorkloads } from "./config.js";
import { formatSamples, formatTable } from "./report.js";
import { RunEnv } from "./run-env.js";
import { fmtMs } from "./verdict.js";
import type { ResultRow, RunFacts, Sample, Side, Workload } from "./workload.js";
import { coldStart } from "./workloads/cold-start.js";
import { concurrent } from "./workloads/concurrent.js";
import { editTurn } from "./workloads/edit-turn.js";
import { firstAnswer } from "./workloads/first-answer.js";
import { sessionChurn } from "./workloads/session-churn.js";
import { shortTurn } from "./workloads/short-turn.js";
import { streamTurn } from "./workloads/stream-turn.js";
import { toolTurn } from "./workloads/tool-turn.js";

const WORKLOADS: readonly Workload[] = [
  coldStart,
  shortTurn,
  streamTurn,
  sessionChurn,
  toolTurn,
  firstAnswer,
  editTurn,
  concurrent,
];

function packageVersion(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  } catch {
    return "?";
  }
}

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

async function main(): Promise<number> {
  if (!existsSync(ADAPTER_BIN))
    throw new Error(`${ADAPTER_BIN} is missing: build first (npm run build)`);
  const config = readConfig();
  const keys = selectedWorkloads(WORKLOADS.map((w) => w.key));
  const workloads = WORKLOADS.filter((w) => keys.includes(w.key));
  const facts: RunFacts = { sessionCloseSupported: undefined };
  const began = performance.now();

  console.log("claude-agent-acp benchmark — adapter vs. bare SDK query()");
  console.log(
    `node ${process.version}, ${os.cpus().length} cpu(s), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, ` +
      `claude-agent-sdk ${packageVersion("@anthropic-ai/claude-agent-sdk")}, ` +
      `runs per side ${config.runs} (BENCH_RUNS), medians; adapter/bare alternate`,
  );

  if (process.env.BENCH_WARMUP !== "0") {
    // One untimed start per side: loads Claude Code's binary and the SDK into the page cache.
    for (const side of ["adapter", "bare"] as const) {
      try {
        await coldStart.run(side, config, facts);
      } catch (error) {
        progress(`warm-up ${side} failed: ${firstLine(error)}`);
      }
    }
  }

  const rows: ResultRow[] = [];
  const notes: string[] = [];
  const details: string[] = [];
  const errors: string[] = [];
  for (const workload of workloads) {
    const samples: Record<Side, Sample[]> = { adapter: [], bare: [] };
    for (let i = 0; i < config.runs; i++) {
      const order: Side[] = i % 2 === 0 ? ["adapter", "bare"] : ["bare", "adapter"];
      for (const side of order) {
        try {
          const sample = await workload.run(side, config, facts);
          samples[side].push(sample);
          progress(`${workload.key} run ${i + 1}/${config.runs} ${side}: ${fmtMs(sample.ms)}`);
        } catch (error) {
          errors.push(
            `${workload.key} run ${i + 1} ${side}: ${error instanceof Error ? error.message : String(error)}`,
          );
          progress(
            `${workload.key} run ${i + 1}/${config.runs} ${side}: FAILED ${firstLine(error)}`,
          );
        }
      }
    }
    const report = workload.report(samples.adapter, samples.bare, config, facts);
    rows.push(...report.rows);
    notes.push(...report.notes);
    details.push(...formatSamples(workload.key, samples));
  }

  console.log("");
  console.log(formatTable(rows));
  console.log("");
  for (const note of notes) console.log(`note: ${note}`);
  console.log("");
  for (const line of details) console.log(line);
  if (errors.length > 0) {
    console.log("");
    console.log(`${errors.length} failed run(s):`);
    for (const e of errors) console.log(`  ${e}`);
  }
  const misses = rows.filter((r) => r.verdict === "MISS").length;
  console.log("");
  console.log(
    `${rows.filter((r) => r.verdict === "PASS").length} PASS, ${misses} MISS; total ${(
      (performance.now() - began) /
      1000
    ).toFixed(0)} s`,
  );
  return errors.length > 0 ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    RunEnv.disposeAllSync();
    process.exit(130);
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    RunEnv.disposeAllSync();
    console.error(error instanceof Error ? error.stack : String(error));
    process.exitCode = 2;
  },
);
