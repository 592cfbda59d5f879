import type { AgentDeclaration } from "../../profile/agent-declaration.js";
import { STEERING } from "./keys.js";

/**
 * `initialize` response `_meta` of the steering extension: `{steering: {supported: true}}`.
 * Every client gets it (air-extensions.md "Compatibility rule": the keys of other teams
 * go to a client that is not AIR too).
 */
export function steeringAgentMeta(): Record<string, unknown> {
  return { [STEERING]: { supported: true } };
}

/** Steering's part of the `initialize` answer: `_meta.steering`, to every client. */
export const steeringInitializeDeclaration: AgentDeclaration = () => ({
  answerMeta: steeringAgentMeta(),
});
