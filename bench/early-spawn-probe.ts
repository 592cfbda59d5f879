/**
 * The early-spawn check for issue 34 (first answer ≤ 0.85× the bare SDK): Claude Code's
 * binary started before the Claude Agent SDK's module has loaded, so that its start
 * overlaps the SDK's load, and handed to the SDK through `Options.spawnClaudeCodeProcess`.
 *
 * One run env (scripted model); each sample is a fresh Node process (early-spawn-runner.ts),
 * timed from outside, spawn → its line at the first `result`:
 *  - `record` (once, untimed): the SpawnOptions the SDK asks for, written as the recipe;
 *  - `plain`: the SDK spawns Claude Code after its import (what the bare SDK does);
 *  - `early`: the recipe spawned at the process's first instant, then the SDK imported,
 *    and the running child handed over when the SDK asks for exactly the recipe;
 *  - `stale`: the same with a recipe that no longer matches: the early child is ended and
 *    the SDK's own spawn runs (the cost of a wrong guess).
 * Plain and early alternate (their order too). Prints the recipe's shape, what Claude Code
 * wrote before the SDK's first request, and the times.
 *
 *   npm run build && node dist/bench/early-spawn-probe.js     (BENCH_RUNS, default 5)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { withRunEnv, type RunEnv } from "./run-env.js";
import { median } from "./stats.js";

const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "early-spawn-runner.js");
const ANSWER = "Two plus two is four.";
const runs = Number(process.env.BENCH_RUNS ?? 5);

interface RunnerLine {
  readonly mode: string;
  readonly entryMs: number;
  readonly earlySpawnMs: number;
  readonly loadedMs: number;
  readonly sdkAskedMs: number;
  readonly resultMs: number;
  readonly ok: boolean;
  readonly text: string;
  readonly handoff?: {
    used: boolean;
    mismatch?: string;
    bufferedBytes: number;
    firstBytes: string;
  };
}

/** Spawns the runner in `mode`; resolves with its line and the outside spawn → line time. */
function once(run: RunEnv, mode: string, recipe: string): Promise<RunnerLine & { ms: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [RUNNER, mode, recipe], {
    cwd: run.workspace,
    env: run.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
  child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", () => {
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      const line = JSON.parse(out.slice(0, nl)) as RunnerLine;
      resolve({ ...line, ms: performance.now() - start });
    });
    child.once("exit", (code) => {
      if (!out.includes("\n")) reject(new Error(`${mode} exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

const fmt = (xs: number[]): string =>
  `${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(", ")})`;

await withRunEnv(
  { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 3 * runs + 4 }] },
  async (run) => {
    const recipePath = join(run.root, "recipe.json");
    await once(run, "record", recipePath);
    const recipe = JSON.parse(readFileSync(recipePath, "utf8")) as {
      command: string;
      args: string[];
      cwd: string;
      env: Record<string, string | undefined>;
    };
    const added = Object.keys(recipe.env).filter((k) => run.env[k] !== recipe.env[k]);
    const dropped = Object.keys(run.env).filter((k) => !(k in recipe.env));
    console.log(`SDK spawns: ${recipe.command} ${recipe.args.join(" ")}`);
    console.log(`  cwd ${recipe.cwd}; env vs the process's: set/changed [${added.join(", ")}]`);
    console.log(`  removed [${dropped.join(", ")}]`);
    for (const k of added) console.log(`  ${k}=${recipe.env[k]}`);
    await once(run, "plain", recipePath); // untimed: page cache, Claude Code's first files
    const plain: RunnerLine[] = [];
    const early: RunnerLine[] = [];
    const plainMs: number[] = [];
    const earlyMs: number[] = [];
    const staleMs: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? ["plain", "early", "stale"] : ["stale", "early", "plain"];
      const got: Record<string, RunnerLine & { ms: number }> = {};
      for (const mode of order) got[mode] = await once(run, mode, recipePath);
      const p = got.plain!;
      const e = got.early!;
      if (!p.ok || !e.ok || p.text !== ANSWER || e.text !== ANSWER)
        throw new Error(`bad answer: ${JSON.stringify([p, e])}`);
      if (!e.handoff?.used) throw new Error(`early child not used: ${JSON.stringify(e.handoff)}`);
      const s = got.stale!;
      if (!s.ok || s.text !== ANSWER || s.handoff?.used !== false)
        throw new Error(`stale recipe: ${JSON.stringify(s)}`);
      staleMs.push(s.ms);
      plain.push(p);
      early.push(e);
      plainMs.push(p.ms);
      earlyMs.push(e.ms);
      ratios.push(e.ms / p.ms);
    }
    const inner = (xs: RunnerLine[], f: (l: RunnerLine) => number): string => fmt(xs.map(f));
    console.log(`spawn → first result, plain (SDK spawns):     ${fmt(plainMs)}`);
    console.log(`spawn → first result, early (spawn, import):  ${fmt(earlyMs)}`);
    console.log(`spawn → first result, stale recipe (ended):   ${fmt(staleMs)}`);
    console.log(
      `early ÷ plain per run: ${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)})`,
    );
    console.log(`plain: SDK loaded at ${inner(plain, (l) => l.loadedMs)}`);
    console.log(
      `plain: result at     ${inner(plain, (l) => l.resultMs)} (since its process began)`,
    );
    console.log(`early: spawned at    ${inner(early, (l) => l.earlySpawnMs)}`);
    console.log(`early: SDK loaded at ${inner(early, (l) => l.loadedMs)}`);
    console.log(`early: SDK asked at  ${inner(early, (l) => l.sdkAskedMs)}`);
    console.log(`early: result at     ${inner(early, (l) => l.resultMs)}`);
    console.log(
      `early: bytes Claude Code wrote before the SDK's first request: ${early
        .map((l) => l.handoff?.bufferedBytes ?? 0)
        .join(
          ", ",
        )}${early.some((l) => l.handoff?.firstBytes) ? ` (${early.find((l) => l.handoff?.firstBytes)?.handoff?.firstBytes})` : ""}`,
    );
  },
);
process.exit(0);
