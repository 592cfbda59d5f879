/**
 * Frozen goldens of our own traffic (`test/scenarios/frozen-goldens.test.ts`): a recorded
 * conversation, both ways, made independent of the run (`freezeTraffic`), one JSON message
 * a line with sorted keys, compared with a committed file (`compareFrozen`). Pure: no I/O.
 *
 * The rules, in the order they apply:
 *  1. Order (`orderTraffic`): the traffic as the client saw and wrote it, except that
 *     (a) the client's answer to an agent request comes right after that request;
 *     (b) Claude Code's predicted next prompt comes after the answer of the prompt it
 *     arrived during. Each is a race between two sources the adapter does not order.
 *     (c) The sign-in state (`_auth/status_update`) is not a line: it comes from a probe
 *     that runs at the lowest priority with a time limit, so on a busy machine it comes
 *     anywhere, or not at all. `connectionNotifications` gives it to the test, which
 *     checks it apart. Nothing else is left out but `jsonrpc`.
 *  2. Shape: `jsonrpc` dropped (always "2.0"); `dir` says which way (`to-agent`,
 *     `to-client`); the JSON-RPC ids stay (they pair a request with its answer).
 *  3. Run-specific strings (`Normaliser.text`): the scenario's paths and the model server's
 *     address (the `literals` of the context, longest first); ids numbered by first
 *     appearance, so that "the same id again" stays visible: session ids (`<session-N>`:
 *     every string at a `sessionId` or `…SessionId` key, in text too (they are uuids),
 *     and the child sessions' `subagent-…`), other uuids (`<uuid-N>`), subagent ids
 *     (`<agent-N>`), random model message ids (`<msg-N>`); ISO times (`<time>`); a
 *     duration written in text (`duration_ms: <duration>`).
 *  4. Run-specific values by key (`VOLATILE_KEYS`): durations (`<duration>`), epoch and
 *     `…At` times (`<time>`), and by path the adapter's own version (`<adapter-version>`).
 *     Token counts and costs are kept: the scripted model's usage is fixed, so a change
 *     there is a change in what the adapter reports.
 *  5. Keys sorted at every depth.
 */
import type { TrafficEntry } from "./acp-harness.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Message = { id?: unknown; method?: unknown; params?: unknown; result?: unknown };

/** Run-specific literal strings (a temp folder, a port) and what they become. */
export interface FreezeContext {
  readonly literals: Readonly<Record<string, string>>;
}

const messageOf = (entry: TrafficEntry) => entry.message as Message;

/** A request: `method` and `id`. */
const isRequest = (entry: TrafficEntry, dir: TrafficEntry["dir"]) =>
  entry.dir === dir && messageOf(entry).method !== undefined && messageOf(entry).id !== undefined;

/** An answer (result or error): `id`, no `method`. */
const isAnswer = (entry: TrafficEntry, dir: TrafficEntry["dir"]) =>
  entry.dir === dir && messageOf(entry).method === undefined && messageOf(entry).id !== undefined;

/**
 * Notifications of the connection, not of a session, sent when something in the
 * background ends: `_auth/status_update` (the sign-in probe the adapter starts at
 * `initialize`, again at a prompt's end while it knows nothing) falls anywhere, or never.
 */
const CONNECTION_NOTIFICATIONS = new Set(["_auth/status_update"]);

function isConnectionNotification(entry: TrafficEntry): boolean {
  const m = messageOf(entry);
  return (
    entry.dir === "to-client" &&
    m.id === undefined &&
    typeof m.method === "string" &&
    CONNECTION_NOTIFICATIONS.has(m.method)
  );
}

/** Rule 1c: the connection's notifications, in order, for the test to check apart. */
export function connectionNotifications(traffic: readonly TrafficEntry[]): unknown[] {
  return traffic.filter(isConnectionNotification).map((entry) => {
    const { jsonrpc: _jsonrpc, ...rest } = entry.message as JsonObject;
    return rest;
  });
}

/**
 * Claude Code's predicted next prompt: a `session_info_update` whose
 * `_meta.promptSuggestions` lists a suggestion. Claude Code asks for it after a turn's
 * `result`, while the adapter finishes the turn (the title, a file-change report) before
 * it answers the prompt: which of the two reaches the client first is a race.
 */
function isPrediction(entry: TrafficEntry): boolean {
  const m = messageOf(entry);
  if (entry.dir !== "to-client" || m.method !== "session/update") return false;
  const update = (m.params as { update?: { sessionUpdate?: unknown; _meta?: unknown } })?.update;
  const meta = update?._meta as { promptSuggestions?: { suggestions?: unknown[] } } | undefined;
  return (
    update?.sessionUpdate === "session_info_update" &&
    (meta?.promptSuggestions?.suggestions?.length ?? 0) > 0
  );
}

