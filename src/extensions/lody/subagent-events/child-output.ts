import { LODY, LODY_MIRROR_KEYS, MIRROR_ID_PREFIX } from "../keys.js";

/** The child update kinds a run streams (contract §4 "output"). */
const STREAMED: ReadonlySet<string> = new Set([
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
  "plan",
]);

type Update = { readonly sessionUpdate: string } & Readonly<Record<string, unknown>>;

/**
 * A child's update as run output, or undefined for a kind runs do not stream. A
 * `tool_call` gets the ACP defaults of the fields it left out (`pending`, `other`, no
 * content, no locations): the contract wants them present, and they mean the same.
 */
export function childOutput<T extends Update>(update: T): T | undefined {
  if (!STREAMED.has(update.sessionUpdate)) return undefined;
  if (update.sessionUpdate !== "tool_call") return update;
  return {
    ...update,
    status: update.status ?? "pending",
    kind: update.kind ?? "other",
    content: update.content ?? [],
    locations: update.locations ?? [],
  };
}

/** The root's toolCallId of a child's tool call: `subagent:<runId>:<toolCallId>`, each encoded. */
export function mirrorToolCallId(runId: string, toolCallId: string): string {
  return `${MIRROR_ID_PREFIX}${encodeURIComponent(runId)}:${encodeURIComponent(toolCallId)}`;
}

/**
 * A child's tool call (or update of it) as its mirror on the root session, where its
 * permission request is asked: the mirror's id and `_meta.lody.{subagentRunId,
 * subagentToolCallId}` beside the call's own `_meta`.
 */
export function mirrored<T extends { readonly toolCallId: string; readonly _meta?: unknown }>(
  toolCall: T,
  runId: string,
): T {
  const meta =
    toolCall._meta && typeof toolCall._meta === "object" ? (toolCall._meta as object) : {};
  return {
    ...toolCall,
    toolCallId: mirrorToolCallId(runId, toolCall.toolCallId),
    _meta: {
      ...meta,
      [LODY]: {
        [LODY_MIRROR_KEYS.runId]: runId,
        [LODY_MIRROR_KEYS.toolCallId]: toolCall.toolCallId,
      },
    },
  };
}
