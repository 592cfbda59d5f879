import { agent, methods, type AgentApp } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import type { AcpAgent } from "../agent/acp-agent.js";
import { connectionClientPort, type WriteLines } from "../client/client-port.js";
import { guarded } from "./guarded.js";
import { editPromptParams, forkParams, REWIND_METHODS, rewindParams } from "./rewind-params.js";
import { initializeResponse } from "./initialize.js";
import { mountSharedMethods } from "./shared-methods.js";

/** The legacy `session/set_model` of clients from before config options. */
const SET_MODEL = "session/set_model";
const setModelParams = z.object({ sessionId: z.string(), modelId: z.string() });

/**
 * The ACP v1 method table: each line parses (the ACP SDK's schemas), calls the agent
 * and answers; every failure leaves through `guarded` as a JSON-RPC error. No logic
 * lives here. The methods v2 spells alike are mounted from `shared-methods.ts`; the
 * extensions' own methods follow, each parsed by its own schema
 * (`service.extensions.methods`). `writeLines`: the transport the connection writes to.
 */
export function createAgentApp(service: AcpAgent, writeLines: WriteLines): AgentApp {
  const app = mountSharedMethods(coreMethods(service, writeLines), service);
  for (const { method, params, handle } of service.extensions.methods) {
    app.onRequest(
      method,
      params,
      guarded(method, ({ params: parsed }) => handle(parsed)),
    );
  }
  return app;
}

/** The ACP methods (and the RFDs' drafts) every client may call. */
function coreMethods(service: AcpAgent, writeLines: WriteLines): AgentApp {
  const m = methods.agent;
  return agent({ name: "claude-agent-acp" })
    .onConnect((connection) => service.connect(connectionClientPort(connection, writeLines)))
    .onRequest(
      m.initialize,
      guarded(m.initialize, ({ params }) =>
        service
          .initialize(params.clientCapabilities)
          .then((profile) => initializeResponse(profile, service.options)),
      ),
    )
    .onRequest(
      m.authenticate,
      guarded(m.authenticate, ({ params }) =>
        service.login.authenticate(params.methodId, params._meta).then(empty),
      ),
    )
    .onRequest(
      m.logout,
      guarded(m.logout, () => service.login.logout().then(empty)),
    )
    .onRequest(
      m.session.new,
      guarded(m.session.new, ({ params }) => service.newSession(params)),
    )
    .onRequest(
      m.session.load,
      guarded(m.session.load, ({ params }) => service.load(params.sessionId, params)),
    )
    .onRequest(
      m.session.resume,
      guarded(m.session.resume, ({ params }) => service.resume(params.sessionId, params)),
    )
    .onRequest(
      m.session.fork,
      forkParams,
      guarded(m.session.fork, ({ params }) => service.fork(params.sessionId, params)),
    )
    .onRequest(
      REWIND_METHODS.rewind,
      rewindParams,
      guarded(REWIND_METHODS.rewind, ({ params }) =>
        service.rewinds.rewind(params.sessionId, params.toMessageId, params._meta),
      ),
    )
    .onRequest(
      REWIND_METHODS.editPrompt,
      editPromptParams,
      guarded(REWIND_METHODS.editPrompt, ({ params, signal }) =>
        service.rewinds.editPrompt(
          params.sessionId,
          params.messageId,
          params.newContent,
          signal,
          params._meta,
        ),
      ),
    )
    .onRequest(
      m.session.list,
      guarded(m.session.list, ({ params }) =>
        service.list({
          cwd: params.cwd ?? undefined,
          cursor: params.cursor ?? undefined,
          meta: params._meta,
          archived: params.archived ?? undefined,
        }),
      ),
    )
    .onRequest(
      m.session.close,
      guarded(m.session.close, ({ params }) => (service.close(params.sessionId), {})),
    )
    .onRequest(
      m.session.delete,
      guarded(m.session.delete, ({ params }) => service.delete(params.sessionId).then(empty)),
    )
    .onRequest(
      m.session.archive,
      guarded(m.session.archive, ({ params }) => service.sessionMethods.archive(params.sessionId)),
    )
    .onRequest(
      m.session.prompt,
      guarded(m.session.prompt, ({ params, signal }) =>
        service.prompt(params.sessionId, params.prompt, signal, params._meta),
      ),
    )
    .onNotification(m.session.cancel, ({ params }) => service.cancel(params.sessionId))
    .onRequest(
      m.session.setMode,
      guarded(m.session.setMode, ({ params }) =>
        service.setMode(params.sessionId, params.modeId).then(empty),
      ),
    )
    .onRequest(
      m.session.setConfigOption,
      guarded(m.session.setConfigOption, async ({ params }) => ({
        configOptions: await service.setConfigOption(
          params.sessionId,
          params.configId,
          params.value,
        ),
      })),
    )
    .onRequest(
      SET_MODEL,
      setModelParams,
      guarded(SET_MODEL, ({ params }) =>
        service.setConfigOption(params.sessionId, "model", params.modelId).then(empty),
      ),
    );
}

/** The empty answer of a method that only acts. */
function empty(): Record<string, never> {
  return {};
}
