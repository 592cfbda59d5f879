import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  ADAPTER_BIN,
  PROFILES,
  REPO_ROOT,
  UPSTREAM_ADAPTER_BIN,
} from "../test/support/acp-harness.js";
import { ChildRpc, type WireMessage } from "./child-rpc.js";
import { writeLongSession } from "./history-fixtures.js";
import { readCpuMs } from "./proc-cpu.js";
import { withRunEnv, type RunEnv } from "./run-env.js";
import { median } from "./stats.js";

/**
 * What a `session/load` of the history bench's long session sends, counted (issue 34):
 * deterministic, so load-independent. For our adapter and the upstream adapter 0.101.0,
 * each for a plain client and for Zed: the `session/update` notifications up to the
 * answer, by update kind, and their bytes split by field (`kind.field`, `_meta` keys one
 * level deeper), so that a byte difference names the field it comes from. The first
 * turn's notifications of each side are written to `<out>/<side>.json` to read.
 *
 * Also the CPU time of the adapter process from the request to the answer (all threads;
 * load-independent, unlike wall time), after one unmeasured load that caches Claude Code's
 * start answer; with LOAD_TRAFFIC_RUNS > 1 the sides alternate run by run, and
 * LOAD_TRAFFIC_BEFORE=<another build's bin> adds the side `before-plain` to compare with.
 *
 * Run: npm run build && node dist/bench/load-traffic.js [outDir]
 * Knobs: BENCH_HISTORY_MESSAGES (10000), BENCH_HISTORY_MB (20), LOAD_TRAFFIC_SIDES
 * (default `ours-plain,ours-zed,upstream-plain,upstream-zed`), LOAD_TRAFFIC_RUNS (1).
 */

interface Tally {
  count: number;
  bytes: number;
}

interface Traffic {
  /** Every session/update up to the answer (the commands included), by key. */
  readonly byKey: Map<string, Tally>;
  /** The first notifications, as received. */
  readonly sample: unknown[];
  /** Updates after the answer (within the grace period), by kind. */
  readonly after: Map<string, Tally>;
  /** CPU ms of the adapter process from the request to the answer. */
  cpuMs: number;
}

const SIDES = {
  "ours-plain": { bin: ADAPTER_BIN, caps: PROFILES.plain },
  "ours-zed": { bin: ADAPTER_BIN, caps: PROFILES.zed },
  "upstream-plain": { bin: UPSTREAM_ADAPTER_BIN, caps: PROFILES.plain },
  "upstream-zed": { bin: UPSTREAM_ADAPTER_BIN, caps: PROFILES.zed },
  "before-plain": { bin: process.env.LOAD_TRAFFIC_BEFORE ?? "", caps: PROFILES.plain },
} as const;
type Side = keyof typeof SIDES;

const bump = (map: Map<string, Tally>, key: string, bytes: number): void => {
  const t = map.get(key) ?? { count: 0, bytes: 0 };
  t.count++;
  t.bytes += bytes;
  map.set(key, t);
};

const size = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "");

/** Bytes by field: `kind.key` for the update's keys, one more level for `_meta` and content. */
function tallyFields(map: Map<string, Tally>, kind: string, update: Record<string, unknown>) {
  for (const [key, value] of Object.entries(update)) {
    if (key === "sessionUpdate") continue;
    // `"key":value,` as it sits in the object.
    const bytes = size(key) + 2 + size(value);
    bump(map, `${kind}.${key}`, bytes);
    if (key === "_meta" && value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        bump(map, `${kind}._meta.${k}`, size(k) + 2 + size(v));
        if (v && typeof v === "object" && !Array.isArray(v)) {
          for (const [k2, v2] of Object.entries(v))
            bump(map, `${kind}._meta.${k}.${k2}`, size(k2) + 2 + size(v2));
        }
      }
    }
    if (key === "content" && Array.isArray(value)) {
      for (const item of value as Array<Record<string, unknown>>) {
        const inner = item.type === "content" ? (item.content as Record<string, unknown>) : item;
        bump(map, `${kind}.content[${String(item.type)}/${String(inner?.type)}]`, size(item) + 1);
      }
    }
  }
}

