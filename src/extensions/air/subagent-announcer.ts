import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type {
  ChildSession,
  ChildWorkState,
  SubagentAnnouncer,
} from "../../translation/subagents/child-session.js";
import { SUBAGENT_UPDATES } from "./keys.js";

/** Claude Code's subagent type when the input names none. */
const DEFAULT_AGENT_TYPE = "general-purpose";

/**
 * AIR's bridge form of a child session (air-extensions.md "Native subagent sessions"),
 * for an AIR client whose ACP SDK strips the draft `clientCapabilities.subagents`:
 * `subagent_spawned {subagentSessionId, name, task, prompt?, capabilities}` announces the
 * child on its parent, `subagent_state_update {subagentSessionId, state}` reports its
 * work with the RFD's state object. `prompt` is the exact child prompt, never
 * truncated, and absent when there is none.
 */
export const AIR_SUBAGENT_ANNOUNCER: SubagentAnnouncer = {
  spawned(child, state) {
    const update: Record<string, unknown> = { sessionUpdate: SUBAGENT_UPDATES.spawned };
    update[SUBAGENT_UPDATES.sessionId] = child.sessionId;
    update.name = child.agentType ?? DEFAULT_AGENT_TYPE;
    update.task = child.title ?? child.prompt ?? "";
    if (child.prompt !== undefined) update.prompt = child.prompt;
    update.capabilities = { cancel: {} };
    return [update as unknown as SessionUpdate, stateUpdate(child, state)];
  },
  // The prompt travels in `subagent_spawned`.
  opening() {
    return [];
  },
  state(child, state) {
    return [stateUpdate(child, state)];
  },
  // AIR's form has no inter-session messages and no working directory.
  messaged() {
    return { parent: [], child: [] };
  },
  answered() {
    return { child: [], parent: [] };
  },
  placed() {
    return [];
  },
};

function stateUpdate(child: ChildSession, state: ChildWorkState): SessionUpdate {
  return {
    sessionUpdate: SUBAGENT_UPDATES.stateUpdate,
    [SUBAGENT_UPDATES.sessionId]: child.sessionId,
    state: { ...state },
  } as unknown as SessionUpdate;
}
