/**
 * The design check for a first answer below the bare SDK's (issue 34): can the adapter
 * start Claude Code before it knows the session — `prewarm()`, a parked spare — and
 * still answer `session/new` with the session's id? `ClaimOptions` has no session id, so
 * the spare is prewarmed with a pre-chosen one (`Options.sessionId`, which `prewarm()`
 * does not refuse): this checks that the claimed session keeps it, and times, in one
 * process and alternating, a cold `query()` (start → first `result`) against a spare's
 * claim (claim → first `result`; the spare parked before, as it would be while Node loads
 * the adapter and the client sends `initialize` and `session/new`).
 *
 *   npm run build && node dist/bench/prewarm-probe.js        (BENCH_RUNS, default 5)
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { prewarm, query, type Query, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { PushIterable } from "./push-iterable.js";
import { withRunEnv } from "./run-env.js";
import { median } from "./stats.js";

const ANSWER = "Two plus two is four.";
const runs = Number(process.env.BENCH_RUNS ?? 5);

function prompt(): PushIterable<SDKUserMessage> {
  const input = new PushIterable<SDKUserMessage>();
  input.push({
    type: "user",
    message: { role: "user", content: "What is two plus two?" },
    parent_tool_use_id: null,
  } as SDKUserMessage);
  return input;
}

/** Reads `q` until its first `result`; the session id it ran under. */
async function firstResult(q: Query): Promise<string> {
  for await (const message of q) {
    if (message.type === "result") return message.session_id;
  }
  throw new Error("no result");
}

const cold: number[] = [];
const claimed: number[] = [];
const parked: number[] = [];
await withRunEnv(
  { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 4 * runs + 4 }] },
  async (run) => {
    const options = { cwd: run.workspace, env: run.env, includePartialMessages: true };
    for (let i = -1; i < runs; i++) {
      // Cold: what the adapter does at the first prompt today (and the bare SDK at start).
      let start = performance.now();
      const q = query({ prompt: prompt(), options: { ...options, sessionId: randomUUID() } });
      await firstResult(q);
      if (i >= 0) cold.push(performance.now() - start);
      q.close();
      // A spare with a pre-chosen id, claimed for the workspace once parked.
      const id = randomUUID();
      start = performance.now();
      const { cwd: _parkedElsewhere, ...host } = options;
      const spare = await prewarm({ options: { ...host, sessionId: id } });
      if (i >= 0) parked.push(performance.now() - start);
      start = performance.now();
      const c = spare.claim({ prompt: prompt(), options: { cwd: run.workspace } });
      const [claim, ran] = await Promise.all([spare.claimed, firstResult(c)]);
      if (i >= 0) claimed.push(performance.now() - start);
      if (claim.sessionId !== id || ran !== id)
        throw new Error(`the claimed session is ${claim.sessionId} / ${ran}, not ${id}`);
      c.close();
    }
  },
);
const fmt = (xs: number[]): string =>
  `${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(", ")})`;
console.log("session id chosen before prewarm() kept by the claim: yes (every run)");
console.log(`cold query() → first result:        ${fmt(cold)}`);
console.log(`prewarm() → spare parked:            ${fmt(parked)}`);
console.log(`claim → first result (spare parked): ${fmt(claimed)}`);
process.exit(0);
