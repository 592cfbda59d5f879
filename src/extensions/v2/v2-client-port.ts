import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { ClientPort } from "../../client/client-port.js";
import { v2ChildState, v2Update } from "./mapping.js";
import { v2PermissionRequest } from "./permission-request.js";
import type { MessageIds } from "./message-ids.js";
import type { Replays } from "./replays.js";
import type { RestartedToolCalls } from "./restarted-tool-calls.js";
import type { TerminalMapper, ToolCallReport } from "./terminal-mapper.js";

/** A child session was announced on its parent (its first `subagent_update`). */
export type ChildAnnounced = (childSessionId: string, parentSessionId: string) => void;

/** The outbound port of a v2 connection, plus what only v2 sends (`state_update`, ...). */
export interface V2ClientPort extends ClientPort {
  sendV2(sessionId: string, update: v2.SessionUpdate): Promise<void>;
}

const CHUNKS = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);

/**
 * The agent speaks v1 to its port; on a v2 connection each update and permission
 * request passes through `mapping.ts` on its way out. `inner`: the port over the v2
 * connection (the same method names on the wire: `session/update`,
 * `session/request_permission`, `elicitation/create`). An update with no v2 form is
 * not sent. A child's state, announced on its parent, also goes to the child session as
 * its own `state_update`, right after (during a replay, held: `Replays`). A replayed
 * message chunk is preceded by its message's clearing upsert (`Replays.clear`); a tool
 * call the client may hold already is started afresh (`RestartedToolCalls`).
 */
export function v2ClientPort(
  inner: ClientPort,
  ids: MessageIds,
  terminals: TerminalMapper,
  childAnnounced: ChildAnnounced,
  replays: Replays,
  restarted: RestartedToolCalls,
): V2ClientPort {
  const map = (sessionId: string, update: v1.SessionUpdate): v2.SessionUpdate[] => {
    if (!CHUNKS.has(update.sessionUpdate)) ids.interrupt(sessionId);
    const mapped = v2Update(update, (kind, given) => ids.of(sessionId, kind, given));
    if (!mapped) return [];
    if (mapped.sessionUpdate === "tool_call_update") {
      const report = mapped as ToolCallReport;
      const replaying = replays.replaying(sessionId);
      const starts = update.sessionUpdate === "tool_call";
      const reports = terminals
        .map(sessionId, report)
        .flatMap((one) =>
          isReportOf(one, report.toolCallId)
            ? restarted.reports(sessionId, one as ToolCallReport, starts, replaying)
            : [one],
        );
      return replaying ? reports.map(withoutCapabilities) : reports;
    }
    if (mapped.sessionUpdate === "subagent_update") {
      const now = replays.mirror(mapped);
      return now ? [now] : [];
    }
    const clear = replays.clear(sessionId, mapped);
    return clear ? [clear, mapped] : [mapped];
  };
  /** A child's own state, after its parent's copy: unless a replay holds it. */
  const childState = (update: v1.SessionUpdate, parentSessionId: string) => {
    const child = v2ChildState(update);
    if (!child) return undefined;
    childAnnounced(child.sessionId, parentSessionId);
    if (replays.childAnnounced(child.sessionId, parentSessionId))
      terminals.replayStarts(child.sessionId);
    return replays.holdChildState(child.sessionId, child.update) ? undefined : child;
  };
  // The wire methods are shared; only the shapes differ, and those are v2's here.
  const asSent = (update: v2.SessionUpdate): v1.SessionUpdate =>
    update as unknown as v1.SessionUpdate;
  return {
    sessionUpdate: (sessionId, update) => {
      // One notification each, queued in order now (a batch would be written apart).
      const sent = map(sessionId, update).map((one) => inner.sessionUpdate(sessionId, asSent(one)));
      const child = childState(update, sessionId);
      if (child) sent.push(inner.sessionUpdate(child.sessionId, asSent(child.update)));
      return sent.length === 1 ? sent[0]! : Promise.all(sent).then(() => undefined);
    },
    sessionUpdates: (sessionId, updates) => {
      // Runs of one session's updates, in order: a child's state splits the batch.
      const runs: Array<{ sessionId: string; updates: v1.SessionUpdate[] }> = [];
      const add = (target: string, one: v2.SessionUpdate) => {
        const last = runs[runs.length - 1];
        if (last && last.sessionId === target) last.updates.push(asSent(one));
        else runs.push({ sessionId: target, updates: [asSent(one)] });
      };
      for (let i = 0; i < updates.length; i++) {
        const some = map(sessionId, updates[i]!);
        for (let j = 0; j < some.length; j++) add(sessionId, some[j]!);
        const child = childState(updates[i]!, sessionId);
        if (child) add(child.sessionId, child.update);
      }
      return Promise.all(runs.map((run) => inner.sessionUpdates(run.sessionId, run.updates))).then(
        () => undefined,
      );
    },
    requestPermission: (params, signal) =>
      inner.requestPermission(
        v2PermissionRequest(params) as unknown as v1.RequestPermissionRequest,
        signal,
      ),
    elicit: (params, signal) => inner.elicit(params, signal),
    notify: (method, params) => inner.notify(method, params),
    sendV2: (sessionId, update) => inner.sessionUpdate(sessionId, asSent(update)),
  };
}

function isReportOf(update: v2.SessionUpdate, toolCallId: string): boolean {
  return (
    update.sessionUpdate === "tool_call_update" &&
    (update as { toolCallId?: unknown }).toolCallId === toolCallId
  );
}

/**
 * A replayed report, without `capabilities`: a replayed command is past work, which
 * `tool_call/cancel` cannot stop (its terminal ends with the replay, `endReplayed`).
 */
function withoutCapabilities(update: v2.SessionUpdate): v2.SessionUpdate {
  if (!("capabilities" in update)) return update;
  const { capabilities: _past, ...rest } = update as v2.SessionUpdate & { capabilities?: unknown };
  return rest as v2.SessionUpdate;
}
