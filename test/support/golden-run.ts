import { writeFileSync } from "node:fs";
import { expect } from "vitest";
import { ADAPTER_BIN, REPO_ROOT, UPSTREAM_ADAPTER_BIN, type TrafficEntry } from "./acp-harness.js";
import { checkAccepted, type AcceptedDifference } from "./golden-accepted.js";
import {
  compareMessages,
  describeDifferences,
  normaliseTraffic,
  type Difference,
  type GoldenMessage,
} from "./golden.js";

/**
 * The run of a golden comparison with the upstream adapter, shared by the v1 and the v2
 * test: each conversation recorded against both adapters at once, normalised, compared,
 * and the differences checked against the accepted list (`golden-accepted.ts`).
 *
 * Knobs: `GOLDEN_ALL=<file>` writes every difference found (accepted or not);
 * `GOLDEN_DUMP=<prefix>` writes each side's normalised traffic to
 * `<prefix>-<conversation>.json` and the raw traffic to `…-<adapter>-raw.json`;
 * `GOLDEN_ONLY=<conversation>` runs one conversation (its keys elsewhere go unused).
 */

/** One recorded side: what a scenario left for the comparison. */
export interface Recorded {
  readonly traffic: readonly TrafficEntry[];
  readonly workspace: string;
  readonly root: string;
}

/** The traffic of a conversation against one adapter, normalised. */
export function normalised(name: string, adapter: string, run: Recorded): GoldenMessage[] {
  if (process.env.GOLDEN_DUMP) {
    const file = `${process.env.GOLDEN_DUMP}-${name}-${adapter}-raw.json`;
    writeFileSync(file, JSON.stringify(run.traffic, null, 1));
  }
  return normaliseTraffic(run.traffic, {
    paths: {
      ...runNames(JSON.stringify(run.traffic)),
      // Claude Code's directory of the project's transcripts and task outputs.
      [run.workspace.replace(/[^A-Za-z0-9]/g, "-")]: "<project>",
      [run.workspace]: "<ws>",
      [run.root]: "<root>",
      [UPSTREAM_ADAPTER_BIN]: "<adapter>",
      [ADAPTER_BIN]: "<adapter>",
      [REPO_ROOT]: "<repo>",
    },
  });
}

/** Names Claude Code draws at random: a plan file's, a background task's. */
function runNames(traffic: string): Record<string, string> {
  const names = traffic.matchAll(/plans\/([a-z0-9-]+)\.md|in background with ID: (\w+)/g);
  return Object.fromEntries([...names].map((m) => (m[1] ? [m[1], "<plan>"] : [m[2]!, "<task>"])));
}

/**
 * Records each conversation against ours and upstream at once (`record(adapter, name)`),
 * compares them, and expects every difference accepted and every accepted key used.
 */
export async function compareWithUpstream(
  conversations: readonly string[],
  record: (adapter: "ours" | "upstream", name: string) => Promise<GoldenMessage[]>,
  accepted: readonly AcceptedDifference[],
): Promise<void> {
  const differences: Difference[] = [];
  for (const name of conversations) {
    if (process.env.GOLDEN_ONLY && !name.includes(process.env.GOLDEN_ONLY)) continue;
    const [ours, upstream] = await Promise.all([record("ours", name), record("upstream", name)]);
    dump(name, ours, upstream);
    differences.push(...compareMessages(ours, upstream));
  }
  const found = unique(differences);
  if (process.env.GOLDEN_ALL) writeFileSync(process.env.GOLDEN_ALL, describeDifferences(found));
  const { unaccepted, unused, rejected } = checkAccepted(found, accepted);
  // A key too wide, a difference no key may accept or none does, and a key that matched
  // nothing (the difference it names went away: delete the key) each fail.
  expect({ rejected, unaccepted: describeDifferences(unaccepted), unused }).toEqual({
    rejected: [],
    unaccepted: "",
    unused: [],
  });
}

function unique(differences: Difference[]): Difference[] {
  const seen = new Map<string, Difference>();
  for (const d of differences) if (!seen.has(d.key)) seen.set(d.key, d);
  return [...seen.values()];
}

function dump(name: string, ours: GoldenMessage[], upstream: GoldenMessage[]): void {
  const prefix = process.env.GOLDEN_DUMP;
  if (!prefix) return;
  const plain = (messages: GoldenMessage[]) =>
    messages.map((m) => [m.label, Object.fromEntries(m.fields)]);
  const both = { ours: plain(ours), upstream: plain(upstream) };
  writeFileSync(`${prefix}-${name}.json`, JSON.stringify(both, null, 1));
}
