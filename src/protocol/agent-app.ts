import { randomUUID } from "node:crypto";
import { agent, methods, type AgentApp } from "@agentclientprotocol/sdk/unstable";
import { connectionClientPort, type ClientPort } from "../client/client-port.js";
import { SessionRegistry } from "../agent/session-registry.js";
import { readPassThroughOptions } from "../sdk/query-options.js";
import { Session } from "../session/session.js";
import { fromAcpPrompt, UnsupportedPromptContent } from "../translation/prompt.js";
import { parseClientProfile, PLAIN_CLIENT, type ClientProfile } from "./client-profile.js";
import { invalidParams } from "./errors.js";
import { guarded } from "./guarded.js";
import { initializeResponse } from "./initialize.js";
import { registerSessionConfig } from "./session-config-methods.js";
import { checkAdditionalDirectories, checkWorkingDirectory } from "./session-params.js";

/** Per-connection state: the negotiated client profile and the live sessions. */
export interface ConnectionState {
  profile: ClientProfile;
  readonly sessions: SessionRegistry;
  client: ClientPort | undefined;
}

/**
 * The ACP method table: each handler parses its params and delegates. Nothing here
 * knows a Claude tool name.
 */
export function createAgentApp(state: ConnectionState): AgentApp {
  const app = agent({ name: "claude-agent-acp" })
    .onConnect((connection) => {
      state.client = connectionClientPort(connection.client);
    })
    .onRequest(
      methods.agent.initialize,
      guarded(methods.agent.initialize, ({ params }) => {
        state.profile = parseClientProfile(params.clientCapabilities ?? {});
        return initializeResponse(state.profile);
      }),
    )
    .onRequest(
      methods.agent.authenticate,
      guarded(methods.agent.authenticate, ({ params }) => {
        throw invalidParams(`unknown auth method ${JSON.stringify(params.methodId)}`);
      }),
    )
    .onRequest(
      methods.agent.session.new,
      guarded(methods.agent.session.new, async ({ params }) => {
        await checkWorkingDirectory(params.cwd);
        const additionalDirectories = checkAdditionalDirectories(params.additionalDirectories);
        const session = await Session.start(
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
        state.sessions.add(session);
        setImmediate(() => session.announce());
        return {
          sessionId: session.id,
          modes: session.modes(),
          configOptions: session.configOptions(),
        };
      }),
    )
    .onRequest(
      methods.agent.session.prompt,
      guarded(methods.agent.session.prompt, async ({ params }) => {
        const session = state.sessions.get(params.sessionId);
        let content;
        try {
          content = fromAcpPrompt(params.prompt);
        } catch (error) {
          if (error instanceof UnsupportedPromptContent) throw invalidParams(error.message);
          throw error;
        }
        return session.prompt(content);
      }),
    )
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      state.sessions.find(params.sessionId)?.cancel();
    });
  return registerSessionConfig(app, state);
}

function requireClient(state: ConnectionState): ClientPort {
  if (!state.client) throw new Error("connection not ready");
  return state.client;
}

export function newConnectionState(): ConnectionState {
  return { profile: PLAIN_CLIENT, sessions: new SessionRegistry(), client: undefined };
}
