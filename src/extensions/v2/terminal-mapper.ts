import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { isRecord } from "../../util/plain-data.js";
import { V1_TERMINAL_META } from "./v1-terminal-keys.js";

/**
 * Display terminals (spec v2-display-terminals.md "The change"): the agent reports a
 * command through the terminal extension's `_meta` keys, which v2 standardises. One
 * mapper per connection turns them into v2 updates sent *before* the tool call report,
 * which then goes out without those keys:
 * - `terminal_info` → `terminal_update` naming the terminal; its `command` comes from
 *   the tool call's `rawInput` once a report carries it (a streamed tool use's first
 *   report has no input yet), so the mapper remembers each running command's terminal;
 * - `terminal_output` → `terminal_update` with a base64 `output` snapshot;
 * - `terminal_output_delta` → `terminal_output_chunk` (base64);
 * - `terminal_exit` → `terminal_update` with `exitStatus`; the terminal is forgotten.
 * A report that carried only output is dropped: its remaining `_meta` would replace the
 * tool call's stored `_meta` on v2. Terminals are also forgotten at `session/close`.
 *
 * A terminal that ended stays ended: once its tool call's final status is out, a later
 * report naming it (Claude Code's result after a refusal) loses the terminal keys, so
 * nothing re-announces it as running, cancellable, or exiting a second time.
 *
 * A running command can be stopped (`tool_call/cancel`, `terminal/cancel`: Claude Code
 * stops its task): the update naming the terminal and the tool call's report with it
 * advertise `capabilities.cancel`; the exit (or the tool call's final status) clears both.
 *
 * A command run in the background (`run_in_background`) goes on after its tool call
 * completes: the agent reports an exit when it launches (v1's terminal extension needs
 * a number), which v2 does not get; its terminal runs, and may be cancelled, until its
 * task ends (`backgroundEnded`), listed meanwhile as background work.
 */
export class TerminalMapper {
  /** Per session: tool call id → its terminal, while the command runs. */
  private readonly running = new Map<string, Map<string, Terminal>>();
  /** Per session: the tool calls whose terminal ended (until `session/close`). */
  private readonly ended = new Map<string, Set<string>>();

  /** One v2 tool call upsert → the terminal updates it implies, then the report (if any). */
  map(sessionId: string, report: ToolCallReport): v2.SessionUpdate[] {
    if (this.ended.get(sessionId)?.has(report.toolCallId)) return afterEnd(report);
    const meta = report._meta;
    const terminals = this.running.get(sessionId);
    const known = terminals?.get(report.toolCallId);
    if (known && isBackground(report.rawInput)) known.background = true;
    if (!isRecord(meta) || !TERMINAL_KEYS.some((k) => k in meta)) {
      if (!known) return [report];
      if (launched(known, report)) return [{ ...report, capabilities: null }];
      if (FINAL.has(String(report.status))) {
        // Ended without an exit (refused): nothing is left to cancel.
        this.end(sessionId, report.toolCallId);
        return [
          terminalUpdate({ terminalId: known.terminalId, capabilities: null }),
          uncancellable(known, report),
        ];
      }
      // A later report may carry the input a known terminal still needs its command from.
      const command = known.commandSent ? undefined : commandOf(report.rawInput);
      if (command === undefined) return [report];
      known.commandSent = true;
      return [terminalUpdate({ terminalId: known.terminalId, command }), report];
    }
    const out: v2.SessionUpdate[] = [];
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(meta)) if (!TERMINAL_KEYS.includes(key)) rest[key] = meta[key];

    const info = terminalIdOf(meta[V1_TERMINAL_META.info]);
    let terminal = known;
    if (info !== undefined && !terminal) {
      terminal = {
        terminalId: info,
        commandSent: false,
        background: isBackground(report.rawInput),
      };
      this.sessionTerminals(sessionId).set(report.toolCallId, terminal);
    }
    if (terminal) {
      const command = terminal.commandSent ? undefined : commandOf(report.rawInput);
      if (command !== undefined) terminal.commandSent = true;
      // The terminal is named once, when it is first reported or its command arrives.
      if (!known || command !== undefined) {
        out.push(
          terminalUpdate({
            terminalId: terminal.terminalId,
            ...(command !== undefined ? { command } : {}),
            ...(!known ? CANCELLABLE : {}),
          }),
        );
      }
    }
    const snapshot = dataOf(meta[V1_TERMINAL_META.output]);
    if (snapshot) {
      out.push(
        terminalUpdate({
          terminalId: snapshot.terminalId,
          output: { data: base64(snapshot.data) },
        }),
      );
    }
    const delta = dataOf(meta[V1_TERMINAL_META.outputDelta]);
    if (delta) {
      out.push({
        sessionUpdate: "terminal_output_chunk",
        terminalId: delta.terminalId,
        data: base64(delta.data),
      });
    }
    // A background command's tool call completed: its terminal runs on, without an exit.
    const background = terminal !== undefined && launched(terminal, report);
    const exit = background ? undefined : exitOf(meta[V1_TERMINAL_META.exit]);
    const ended =
      !background &&
      (exit !== undefined || (terminal !== undefined && FINAL.has(String(report.status))));
    if (exit) {
      out.push(
        terminalUpdate({
          terminalId: exit.terminalId,
          exitStatus: exit.exitStatus,
          ...(terminal ? { capabilities: null } : {}),
        }),
      );
    } else if (ended && terminal) {
      out.push(terminalUpdate({ terminalId: terminal.terminalId, capabilities: null }));
    }
    if (ended) this.end(sessionId, report.toolCallId);

