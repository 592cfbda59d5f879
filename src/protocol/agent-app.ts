import { randomUUID } from "node:crypto";
import { agent, methods, type AgentApp } from "@agentclientprotocol/sdk/unstable";
import { connectionClientPort, type ClientPort, type WriteLines } from "../client/client-port.js";
import type { AgentOptions } from "../agent/agent-options.js";
import { AuthTracker } from "../agent/auth-tracker.js";
import { SessionRegistry } from "../agent/session-registry.js";
import { LOGIN_METHOD_IDS } from "../translation/auth.js";
import { readPassThroughOptions } from "../sdk/query-options.js";
import { Session } from "../session/session.js";
import { fromAcpPrompt, UnsupportedPromptContent } from "../translation/prompt.js";
import { parseClientProfile, PLAIN_CLIENT, type ClientProfile } from "./client-profile.js";
import { invalidParams } from "./errors.js";
import { guarded } from "./guarded.js";
import { initializeResponse } from "./initialize.js";
import { registerLogout } from "./logout-method.js";
import { registerSessionConfig } from "./session-config-methods.js";
import { registerSessionHistory } from "./session-history.js";
import { checkAdditionalDirectories, checkWorkingDirectory } from "./session-params.js";
import { refuseSubscription } from "./subscription-guard.js";

/** Per-connection state: the negotiated client profile and the live sessions. */
export interface ConnectionState {
  profile: ClientProfile;
  readonly sessions: SessionRegistry;
  client: ClientPort | undefined;
  auth: AuthTracker | undefined;
  readonly options: AgentOptions;
}

/**
 * The ACP method table: each handler parses its params and delegates. Nothing here
 * knows a Claude tool name. `writeLines`: the transport the connection writes to.
 */
export function createAgentApp(state: ConnectionState, writeLines: WriteLines): AgentApp {
  const app = agent({ name: "claude-agent-acp" })
    .onConnect((connection) => {
      const client = connectionClientPort(connection, writeLines);
      state.client = client;
      state.auth = new AuthTracker((method, params) => client.notify(method, params));
    })
    .onRequest(
      methods.agent.initialize,
      guarded(methods.agent.initialize, ({ params }) => {
        state.profile = parseClientProfile(params.clientCapabilities ?? {});
        // The login state is probed in the background: it never delays initialize.
        state.auth?.refreshSoon();
        return initializeResponse(state.profile, state.options);
      }),
    )
    .onRequest(
      methods.agent.authenticate,
      guarded(methods.agent.authenticate, async ({ params }) => {
        // A terminal login ran in the client; all that is left is to read the new state.
        if (!LOGIN_METHOD_IDS.has(params.methodId)) {
          throw invalidParams(`unknown auth method ${JSON.stringify(params.methodId)}`);
        }
        await state.auth?.refresh(true);
        return {};
      }),
    )
    .onRequest(
      methods.agent.session.new,
      guarded(methods.agent.session.new, async ({ params }) => {
        await checkWorkingDirectory(params.cwd);
        const additionalDirectories = checkAdditionalDirectories(params.additionalDirectories);
        const starting = Session.start(
          {
            sessionId: randomUUID(),
            cwd: params.cwd,
            additionalDirectories,
            mcpServers: params.mcpServers,
            passThrough: readPassThroughOptions(params._meta),
          },
          requireClient(state),
          state.profile,
        );
        // Until its Claude Code is up, also after an answer from the cached model list.
        state.auth?.starting(starting.then((session) => session.up));
        const session = await starting;
        state.sessions.add(session);
        setImmediate(() => void session.announce());
        return {
          sessionId: session.id,
          modes: session.modes(),
          configOptions: session.configOptions(),
        };
      }),
    )
    .onRequest(
      methods.agent.session.prompt,
      guarded(methods.agent.session.prompt, async ({ params, signal }) => {
        const session = state.sessions.get(params.sessionId);
        // (Only with the flag: an await here would let a cancel overtake the prompt.)
        if (state.options.hideClaudeAuth) await refuseSubscription(state.options, state.auth);
        // `$/cancel_request` for this prompt cancels its turn, like session/cancel.
        signal.addEventListener("abort", () => session.cancel(), { once: true });
        let content;
        try {
          content = fromAcpPrompt(params.prompt);
        } catch (error) {
          if (error instanceof UnsupportedPromptContent) throw invalidParams(error.message);
          throw error;
        }
        return session.prompt(content).catch((error: unknown) => {
          // A prompt that found no credentials: the login state may have changed.
          if ((error as { code?: unknown }).code === -32000) void state.auth?.refresh();
          throw error;
        });
      }),
    )
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      state.sessions.find(params.sessionId)?.cancel();
    });
  return registerLogout(registerSessionHistory(registerSessionConfig(app, state), state), state);
}

function requireClient(state: ConnectionState): ClientPort {
  if (!state.client) throw new Error("connection not ready");
  return state.client;
}

export function newConnectionState(options: AgentOptions = {}): ConnectionState {
  return {
    options,
    profile: PLAIN_CLIENT,
    sessions: new SessionRegistry(),
    client: undefined,
    auth: undefined,
  };
}
