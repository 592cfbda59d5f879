import { agent, methods, type AgentApp } from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { AcpAgent } from "../../agent/acp-agent.js";
import { connectionClientPort, type WriteLines } from "../../client/client-port.js";
import { v2Front } from "../../extensions/compose.js";
import { toRequestError } from "../errors.js";
import { guarded } from "../guarded.js";
import { initializeResponse } from "../initialize.js";
import { mountSharedMethods } from "../shared-methods.js";

type V1Connection = Parameters<typeof connectionClientPort>[0];

const {
  PROTOCOL_V2,
  V2Connection,
  v1ClientCapabilities,
  v1Prompt,
  v1SessionParams,
  v2Commands,
  v2ConfigOptions,
  v2InitializeResponse,
  v2SessionList,
} = v2Front;

/**
 * The draft ACP v2 method table over the same agent as v1: each line parses (the ACP
 * SDK's v2 schemas), maps the params to the agent's v1 call (`extensions/v2/mapping.ts`),
 * calls it and maps the answer back. The connection's v2 state (message ids, prompt
 * states) lives in `V2Connection`; no logic lives here. All three are the v2 extension's,
 * reached through the composition (`v2Front`). The methods v1 spells alike are mounted
 * by `shared-methods.ts`.
 */
export function createAgentAppV2(service: AcpAgent, writeLines: WriteLines): AgentApp {
  const m = methods.agent;
  const v2 = new V2Connection((error) => toRequestError(error, { method: m.session.prompt }));
  return mountSharedMethods(
    agent({ name: "claude-agent-acp" })
      // The v2 connection calls the client with the same methods and arguments as v1's.
      .onConnect((connection) =>
        service.connect(
          v2.attach(connectionClientPort(connection as unknown as V1Connection, writeLines)),
        ),
      )
      .onRequest(
        m.initialize,
        guarded(m.initialize, ({ params }) =>
          service
            .initialize(v1ClientCapabilities(params.capabilities), PROTOCOL_V2)
            .then((profile) => v2InitializeResponse(initializeResponse(profile, service.options))),
        ),
      )
      .onRequest(
        m.auth.login,
        guarded(m.auth.login, ({ params }) =>
          service.login.authenticate(params.methodId, params._meta).then(empty),
        ),
      )
      .onRequest(
        m.auth.logout,
        guarded(m.auth.logout, () => service.login.logout().then(empty)),
      )
      .onRequest(
        m.session.new,
        guarded(m.session.new, async ({ params }) => {
          const answer = await service.newSession(v1SessionParams(params));
          return { sessionId: answer.sessionId, ...setupAnswer(service, answer.sessionId, answer) };
        }),
      )
      .onRequest(
        m.session.resume,
        guarded(m.session.resume, async ({ params }) => {
          const answer = params.replayFrom
            ? await v2.replaying(params.sessionId, () =>
                service.load(params.sessionId, v1SessionParams(params)),
              )
            : await service.resume(params.sessionId, v1SessionParams(params));
          await v2.send(params.sessionId, v2.prompts.snapshot(params.sessionId));
          v2.resumed(params.sessionId);
          return setupAnswer(service, params.sessionId, answer);
        }),
      )
      .onRequest(
        m.session.fork,
        guarded(m.session.fork, async ({ params }) => {
          const answer = await service.fork(params.sessionId, v1SessionParams(params));
          return { sessionId: answer.sessionId, ...setupAnswer(service, answer.sessionId, answer) };
        }),
      )
      .onRequest(
        m.session.list,
        guarded(m.session.list, async ({ params }) =>
          v2SessionList(
            await service.list({
              cwd: params.cwd ?? undefined,
              cursor: params.cursor ?? undefined,
              meta: undefined,
              archived: params.archived ?? undefined,
            }),
          ),
        ),
      )
      .onRequest(
        m.session.archive,
        guarded(m.session.archive, ({ params }) =>
          ending(v2, params.sessionId, () => service.sessionMethods.archive(params.sessionId)),
        ),
      )
      .onRequest(
        m.session.close,
        guarded(m.session.close, ({ params }) =>
          ending(v2, params.sessionId, () => service.close(params.sessionId)),
        ),
      )
      .onRequest(
        m.session.delete,
        guarded(m.session.delete, ({ params }) =>
          ending(v2, params.sessionId, () => service.delete(params.sessionId)),
        ),
      )
      .onRequest(
        m.session.prompt,
        guarded(m.session.prompt, ({ params }) => {
          service.checkSession(params.sessionId);
          const prompt = v1Prompt(params.prompt);
          return v2.prompt(params.sessionId, prompt, () =>
            service.prompt(params.sessionId, prompt),
          );
        }),
      )
      .onNotification(m.session.cancel, ({ params }) => {
        // The prompts not yet inserted end too (answered -32800), before the running one.
        v2.prompts.cancelHeld(params.sessionId);
        service.cancel(params.sessionId);
      })
      .onRequest(
        m.toolCall.cancel,
        guarded(m.toolCall.cancel, ({ params }) =>
          v2.cancel(params.sessionId, { toolCallId: params.toolCallId }, (id) =>
            service.stopToolCall(params.sessionId, id),
          ),
        ),
      )
      .onRequest(
        m.terminal.cancel,
        guarded(m.terminal.cancel, ({ params }) =>
          v2.cancel(params.sessionId, { terminalId: params.terminalId }, (id) =>
            service.stopToolCall(params.sessionId, id),
          ),
        ),
      )
      .onRequest(
        m.session.setConfigOption,
        guarded(
          m.session.setConfigOption,
          async ({ params }) =>
            // A subagent's child session answers its own (each option's one value).
            v2.childConfigs.answer(params.sessionId, params.configId, params.value) ??
            v2.configSet(
              params.sessionId,
              v2ConfigOptions(
                await service.setConfigOption(params.sessionId, params.configId, params.value),
              ),
            ),
        ),
      ),
    service,
  );
}

/**
 * A v2 setup answer (`session/new`, `resume`, `fork`) from the agent's v1 one: its
 * options, and its commands when they are known, as upstream's v2 surface answers them.
 */
function setupAnswer(
  service: AcpAgent,
  sessionId: string,
  answer: { readonly configOptions: Parameters<typeof v2ConfigOptions>[0] },
): {
  configOptions: ReturnType<typeof v2ConfigOptions>;
  availableCommands?: ReturnType<typeof v2Commands>;
} {
  const commands = service.setupCommands(sessionId);
  return {
    configOptions: v2ConfigOptions(answer.configOptions),
    ...(commands ? { availableCommands: v2Commands(commands) } : {}),
  };
}

/**
 * `session/close`, `delete`, `archive`: the prompts held behind the running one are
 * answered -32800 first, then `end` runs; the answer waits until the cancelled work went
 * idle (its idle state goes out before the answer), and the connection forgets the session.
 */
async function ending(
  v2: InstanceType<typeof V2Connection>,
  sessionId: string,
  end: () => unknown,
): Promise<Record<string, never>> {
  v2.prompts.cancelHeld(sessionId);
  await end();
  await v2.prompts.settled(sessionId);
  v2.forget(sessionId);
  return {};
}

/** The empty answer of a method that only acts. */
function empty(): Record<string, never> {
  return {};
}