    const { _meta: _dropped, ...fields } = report;
    // Nothing but the output (and a stamp such as the subagent's): v2 would store the stamp
    // as the tool call's whole `_meta`.
    const carriesOnlyOutput =
      (snapshot !== undefined || delta !== undefined) &&
      Object.keys(fields).every((k) => k === "toolCallId" || k === "sessionUpdate");
    const kept: ToolCallReport = {
      ...fields,
      ...(terminal && !known ? CANCELLABLE : {}),
      ...(Object.keys(rest).length > 0 ? { _meta: rest } : {}),
    };
    const stripped = terminal && (ended || background) ? uncancellable(terminal, kept) : kept;
    // Nothing left once the terminal keys went to their updates (v1's `terminal_info`
    // beside a tool response v2 leaves out): no upsert.
    const empty = Object.keys(stripped).every((k) => k === "toolCallId" || k === "sessionUpdate");
    if (!carriesOnlyOutput && !empty) out.push(stripped);
    else if (terminal && ended)
      out.push(
        uncancellable(terminal, {
          sessionUpdate: fields.sessionUpdate,
          toolCallId: fields.toolCallId,
        } as ToolCallReport),
      );
    return out;
  }

  /**
   * The tool call a cancel names, while its command runs (its terminal has not exited):
   * by the tool call's id or by its terminal's. Undefined: unknown, ended, or no command.
   */
  runningCall(
    sessionId: string,
    named: { toolCallId: string } | { terminalId: string },
  ): string | undefined {
    const terminals = this.running.get(sessionId);
    if (!terminals) return undefined;
    if ("toolCallId" in named)
      return terminals.has(named.toolCallId) ? named.toolCallId : undefined;
    for (const [toolCallId, terminal] of terminals)
      if (terminal.terminalId === named.terminalId) return toolCallId;
    return undefined;
  }

  /**
   * The task of a background command ended: its terminal's exit, as far as Claude Code
   * tells it (`exitStatus`), on the session that shows the command (a subagent's child
   * session, or the root); undefined when no running background terminal has that call.
   */
  backgroundEnded(
    toolCallId: string,
    exitStatus: v2.TerminalExitStatus,
  ): { sessionId: string; update: v2.SessionUpdate } | undefined {
    for (const [sessionId, terminals] of this.running) {
      const terminal = terminals.get(toolCallId);
      if (!terminal?.background) continue;
      this.end(sessionId, toolCallId);
      const { terminalId } = terminal;
      return { sessionId, update: terminalUpdate({ terminalId, exitStatus, capabilities: null }) };
    }
    return undefined;
  }

  /** The terminal of `toolCallId`'s command while it runs (undefined: none, or ended). */
  terminalOf(sessionId: string, toolCallId: string): string | undefined {
    return this.running.get(sessionId)?.get(toolCallId)?.terminalId;
  }

  /** The tool calls whose command runs in `sessionId`. */
  runningCalls(sessionId: string): ReadonlySet<string> {
    return new Set(this.running.get(sessionId)?.keys());
  }

  /**
   * After a replay: the commands it showed without an end (a turn that stopped while
   * one ran) do not run, so neither they nor their terminals can be cancelled. `before`:
   * the ones that ran before the replay (a live session's), which still do.
   */
  endReplayed(sessionId: string, before: ReadonlySet<string>): v2.SessionUpdate[] {
    const terminals = this.running.get(sessionId);
    const out: v2.SessionUpdate[] = [];
    for (const [toolCallId, terminal] of terminals ?? []) {
      if (before.has(toolCallId)) continue;
      this.end(sessionId, toolCallId);
      out.push(terminalUpdate({ terminalId: terminal.terminalId, capabilities: null }));
      out.push({ sessionUpdate: "tool_call_update", toolCallId, capabilities: null });
    }
    return out;
  }

  /** A client cancelled the command of `toolCallId`: its failure is reported `cancelled`. */
  cancelled(sessionId: string, toolCallId: string): void {
    const terminal = this.running.get(sessionId)?.get(toolCallId);
    if (terminal) terminal.cancelled = true;
  }

  /**
   * A replay of the session's history starts (a resume's, or its child's announced by
   * it): it reports the commands again from their start, so their terminals are named,
   * fed and exited again (as upstream's v2 replays them), ended before or not.
   */
  replayStarts(sessionId: string): void {
    this.ended.delete(sessionId);
  }

  /** The session was closed: its terminals are gone. */
  forget(sessionId: string): void {
    this.running.delete(sessionId);
    this.ended.delete(sessionId);
  }

  private end(sessionId: string, toolCallId: string): void {
    this.running.get(sessionId)?.delete(toolCallId);
    let ended = this.ended.get(sessionId);
    if (!ended) this.ended.set(sessionId, (ended = new Set()));
    ended.add(toolCallId);
  }

  private sessionTerminals(sessionId: string): Map<string, Terminal> {
    let terminals = this.running.get(sessionId);
    if (!terminals) this.running.set(sessionId, (terminals = new Map()));
    return terminals;
  }
}

