import {
  methods,
  type AgentContext,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
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
  requestPermission(
    params: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse>;
  elicit(params: CreateElicitationRequest, signal: AbortSignal): Promise<CreateElicitationResponse>;
  /** An extension notification (`_auth/status_update`, ...). */
  notify(method: string, params: unknown): Promise<void>;
}

export function connectionClientPort(client: AgentContext): ClientPort {
  return {
    sessionUpdate: (sessionId, update) =>
      client.notify(methods.client.session.update, { sessionId, update }),
    requestPermission: (params, signal) =>
      client.request(methods.client.session.requestPermission, params, {
        cancellationSignal: signal,
        // A client that ignores the cancellation must not block the turn.
        stopWaitingOnCancel: true,
      }),
    notify: (method, params) => client.notify(method, params),
    elicit: (params, signal) =>
      client.request(methods.client.elicitation.create, params, {
        cancellationSignal: signal,
        stopWaitingOnCancel: true,
      }),
  };
}
