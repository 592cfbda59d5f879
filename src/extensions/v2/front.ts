/**
 * What the v2 method table (`protocol/v2/agent-app-v2.ts`, the draft ACP v2's front over
 * the v1 agent) uses of this folder, reached through the composition
 * (`extensions/compose.ts`, `v2Front`): the version it serves, the pure v1 ⇄ v2 mapping of
 * params and answers, and the state one v2 connection keeps beside the agent.
 */
export { PROTOCOL_V2 } from "./keys.js";
export {
  v1ClientCapabilities,
  v1Prompt,
  v1SessionParams,
  v2Commands,
  v2ConfigOptions,
  v2InitializeResponse,
  v2SessionList,
} from "./mapping.js";
export { V2Connection } from "./v2-connection.js";
