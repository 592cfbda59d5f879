/**
 * The list of accepted differences of the golden comparison (`golden.ts`), checked: each
 * key names one message (one tool call, or one update kind in one turn) and one field; a
 * permission request or a client message on one side only is never accepted; a key that
 * matches nothing is reported, as it names a difference that went away. Pure: no I/O.
 */
import type { Difference } from "./golden.js";

/**
 * One accepted difference: its keys (what follows from the same cause) and why (the spec
 * line, or the measured upstream behaviour). A key is a `Difference` key; `*` may stand
 * only for the rest of one field (`update._meta.claudeCode.toolResponse*`), or for the
 * tool id (`toolu_*`) when `everyTool` says that the reason holds for every tool.
 */
export interface AcceptedDifference {
  readonly keys: readonly string[];
  readonly reason: string;
  readonly everyTool?: true;
  /**
   * The reason names a measured timing: in a given run the difference may not occur, so a
   * key of this entry that matches nothing is not reported. The keys are still narrow.
   */
  readonly timing?: true;
}

/** The outcome of `checkAccepted`: each list empty when the comparison passes. */
export interface AcceptedCheck {
  /** Differences no key accepts, and those no key may accept. */
  readonly unaccepted: Difference[];
  /** Keys nothing matched: the difference they name went away. */
  readonly unused: string[];
  /** Keys too wide to be accepted, each with why. */
  readonly rejected: string[];
}

const SIDES = new Set(["only ours", "only upstream", "value"]);

/**
 * A key's parts: the message label as `normaliseTraffic` builds it (arrow, method, update
 * kind or answer, tool call id, replay mark, turn), the field path, the side.
 */
const KEY =
  /^(?:←|→) (?:session\/update(?: (?<kind>[^ |]+))?|(?<method>[^ |]+)(?: (?:result|error))?)(?: (?<tool>toolu_[^ |]+))?(?: \(replay\))?(?: (?<turn>@(?:"(?:[^"\\]|\\.)*"|[^ |"]+)))?(?: (?<path>[^|]+?))? \| (?<side>.+)$/;

/**
 * Field paths too wide for a wildcard: a whole message, a whole `_meta`, and the lists
 * whose elements are each a thing of its own (a command, a config option).
 */
const CONTAINERS = new Set([
  "",
  "update",
  "update._meta",
  "toolCall",
  "toolCall._meta",
  "_meta",
  "update.availableCommands",
  "update.configOptions",
  "configOptions",
]);

/** Why `key` is too wide to accept, or undefined when it names one message and one field. */
export function keyProblem(key: string, everyTool = false): string | undefined {
  const parts = KEY.exec(key)?.groups;
  if (!parts) return "not the shape of a difference key";
  const { kind, method, tool, turn, path, side } = parts;
  if (!SIDES.has(side!)) return `the side must be one of ${[...SIDES].join(", ")}`;
  if ([kind, method, turn].some((part) => part?.includes("*"))) {
    return "a wildcard in the message: name one message";
  }
  if (tool?.includes("*") && !(tool === "toolu_*" && everyTool)) {
    return "a wildcard on tool ids: name one tool call, or mark the reason everyTool";
  }
  // (A whole permission request or client message on one side only is never accepted:
  // `checkAccepted` fails it whatever key matches.)
  if (path === undefined)
    return side === "value" ? "a value difference names its field" : undefined;
  const star = path.indexOf("*");
  if (star >= 0 && star !== path.length - 1) return "a wildcard inside a field path";
  if (star >= 0 && CONTAINERS.has(path.slice(0, -1).replace(/\.$/, ""))) {
    return "a wildcard over every field of a message: name one field";
  }
  return undefined;
}

/** Never accepted, whatever the list says: a client would be asked, or answer, on one side. */
function neverAccepted(difference: Difference): boolean {
  const label = difference.ours ?? difference.upstream ?? "";
  return (
    difference.whole === true &&
    (label.startsWith("← session/request_permission") || label.startsWith("→ "))
  );
}

function pattern(key: string): RegExp {
  const escaped = key.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`);
}

/**
 * The differences no accepted key matches (and those never accepted), the keys nothing
 * matched (each key counts), and the keys too wide to be in the list.
 */
export function checkAccepted(
  differences: readonly Difference[],
  accepted: readonly AcceptedDifference[],
): AcceptedCheck {
  const rejected: string[] = [];
  const patterns = accepted.flatMap((entry) =>
    entry.keys.flatMap((key) => {
      const problem = keyProblem(key, entry.everyTool === true);
      if (problem) rejected.push(`${key}  (${problem})`);
      return problem ? [] : [{ key, re: pattern(key), used: entry.timing === true }];
    }),
  );
  const unaccepted: Difference[] = [];
  for (const difference of differences) {
    if (neverAccepted(difference)) {
      unaccepted.push(difference);
      continue;
    }
    const hits = patterns.filter((p) => p.re.test(difference.key));
    for (const hit of hits) hit.used = true;
    if (hits.length === 0) unaccepted.push(difference);
  }
  return { unaccepted, unused: patterns.filter((p) => !p.used).map((p) => p.key), rejected };
}