async function loadOnce(env: RunEnv, side: Side, sessionId: string): Promise<Traffic> {
  const traffic: Traffic = { byKey: new Map(), sample: [], after: new Map(), cpuMs: 0 };
  let answered = false;
  const onMessage = (message: WireMessage, rpc: ChildRpc): void => {
    if (message.method === "session/update") {
      const update = (message.params as { update: Record<string, unknown> }).update;
      const kind = String(update.sessionUpdate);
      const bytes = size(message) + 1; // the line and its newline
      if (answered) {
        bump(traffic.after, kind, bytes);
        return;
      }
      bump(traffic.byKey, "(all)", bytes);
      bump(traffic.byKey, kind, bytes);
      tallyFields(traffic.byKey, kind, update);
      if (traffic.sample.length < 12) traffic.sample.push(message.params);
    } else if (message.id !== undefined && message.id !== null && message.method) {
      rpc.respondError(message.id, -32601, "not supported by the counting client");
    }
  };
  const { bin, caps } = SIDES[side];
  const rpc = new ChildRpc(
    process.execPath,
    [resolve(REPO_ROOT, bin)],
    { cwd: env.workspace, env: { ...env.env, IS_SANDBOX: "1" } },
    onMessage,
  );
  try {
    await rpc.request("initialize", { protocolVersion: 1, clientCapabilities: caps });
    const cpu = readCpuMs(rpc.pid);
    await rpc.request("session/load", { sessionId, cwd: env.workspace, mcpServers: [] }, 600_000);
    traffic.cpuMs = readCpuMs(rpc.pid) - cpu;
    answered = true;
    // What follows the answer (upstream's commands) is counted apart.
    await new Promise((r) => setTimeout(r, 1_500));
  } finally {
    await rpc.shutdown();
  }
  return traffic;
}

function table(results: ReadonlyMap<Side, Traffic>): string {
  const sides = [...results.keys()];
  const keys = new Set<string>();
  for (const t of results.values()) for (const k of t.byKey.keys()) keys.add(k);
  const sorted = [...keys].sort((a, b) =>
    a === "(all)" ? -1 : b === "(all)" ? 1 : a < b ? -1 : 1,
  );
  const header = ["key", ...sides.flatMap((s) => [`${s} n`, `${s} bytes`])];
  const rows = sorted.map((k) => [
    k,
    ...sides.flatMap((s) => {
      const t = results.get(s)!.byKey.get(k);
      return t ? [String(t.count), String(t.bytes)] : ["", ""];
    }),
  ]);
  for (const s of sides) {
    const after = [...results.get(s)!.after].map(([k, t]) => `${k} ${t.count} (${t.bytes} B)`);
    if (after.length) rows.push([`after the answer, ${s}: ${after.join(", ")}`]);
  }
  const all = [header, ...rows];
  const width = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? "").length)));
  return all
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(width[c]!) : cell.padStart(width[c]!))).join("  "),
    )
    .join("\n");
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? "/tmp/load-traffic";
  const messages = Number(process.env.BENCH_HISTORY_MESSAGES ?? 10_000);
  const megabytes = Number(process.env.BENCH_HISTORY_MB ?? 20);
  const sides = (process.env.LOAD_TRAFFIC_SIDES ?? Object.keys(SIDES).join(","))
    .split(",")
    .filter(Boolean) as Side[];
  const { mkdirSync } = await import("node:fs");
  mkdirSync(out, { recursive: true });
  await withRunEnv({}, async (env) => {
    const long = writeLongSession(env.configDir, env.workspace, messages, megabytes);
    console.error(`load traffic: ${long.messages} messages, ${(long.bytes / 1e6).toFixed(1)} MB`);
    const runs = Number(process.env.LOAD_TRAFFIC_RUNS ?? 1);
    // Claude Code's start answer cached, as after an editor restart (history.ts' headline).
    await loadOnce(env, "ours-plain", long.sessionId);
    const results = new Map<Side, Traffic>();
    const cpu = new Map<Side, number[]>();
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        if (!(side in SIDES) || !SIDES[side].bin) throw new Error(`unknown side ${side}`);
        console.error(`load traffic: run ${run + 1}/${runs}, ${side}`);
        const traffic = await loadOnce(env, side, long.sessionId);
        results.set(side, traffic);
        cpu.set(side, [...(cpu.get(side) ?? []), traffic.cpuMs]);
        writeFileSync(join(out, `${side}.json`), JSON.stringify(traffic.sample, null, 2));
      }
    }
    for (const [side, values] of cpu)
      console.log(
        `${side}: CPU until the answer, median ${median(values)} ms (${values.join(", ")})`,
      );
    console.log(table(results));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