/**
 * Rule 1: the traffic in an order that does not depend on the run's timing, without the
 * connection's notifications (1c).
 */
export function orderTraffic(traffic: readonly TrafficEntry[]): TrafficEntry[] {
  // (a) The test answers an agent request at once, but whether its answer is written
  // before or after the agent's next messages (already on their way) is timing.
  const clientAnswers = new Map<string, TrafficEntry>();
  for (const entry of traffic) {
    if (isAnswer(entry, "to-agent")) clientAnswers.set(String(messageOf(entry).id), entry);
  }
  const openPrompts = new Set<string>();
  let held: TrafficEntry[] = [];
  const out: TrafficEntry[] = [];
  for (const entry of traffic) {
    if (isAnswer(entry, "to-agent") || isConnectionNotification(entry)) continue;
    const m = messageOf(entry);
    // (b) A prediction that arrives while a prompt is open waits for that prompt's answer.
    if (openPrompts.size > 0 && isPrediction(entry)) {
      held.push(entry);
      continue;
    }
    out.push(entry);
    if (isRequest(entry, "to-agent") && m.method === "session/prompt") {
      openPrompts.add(String(m.id));
    } else if (isAnswer(entry, "to-client") && openPrompts.delete(String(m.id))) {
      out.push(...held);
      held = [];
    } else if (isRequest(entry, "to-client")) {
      const answer = clientAnswers.get(String(m.id));
      clientAnswers.delete(String(m.id));
      if (answer) out.push(answer);
    }
  }
  // What is left (an answer to no recorded request, a prediction of an unanswered prompt:
  // none is expected) goes at the end, never lost.
  out.push(...held, ...clientAnswers.values());
  return out;
}

/** Placeholders for ids, numbered by first appearance (`<session-1>`, `<uuid-2>`). */
const ID_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  // A subagent's child session (RFD and v2), before the UUID rule could take part of it.
  ["session", /\bsubagent-[0-9a-f]{32}\b/g],
  ["uuid", /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g],
  // A subagent's id (Claude Code's agent id), also inside text.
  ["agent", /\ba[0-9a-f]{16}\b/g],
  // The model server's random message ids (every scripted turn names its own).
  ["msg", /\bmsg_[A-Za-z0-9_-]{16}\b/g],
];

/** Keys whose string value is a session id: its uuid is numbered as a session. */
const SESSION_KEY = /^(sessionId|[a-zA-Z]+SessionId)$/;

/** Rule 4: values that change from run to run, by key (a number or a string). */
const VOLATILE_KEYS: ReadonlyArray<[RegExp, string]> = [
  [/^([a-zA-Z]*[dD]uration[a-zA-Z]*|duration_(api_)?ms|elapsed[a-zA-Z]*)$/, "<duration>"],
  [/^([a-zA-Z]*At|[a-zA-Z]*Epoch[a-zA-Z]*|timestamp)$/, "<time>"],
];
/**
 * Rule 4, by path: the adapter's version in the `initialize` answer (`agentInfo` in v1,
 * `info` in v2), which changes with every release, not with the adapter's behaviour.
 */
const VOLATILE_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^result\.(agentInfo|info)\.version$/, "<adapter-version>"],
];

