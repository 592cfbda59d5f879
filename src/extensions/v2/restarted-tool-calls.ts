import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";

/** The fields of a v2 tool call besides `toolCallId`, `capabilities` and `_meta`. */
const TOOL_CALL_FIELDS = [
  "name",
  "title",
  "kind",
  "status",
  "content",
  "locations",
  "rawInput",
  "rawOutput",
] as const;

/** How many tool calls a connection remembers having reported (the oldest go first). */
const REMEMBERED = 4096;

type Report = v2.SessionUpdate & { toolCallId: string; _meta?: unknown };

/**
 * A v1 `tool_call` starts a tool call afresh, but v2 has only the upsert, which keeps
 * every field a report leaves out (the schema's `ToolCallUpdate`: "omitted fields leave
 * the existing tool call value unchanged, `null` clears or unsets the value"). When the
 * client may already hold the id (a replay: it may have shown the session before; or a
 * second start on this connection), the start sets `null` for each field it leaves out,
 * so a replayed call does not keep, say, the live run's `rawOutput`, as upstream's v2
 * surface does. A replayed start of a call this connection never reported also clears
 * the client's `_meta` (`_meta: null`; what the report carries goes in a second upsert,
 * as an object only patches it).
 *
 * Plain state, no I/O: the tool calls reported, per session.
 */
export class RestartedToolCalls {
  /** `<session> <tool call>`, oldest first. */
  private readonly reported = new Set<string>();

  /**
   * The reports to send for `report`, the v2 form of a v1 report (`starts`: a v1
   * `tool_call`) of `sessionId`, sent during a replay when `replaying`.
   */
  reports(sessionId: string, report: Report, starts: boolean, replaying: boolean): Report[] {
    const key = `${sessionId} ${report.toolCallId}`;
    const seen = this.reported.has(key);
    this.remember(key);
    if (!starts || (!replaying && !seen)) return [report];
    // Each field, cleared unless the report sets it.
    const reset = Object.fromEntries(TOOL_CALL_FIELDS.map((field) => [field, null]));
    const restarted = { ...reset, ...report } as Report;
    if (seen) return [restarted];
    const { _meta: meta, ...fields } = restarted;
    const cleared = { ...fields, _meta: null } as Report;
    if (meta === undefined || meta === null) return [cleared];
    const patch = { sessionUpdate: "tool_call_update", toolCallId: report.toolCallId, _meta: meta };
    return [cleared, patch as Report];
  }

  /** The session was closed or deleted: a later replay of it restarts each call afresh. */
  forget(sessionId: string): void {
    for (const key of [...this.reported.keys()])
      if (key.startsWith(`${sessionId} `)) this.reported.delete(key);
  }

  private remember(key: string): void {
    this.reported.delete(key);
    this.reported.add(key);
    if (this.reported.size > REMEMBERED) this.reported.delete(this.reported.values().next().value!);
  }
}
