import { methods, type AgentApp } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import type { ConnectionState } from "./agent-app.js";
import { guarded } from "./guarded.js";

/** The legacy `session/set_model` of clients from before config options. */
const SET_MODEL = "session/set_model";
const setModelParams = z.object({ sessionId: z.string(), modelId: z.string() });

/** Modes, models and effort: `session/set_mode`, `session/set_config_option`, legacy `session/set_model`. */
export function registerSessionConfig(app: AgentApp, state: ConnectionState): AgentApp {
  return app
    .onRequest(
      methods.agent.session.setMode,
      guarded(methods.agent.session.setMode, async ({ params }) => {
        await state.sessions.get(params.sessionId).setMode(params.modeId);
        return {};
      }),
    )
    .onRequest(
      methods.agent.session.setConfigOption,
      guarded(methods.agent.session.setConfigOption, async ({ params }) => {
        const session = state.sessions.get(params.sessionId);
        return { configOptions: await session.setConfigOption(params.configId, params.value) };
      }),
    )
    .onRequest(
      SET_MODEL,
      setModelParams,
      guarded(SET_MODEL, async ({ params }) => {
        await state.sessions.get(params.sessionId).setConfigOption("model", params.modelId);
        return {};
      }),
    );
}