const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/** A duration inside text: Claude Code's subagent hand-back ends with `duration_ms: 353`. */
const TEXT_DURATION = /\b(duration_ms|durationMs)(["']?\s*[:=]\s*)\d+/g;

/** Rule 3: the run-specific strings of one traffic, replaced consistently. */
class Normaliser {
  private readonly numbered = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private readonly literals: Array<[string, string]>;

  constructor(context: FreezeContext) {
    // Longest first: the workspace before the scenario root that holds it.
    this.literals = Object.entries(context.literals).sort((a, b) => b[0].length - a[0].length);
  }

  /** Numbers `id` as a `kind` the first time it is seen. */
  private number(kind: string, id: string): string {
    let name = this.numbered.get(id);
    if (name === undefined) {
      const n = (this.counts.get(kind) ?? 0) + 1;
      this.counts.set(kind, n);
      name = `<${kind}-${n}>`;
      this.numbered.set(id, name);
    }
    return name;
  }

  /**
   * Numbers every session id of `value` (a string at a `SESSION_KEY`), in the order the
   * normaliser reads it, before any text is read: a session's uuid then becomes
   * `<session-N>` wherever it appears (a transcript path), not `<uuid-N>`.
   */
  noteSessions(value: Json, key?: string): void {
    if (typeof value === "string" && key !== undefined && SESSION_KEY.test(key)) {
      this.number("session", value);
    } else if (Array.isArray(value)) {
      for (const item of value) this.noteSessions(item);
    } else if (value !== null && typeof value === "object") {
      for (const k of Object.keys(value).sort()) this.noteSessions(value[k]!, k);
    }
  }

  text(value: string): string {
    let out = value;
    for (const [from, to] of this.literals) out = out.split(from).join(to);
    for (const [kind, pattern] of ID_PATTERNS) {
      out = out.replace(pattern, (id) => this.number(kind, id));
    }
    return out.replace(ISO_TIME, "<time>").replace(TEXT_DURATION, "$1$2<duration>");
  }

  /** `value` (at `path`, its keys joined with dots) with rules 3 to 5 applied. */
  value(value: Json, path = ""): Json {
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) return value.map((item, i) => this.value(item, `${path}[${i}]`));
    if (value !== null && typeof value === "object") {
      const out: JsonObject = {};
      // Rule 5: keys sorted, so that a reordering of fields is not a difference.
      for (const key of Object.keys(value).sort()) {
        const v = value[key]!;
        const at = path ? `${path}.${key}` : key;
        const volatile =
          VOLATILE_PATHS.find(([pattern]) => pattern.test(at)) ??
          VOLATILE_KEYS.find(([pattern]) => pattern.test(key));
        const scalar = typeof v === "number" || typeof v === "string";
        const session = SESSION_KEY.test(key) && typeof v === "string" && this.numbered.get(v);
        out[this.text(key)] = session || (volatile && scalar ? volatile[1] : this.value(v, at));
      }
      return out;
    }
    return value;
  }
}

/** The frozen form of a recorded traffic: one JSON line per message, in order. */
export function freezeTraffic(traffic: readonly TrafficEntry[], context: FreezeContext): string[] {
  const normaliser = new Normaliser(context);
  const messages = orderTraffic(traffic).map(({ dir, message }) => {
    const { jsonrpc: _jsonrpc, ...rest } = message as JsonObject;
    return { dir, ...rest } as JsonObject;
  });
  for (const message of messages) normaliser.noteSessions(message);
  return messages.map((message) => JSON.stringify(normaliser.value(message)));
}

/**
 * `undefined` when `actual` equals `expected`; else a message naming `file`, the first
 * differing line with `context` lines before it, and both versions of that line.
 */
export function compareFrozen(
  actual: readonly string[],
  expected: readonly string[],
  file: string,
  context = 3,
): string | undefined {
  const length = Math.max(actual.length, expected.length);
  let at = 0;
  while (at < length && actual[at] === expected[at]) at++;
  if (at === length) return undefined;
  const before = expected
    .slice(Math.max(0, at - context), at)
    .map((line, i) => `  ${at - Math.min(at, context) + i + 1}: ${line}`);
  const show = (line: string | undefined) => (line === undefined ? "(no line)" : line);
  return [
    `${file} differs from this run at line ${at + 1} (of ${expected.length} frozen, ${actual.length} now).`,
    `Update it with \`npm run golden:update\` if the change is intended (a reviewer reads the diff).`,
    ...(before.length > 0 ? ["context:", ...before] : []),
    `- frozen: ${show(expected[at])}`,
    `+ now:    ${show(actual[at])}`,
    ...(fieldDifference(expected[at], actual[at]) ?? []),
  ].join("\n");
}

/** The first field path whose value differs between two lines, when both are JSON objects. */
function fieldDifference(a: string | undefined, b: string | undefined): string[] | undefined {
  if (a === undefined || b === undefined) return undefined;
  const path = firstDifference(JSON.parse(a) as Json, JSON.parse(b) as Json, "");
  return path === undefined
    ? undefined
    : [
        `first differing field: ${path.path || "(whole)"}`,
        `  frozen: ${path.a}`,
        `  now:    ${path.b}`,
      ];
}

function firstDifference(
  a: Json | undefined,
  b: Json | undefined,
  path: string,
): { path: string; a: string; b: string } | undefined {
  const bothObjects =
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    const [sa, sb] = [JSON.stringify(a) ?? "(absent)", JSON.stringify(b) ?? "(absent)"];
    return sa === sb ? undefined : { path, a: sa, b: sb };
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, Json>)[key],
      (b as Record<string, Json>)[key],
      Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
    );
    if (found) return found;
  }
  return undefined;
}