/** A v2 `tool_call_update` with the `_meta` the agent gave it. */
export type ToolCallReport = v2.SessionUpdate & {
  sessionUpdate: "tool_call_update";
  toolCallId: string;
  rawInput?: unknown;
  _meta?: Record<string, unknown> | null;
};

/** A running command's tool call and terminal may be cancelled. */
const CANCELLABLE = { capabilities: { cancel: {} } } as const;

/**
 * A report on a tool call whose terminal ended: without the terminal keys (dropped if
 * nothing else is left), never cancellable again.
 */
function afterEnd(report: ToolCallReport): v2.SessionUpdate[] {
  const { _meta: meta, ...fields } = report;
  if (!isRecord(meta) || !TERMINAL_KEYS.some((k) => k in meta)) return [report];
  // Nothing but ids (and a stamp, which v2 would store as the whole `_meta`): dropped.
  if (Object.keys(fields).every((k) => k === "toolCallId" || k === "sessionUpdate")) return [];
  const rest = withoutTerminalKeys(meta);
  return [{ ...fields, ...(rest ? { _meta: rest } : {}) } as ToolCallReport];
}

/** Tool call statuses after which nothing runs. */
const FINAL = new Set(["completed", "failed", "cancelled"]);

/**
 * The report that ends a command's tool call: no cancel any more, and a command stopped
 * by a cancel (killed, so `failed`) is `cancelled`, the status v2 confirms a cancel with.
 */
function uncancellable(terminal: Terminal, report: ToolCallReport): ToolCallReport {
  const cancelled = terminal.cancelled && report.status === "failed";
  return { ...report, ...(cancelled ? { status: "cancelled" } : {}), capabilities: null };
}

interface Terminal {
  readonly terminalId: string;
  commandSent: boolean;
  /** Run in the background: the command outlives its tool call. */
  background: boolean;
  /** A client cancelled it (`cancelled`). */
  cancelled?: boolean;
}

const TERMINAL_KEYS: readonly string[] = [
  V1_TERMINAL_META.info,
  V1_TERMINAL_META.output,
  V1_TERMINAL_META.outputDelta,
  V1_TERMINAL_META.exit,
];

/**
 * `_meta` without the terminal extension's keys (undefined when nothing else is left):
 * on v2 a tool call names its terminal only in its `{type: "terminal"}` content, as in
 * a permission request's subject.
 */
export function withoutTerminalKeys(
  meta: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  if (!meta) return undefined;
  const rest: Record<string, unknown> = {};
  let kept = false;
  for (const key of Object.keys(meta)) {
    if (TERMINAL_KEYS.includes(key)) continue;
    rest[key] = meta[key];
    kept = true;
  }
  return kept ? rest : undefined;
}

function terminalUpdate(fields: Omit<v2.TerminalUpdate, "_meta">): v2.SessionUpdate {
  return { sessionUpdate: "terminal_update", ...fields };
}

/** The terminal id of a `terminal_info` / `terminal_output` `_meta` value. */
export function terminalIdOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.terminal_id === "string" ? value.terminal_id : undefined;
}

function dataOf(value: unknown): { terminalId: string; data: string } | undefined {
  const terminalId = terminalIdOf(value);
  return terminalId !== undefined && isRecord(value) && typeof value.data === "string"
    ? { terminalId, data: value.data }
    : undefined;
}

function exitOf(
  value: unknown,
): { terminalId: string; exitStatus: v2.TerminalExitStatus } | undefined {
  const terminalId = terminalIdOf(value);
  if (terminalId === undefined || !isRecord(value)) return undefined;
  const exitStatus: v2.TerminalExitStatus = {};
  if (typeof value.exit_code === "number") exitStatus.exitCode = value.exit_code;
  if (typeof value.signal === "string") exitStatus.signal = value.signal;
  return { terminalId, exitStatus };
}

function isBackground(rawInput: unknown): boolean {
  return isRecord(rawInput) && rawInput.run_in_background === true;
}

/** The report of a background command's launch: its tool call completed, it runs on. */
function launched(terminal: Terminal, report: ToolCallReport): boolean {
  return terminal.background && report.status === "completed";
}

export function commandOf(rawInput: unknown): string | undefined {
  return isRecord(rawInput) && typeof rawInput.command === "string" ? rawInput.command : undefined;
}

function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}
