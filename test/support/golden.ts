/**
 * Golden comparison of two adapters' traffic (ours and the published upstream adapter) for
 * the same scripted scenario: each JSON-RPC message becomes a label (method, update kind,
 * tool call) and a flat map of field paths to normalised values; the two sequences are
 * aligned by label and every field that differs becomes a `Difference` with a stable key,
 * which the list of accepted differences matches. Pure: no I/O.
 */
import type { TrafficEntry } from "./acp-harness.js";

/**
 * One message, normalised: `label` aligns it, `fields` maps a leaf path to its value;
 * `turn` names the client request it follows (`@"<prompt>"` or `@<method>`) for a message
 * that no tool call names (an update, a prompt's answer), so that a difference's key says
 * which turn it is about.
 */
export interface GoldenMessage {
  readonly label: string;
  readonly fields: ReadonlyMap<string, string>;
  readonly turn?: string;
}

/**
 * One difference; `key` has no run-specific data (scripted tool call ids are stable);
 * `whole` when a whole message is on one side only.
 */
export interface Difference {
  readonly key: string;
  readonly ours?: string;
  readonly upstream?: string;
  readonly whole?: true;
}

/** Run-specific strings replaced before comparing (longest first). */
export interface Volatile {
  readonly paths: Readonly<Record<string, string>>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Message = {
  id?: number | string;
  method?: string;
  params?: Json;
  result?: Json;
  error?: Json;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
const MESSAGE_ID = /\bmsg_[A-Za-z0-9_-]+/g;
/** A subagent's id, also inside the text of its report. */
const AGENT_ID = /\ba[0-9a-f]{16}\b/g;
/** Numbers that count tokens or money: they depend on side requests and prices. */
const COUNT_PATH = /(^|\.)(usage|quota|used|size|cost)(\.|$)|[tT]okens?(\.|$)/;
/** How long a subagent ran, in the text of its report. */
const DURATION_TEXT = /duration_ms: \d+/g;
/** Fields that name the adapter itself, not the information it gives. */
const IDENTITY_PATH = /^agentInfo\.(name|version)$/;
/** Values of one run: a subagent's id and how long things took. */
const RUN_PATH = /(^|\.)(agentId|[a-zA-Z]*[dD]urationMs)$/;
/** The client's requests and the agent's answers (`align`). */
const ANCHOR = /^(→ [^ ]+$|← (?!session\/update|session\/request_permission|_).* (result|error)$)/;
/**
 * The agent's permission requests: a client asked on one side only fails the comparison
 * (`golden-accepted.ts`), so a request pairs with the other side's whenever it can, also
 * when one side sent it before the tool call's streamed updates and the other after.
 */
const PERMISSION_REQUEST = /^← session\/request_permission /;
/** The client's answers to the agent's requests: the test sets their timing. */
const CLIENT_ANSWER = /^→ .* result( toolu_\S+)?$/;
/** Requests whose answer follows a replay of the session's history. */
const REPLAYING = new Set(["session/load"]);
/** Keys whose array elements are matched by this field rather than by position. */
const ELEMENT_KEYS = ["id", "optionId", "value", "name"] as const;

/** The label and fields of every message of a recorded traffic, in order. */
export function normaliseTraffic(
  traffic: readonly TrafficEntry[],
  volatile: Volatile,
): GoldenMessage[] {
  const requests = new Map<string, { method: string; toolCall: string }>();
  const out: GoldenMessage[] = [];
  // A replay's updates are labelled as such: they differ from the live ones on their own.
  let replays = 0;
  let turn = "@start";
  for (const { dir, message: raw } of traffic) {
    const message = raw as Message;
    const arrow = dir === "to-agent" ? "→" : "←";
    let label: string;
    let body: Json | undefined;
    if (message.method !== undefined) {
      const toolCall = updateLabel(message.params);
      if (message.id !== undefined) {
        requests.set(`${dir}:${message.id}`, { method: message.method, toolCall });
      }
      if (dir === "to-agent") {
        if (REPLAYING.has(message.method)) replays++;
        turn = turnOf(message.method, message.params);
      }
      const replay =
        replays > 0 && message.method === "session/update" && !STATE_UPDATE.test(toolCall)
          ? " (replay)"
          : "";
      label = `${arrow} ${message.method}${toolCall}${replay}`;
      body = message.params;
    } else {
      const asked = dir === "to-agent" ? "to-client" : "to-agent";
      const request = requests.get(`${asked}:${message.id}`) ?? { method: "?", toolCall: "" };
      if (dir === "to-client" && REPLAYING.has(request.method)) replays--;
      // The client's answer goes with the tool call it is about (`threadOf`).
      const about = dir === "to-agent" ? request.toolCall.replace(/^ [a-z_]+(?= )/, "") : "";
      label = `${arrow} ${request.method} ${message.error !== undefined ? "error" : "result"}${about}`;
      body = message.error ?? message.result;
    }
    const fields = new Map<string, string>();
    flatten(body ?? null, "", fields);
    const tagged = TURN_TAGGED.test(label) && !STATE_UPDATE.test(label) && threadOf(label) === "";
    out.push({
      label,
      fields: normaliseFields(fields, volatile),
      ...(tagged ? { turn: normaliseText(turn, replacements(volatile)) } : {}),
    });
  }
  return out;
}

/**
 * Updates of the session's state (its commands, its options), sent when the state is
 * known, before or after a turn's or a load's answer as Claude Code reports it: their
 * keys name no turn and no replay.
 */
const STATE_UPDATE = / (available_commands_update|config_option_update)$/;

/** Messages whose difference keys name their turn (`GoldenMessage.turn`). */
const TURN_TAGGED = /^← session\/(update|prompt (result|error))/;

/** `@"<the prompt's text>"` for a prompt, else `@<method>`. */
function turnOf(method: string, params: Json | undefined): string {
  const prompt = isObject(params) && Array.isArray(params.prompt) ? params.prompt : undefined;
  const first = prompt?.find(isObject);
  if (method !== "session/prompt" || !first || typeof first.text !== "string") return `@${method}`;
  return `@${JSON.stringify(first.text.slice(0, 40))}`;
}

function replacements(volatile: Volatile): Array<[string, string]> {
  return Object.entries(volatile.paths).sort((a, b) => b[0].length - a[0].length);
}

/**
 * The update kind and tool call id of a `session/update`, the tool call of a request; a
 * subagent's message chunk names its subagent (`(subagent <id>)`), so that a key can tell
 * it from the main conversation's.
 */
function updateLabel(params: Json | undefined): string {
  if (!isObject(params)) return "";
  // A v2 permission request names its tool call under `subject` (v1: `toolCall`).
  const subject = isObject(params.subject) ? params.subject.toolCall : undefined;
  const toolCall = isObject(params.update) ? params.update : (subject ?? params.toolCall);
  if (!isObject(toolCall)) return "";
  const kind = isObject(params.update) ? ` ${String(params.update.sessionUpdate)}` : "";
  const id = typeof toolCall.toolCallId === "string" ? ` ${toolCall.toolCallId}` : "";
  const parent = id ? undefined : subagentOf(toolCall);
  return `${kind}${id}${parent ? ` (subagent ${parent})` : ""}`;
}

/** `_meta.claudeCode.parentToolUseId` of an update, if it is a string. */
function subagentOf(update: { [key: string]: Json }): string | undefined {
  const meta = update._meta;
  const claudeCode = isObject(meta) ? meta.claudeCode : undefined;
  const parent = isObject(claudeCode) ? claudeCode.parentToolUseId : undefined;
  return typeof parent === "string" ? parent : undefined;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The field that names each element of `items` uniquely, if there is one. */
function elementKey(items: Json[]): string | undefined {
  return ELEMENT_KEYS.find((key) => {
    const names = items.map((item) => (isObject(item) ? item[key] : undefined));
    return names.every((n) => typeof n === "string") && new Set(names).size === names.length;
  });
}

function flatten(value: Json, path: string, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, "[]");
    const key = value.length > 0 ? elementKey(value) : undefined;
    value.forEach((item, i) => {
      const name = key ? `[${key}=${String((item as Record<string, Json>)[key])}]` : `[${i}]`;
      flatten(item, `${path}${name}`, into);
    });
  } else if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) into.set(path, "{}");
    for (const key of keys) flatten(value[key]!, path ? `${path}.${key}` : key, into);
  } else {
    into.set(path, JSON.stringify(value));
  }
}

