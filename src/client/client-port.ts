import {
  methods,
  type AgentContext,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  type PromptResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionUpdate,
} from "@agentclientprotocol/sdk/unstable";

/**
 * The narrow outbound port a session uses to talk to its ACP client. Tests and the
 * benchmark can record what goes through it; only this file touches the connection.
 */
export interface ClientPort {
  sessionUpdate(sessionId: string, update: SessionUpdate): Promise<void>;
  /**
   * Many updates of one session, in order, after every notification sent before (a
   * load's replay). Resolves once the transport can take more.
   */
  sessionUpdates(sessionId: string, updates: readonly SessionUpdate[]): Promise<void>;
  requestPermission(
    params: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse>;
  elicit(params: CreateElicitationRequest, signal: AbortSignal): Promise<CreateElicitationResponse>;
  /** An extension notification (`_auth/status_update`, ...). */
  notify(method: string, params: unknown): Promise<void>;
  /**
   * Claude Code began or ended a cycle of its own (no prompt asked for it: a follow-up
   * after background work, the idle compaction), in its place among the session's
   * updates. Only a port whose protocol reports such work has it (ACP v2's
   * `state_update`); v1 has no word for it, and its wire stays as it is.
   */
  cycle?(sessionId: string, event: CycleEvent): void;
  /**
   * One of Claude Code's tasks (a command, a subagent, a monitor...) started, moved to
   * the background or ended, in its place among the session's updates. Like `cycle`,
   * only a port whose protocol lists background work has it (ACP v2).
   */
  task?(sessionId: string, event: TaskEvent): void;
}

/** A change of one of Claude Code's tasks, as `ClientPort.task` hears it. */
export type TaskEvent =
  | {
      readonly kind: "started";
      readonly taskId: string;
      /** The tool call that runs it (a Bash command's, an Agent call's). */
      readonly toolCallId?: string;
      /** Claude Code's task type: `local_bash`, `local_agent`, `monitor`... */
      readonly taskType?: string;
      /** It runs apart from the turn (not blocking its tool call). */
      readonly background: boolean;
      readonly description?: string;
      /** The child session of a subagent's task (native child sessions). */
      readonly childSessionId?: string;
    }
  | { readonly kind: "to_background"; readonly taskId: string }
  | {
      readonly kind: "ended";
      readonly taskId: string;
      readonly status: "completed" | "failed" | "stopped";
    }
  /** Claude Code was replaced: its tasks ended with it. */
  | { readonly kind: "reset" };

/** The start or the end of Claude Code's own cycle: its answer, or its failure. */
export type CycleEvent =
  | { readonly kind: "started" }
  | { readonly kind: "ended"; readonly response: PromptResponse }
  | { readonly kind: "failed"; readonly error: unknown };

/** Hands NDJSON text (whole lines) to the transport; resolves when it can take more. */
export type WriteLines = (text: string) => Promise<void>;

/**
 * `connection`: the ACP SDK's side; `writeLines`: the transport the connection writes to.
 * Batches of updates are written to the transport directly: the SDK chains every
 * message it sends on a promise queue (four promises a message), which for a
 * 10,000-message replay measured ~40 ms more CPU and ~20 ms later answers. A batch
 * waits for the notifications queued in the SDK before it, so it overtakes none.
 */
export function connectionClientPort(
  connection: { readonly client: AgentContext; readonly signal: AbortSignal },
  writeLines: WriteLines,
): ClientPort {
  const { client, signal } = connection;
  // The last notification handed to the SDK; its caller handles its failure. Not a
  // `.catch` per notification: that was a promise and a closure per streamed delta.
  let queued: Promise<unknown> = Promise.resolve();
  const notify = (method: string, params: unknown): Promise<void> =>
    (queued = client.notify(method, params)) as Promise<void>;
  return {
    sessionUpdate: (sessionId, update) =>
      notify(methods.client.session.update, { sessionId, update }),
    sessionUpdates: async (sessionId, updates) => {
      await queued.then(ignore, ignore);
      if (signal.aborted) throw new Error("ACP connection closed");
      await writeLines(sessionUpdateLines(sessionId, updates));
    },
    requestPermission: (params, signal) =>
      client.request(methods.client.session.requestPermission, params, {
        cancellationSignal: signal,
        // A client that ignores the cancellation must not block the turn.
        stopWaitingOnCancel: true,
      }),
    notify,
    elicit: (params, signal) =>
      client.request(methods.client.elicitation.create, params, {
        cancellationSignal: signal,
        stopWaitingOnCancel: true,
      }),
  };
}

/**
 * `session/update` notifications as NDJSON, one line each: the same text as
 * `JSON.stringify` of each whole message, with the envelope around the update written
 * once for the batch. A load's replay sends ~10,000 of them; serialising one object per
 * update (and handing each line to the transport on its own) measured ~8 ms more for a
 * 20 MB history.
 */
export function sessionUpdateLines(sessionId: string, updates: readonly SessionUpdate[]): string {
  const open = `{"jsonrpc":"2.0","method":${JSON.stringify(methods.client.session.update)},"params":{"sessionId":${JSON.stringify(sessionId)},"update":`;
  let text = "";
  for (let i = 0; i < updates.length; i++) text += `${open}${JSON.stringify(updates[i])}}}\n`;
  return text;
}

function ignore(): void {}