function normaliseFields(fields: Map<string, string>, volatile: Volatile): Map<string, string> {
  const replaced = replacements(volatile);
  const out = new Map<string, string>();
  for (const [rawPath, rawValue] of fields) {
    const path = normaliseText(rawPath, replaced);
    if (
      path === "sessionId" ||
      path.endsWith(".sessionId") ||
      IDENTITY_PATH.test(path) ||
      RUN_PATH.test(path)
    ) {
      out.set(path, "<volatile>");
    } else if (COUNT_PATH.test(path) && /^-?\d/.test(rawValue)) {
      out.set(path, "<number>");
    } else {
      out.set(path, normaliseText(rawValue, replaced));
    }
  }
  return out;
}

function normaliseText(text: string, replacements: Array<[string, string]>): string {
  let out = text;
  for (const [from, to] of replacements) out = out.split(from).join(to);
  return out
    .replace(UUID, "<uuid>")
    .replace(ISO_TIME, "<time>")
    .replace(MESSAGE_ID, "<msg>")
    .replace(AGENT_ID, "<agent>")
    .replace(DURATION_TEXT, "duration_ms: <ms>");
}

/**
 * The tool call a message is about (its label ends with the id); the sign-in state
 * (`_auth/status_update`: the connection's, in no session's order, sent when a probe in
 * the background ends); else "" (the rest).
 */
function threadOf(label: string): string {
  if (label.startsWith("← _auth/")) return "auth";
  return / (toolu_[A-Za-z0-9_]+(?: \(replay\))?)$/.exec(label)?.[1] ?? "";
}

/**
 * The differences between two normalised traffics: the messages of each tool call, the
 * sign-in state pushes, and the rest, aligned apart (a tool call's messages may come before or after a usage
 * report or another call's, as the adapter's reading of Claude Code's messages and
 * control requests falls), each by label (longest common subsequence); a message of one
 * side only, and for aligned messages every field only one side has or whose values
 * differ.
 */
export function compareMessages(
  ours: readonly GoldenMessage[],
  upstream: readonly GoldenMessage[],
): Difference[] {
  const threads = new Set([...ours, ...upstream].map((m) => threadOf(m.label)));
  const out: Difference[] = [];
  for (const thread of threads) {
    const inThread = (m: GoldenMessage) => threadOf(m.label) === thread;
    out.push(...compareThread(ours.filter(inThread), upstream.filter(inThread)));
  }
  return out;
}

function compareThread(
  ours: readonly GoldenMessage[],
  upstream: readonly GoldenMessage[],
): Difference[] {
  const pairs = align(
    ours.map((m) => m.label),
    upstream.map((m) => m.label),
    (i, j) => sharedFields(ours[i]!.fields, upstream[j]!.fields),
  );
  const out: Difference[] = [];
  for (const [i, j] of pairs) {
    if (j === undefined) {
      const label = ours[i!]!.label;
      out.push({ key: `${keyLabel(ours[i!]!)} | only ours`, ours: label, whole: true });
    } else if (i === undefined) {
      const label = upstream[j]!.label;
      out.push({ key: `${keyLabel(upstream[j]!)} | only upstream`, upstream: label, whole: true });
    } else {
      out.push(...compareFields(keyLabel(ours[i]!), ours[i]!.fields, upstream[j]!.fields));
    }
  }
  return out;
}

/** A message's label in a difference's key: with its turn, if it has one. */
function keyLabel(message: GoldenMessage): string {
  return message.turn === undefined ? message.label : `${message.label} ${message.turn}`;
}

function compareFields(
  label: string,
  ours: ReadonlyMap<string, string>,
  upstream: ReadonlyMap<string, string>,
): Difference[] {
  const out: Difference[] = [];
  for (const [path, value] of ours) {
    const theirs = upstream.get(path);
    if (theirs === undefined) out.push({ key: `${label} ${path} | only ours`, ours: value });
    else if (theirs !== value) {
      out.push({ key: `${label} ${path} | value`, ours: value, upstream: theirs });
    }
  }
  for (const [path, value] of upstream) {
    if (!ours.has(path)) out.push({ key: `${label} ${path} | only upstream`, upstream: value });
  }
  return out;
}

/**
 * Pairs of indexes that align `a` with `b`: equal labels only, as many pairs as possible
 * (a client's request, the agent's answer or its permission request counts as much as four
 * updates: they anchor the turns, so an update that comes before a prompt's answer or a
 * permission request on one side and after it on the other does not unpair them; the
 * client's own answers, whose timing the test
 * sets, count as half an update), and among alignments that pair as much, the one whose
 * paired messages share the most fields (`similarity`, in [0, 1)); the unmatched
 * elements of each side in between (`[i, undefined]`, `[undefined, j]`), in order.
 */
export function align(
  a: readonly string[],
  b: readonly string[],
  similarity: (i: number, j: number) => number = () => 0,
): Array<[number | undefined, number | undefined]> {
  const best: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  const weight = (label: string) =>
    ANCHOR.test(label) || PERMISSION_REQUEST.test(label) ? 4 : CLIENT_ANSWER.test(label) ? 0.5 : 1;
  const pairScore = (i: number, j: number) =>
    a[i] === b[j] ? weight(a[i]!) + similarity(i, j) : -1;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const pair = pairScore(i, j);
      best[i]![j] = Math.max(
        pair < 0 ? 0 : pair + best[i + 1]![j + 1]!,
        best[i + 1]![j]!,
        best[i]![j + 1]!,
      );
    }
  }
  const out: Array<[number | undefined, number | undefined]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const pair = pairScore(i, j);
    if (pair >= 0 && best[i]![j] === pair + best[i + 1]![j + 1]!) out.push([i++, j++]);
    else if (best[i]![j] === best[i + 1]![j]!) out.push([i++, undefined]);
    else out.push([undefined, j++]);
  }
  while (i < a.length) out.push([i++, undefined]);
  while (j < b.length) out.push([undefined, j++]);
  return out;
}

/** The share of fields two messages have with equal values, below 1. */
function sharedFields(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): number {
  let equal = 0;
  for (const [path, value] of a) if (b.get(path) === value) equal++;
  return equal / (Math.max(a.size, b.size) + 1);
}

/** One line per difference, for a failure message. */
export function describeDifferences(differences: readonly Difference[]): string {
  return differences
    .map((d) => {
      const values = [d.ours && `ours ${d.ours}`, d.upstream && `upstream ${d.upstream}`];
      return `${d.key}  (${values.filter(Boolean).join("; ").slice(0, 300)})`;
    })
    .join("\n");
}
