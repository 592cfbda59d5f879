import { z } from "zod";

/**
 * The `_lody/subagents/event` envelope and its payloads (lody-contract.md §4), strict
 * where the contract is: an event that fails these schemas is never sent. The output
 * update schemas are the ACP v1 shapes of the five streamed kinds, without the
 * leniency of the ACP SDK's own schemas (which replace a bad field by a default).
 */

/** `_meta`: an object (never an array, number or null where it is not nullable). */
const meta = z.record(z.string(), z.unknown()).nullish();
const count = z.number().int().nonnegative();
const finite = z.number().refine(Number.isFinite).pipe(z.number().nonnegative());

const annotations = z.looseObject({
  audience: z.array(z.enum(["user", "assistant"])).nullish(),
  priority: z.number().nullish(),
  lastModified: z.string().nullish(),
  _meta: meta,
});

const withAnnotations = { annotations: annotations.nullish(), _meta: meta };

const contentBlock = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text"), text: z.string(), ...withAnnotations }),
  z.looseObject({
    type: z.literal("image"),
    data: z.string(),
    mimeType: z.string(),
    uri: z.string().nullish(),
    ...withAnnotations,
  }),
  z.looseObject({
    type: z.literal("audio"),
    data: z.string(),
    mimeType: z.string(),
    ...withAnnotations,
  }),
  z.looseObject({
    type: z.literal("resource_link"),
    uri: z.string(),
    name: z.string(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    mimeType: z.string().nullish(),
    size: count.nullish(),
    ...withAnnotations,
  }),
  z.looseObject({
    type: z.literal("resource"),
    resource: z.union([
      z.looseObject({ uri: z.string(), text: z.string(), mimeType: z.string().nullish() }),
      z.looseObject({ uri: z.string(), blob: z.string(), mimeType: z.string().nullish() }),
    ]),
    ...withAnnotations,
  }),
]);

const toolCallContent = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("content"), content: contentBlock, _meta: meta }),
  z.looseObject({
    type: z.literal("diff"),
    path: z.string(),
    oldText: z.string().nullish(),
    newText: z.string(),
    _meta: meta,
  }),
  z.looseObject({ type: z.literal("terminal"), terminalId: z.string(), _meta: meta }),
]);

const location = z.looseObject({ path: z.string(), line: count.nullish(), _meta: meta });
const toolKind = z.enum([
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
]);
const toolStatus = z.enum(["pending", "in_progress", "completed", "failed"]);

const chunk = (kind: "agent_message_chunk" | "agent_thought_chunk") =>
  z.looseObject({
    sessionUpdate: z.literal(kind),
    content: contentBlock,
    messageId: z.string().nullish(),
    _meta: meta,
  });

/** An output update: one of the streamed kinds, schema-valid (contract §4 "output"). */
export const outputUpdate = z.discriminatedUnion("sessionUpdate", [
  chunk("agent_message_chunk"),
  chunk("agent_thought_chunk"),
  z.looseObject({
    sessionUpdate: z.literal("tool_call"),
    toolCallId: z.string(),
    title: z.string(),
    kind: toolKind,
    status: toolStatus,
    content: z.array(toolCallContent),
    locations: z.array(location),
    name: z.string().optional(),
    _meta: meta,
  }),
  z.looseObject({
    sessionUpdate: z.literal("tool_call_update"),
    toolCallId: z.string(),
    title: z.string().nullish(),
    kind: toolKind.nullish(),
    status: toolStatus.nullish(),
    content: z.array(toolCallContent).nullish(),
    locations: z.array(location).nullish(),
    name: z.string().nullish(),
    _meta: meta,
  }),
  z.looseObject({
    sessionUpdate: z.literal("plan"),
    entries: z.array(
      z.looseObject({
        content: z.string(),
        priority: z.enum(["high", "medium", "low"]),
        status: z.enum(["pending", "in_progress", "completed"]),
        _meta: meta,
      }),
    ),
    _meta: meta,
  }),
]);

export const RUN_STATES = [
  "pending",
  "running",
  "completed",
  "failed",
  "cancelled",
  "unknown",
] as const;
export type RunState = (typeof RUN_STATES)[number];
export const STREAM_KINDS = ["text", "thought", "tool", "plan"] as const;
export const REASON_CODES = ["error", "timeout", "cancelled", "disconnected", "lost"] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export const snapshot = z.object({
  state: z.enum(RUN_STATES),
  support: z.object({
    stream: z.array(z.enum(STREAM_KINDS)),
    progress: z.boolean(),
    outputRead: z.enum(["none", "live_tail", "final_tail"]),
    cancel: z.boolean(),
  }),
  parentRunId: z.string().min(1).nullable().optional(),
  parentToolCallId: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  modelId: z.string().optional(),
  summary: z.string().optional(),
  startedAtEpochSeconds: finite.optional(),
  endedAtEpochSeconds: finite.optional(),
  outputIncomplete: z.literal(true).optional(),
  reason: z.object({ code: z.enum(REASON_CODES), message: z.string().optional() }).optional(),
});
export type RunSnapshot = z.infer<typeof snapshot>;

export const progress = z.object({
  summary: z.string().nullish(),
  lastToolName: z.string().nullish(),
  toolsUsed: z.array(z.string()).nullish(),
  durationMs: finite.nullish(),
  turnCount: count.nullish(),
  toolCallCount: count.nullish(),
  errorCount: count.nullish(),
  totalTokens: finite.nullish(),
  contextTokens: finite.nullish(),
  contextWindowTokens: finite.nullish(),
  contextUsagePercent: finite.nullish(),
});
export type RunProgress = z.infer<typeof progress>;

const envelope = { version: z.literal(1), sessionId: z.string().min(1), runId: z.string().min(1) };

/** One `_lody/subagents/event` notification's params. */
export const subagentEvent = z.discriminatedUnion("type", [
  z.object({ ...envelope, type: z.literal("snapshot"), snapshot }),
  z.object({ ...envelope, type: z.literal("progress"), progress }),
  z.object({
    ...envelope,
    type: z.literal("output"),
    update: outputUpdate,
    nativeTurnId: z.string().optional(),
    messageId: z.string().optional(),
  }),
]);
export type SubagentEvent = z.infer<typeof subagentEvent>;

export function validOutput(update: unknown): boolean {
  return outputUpdate.safeParse(update).success;
}

export function validEvent(event: unknown): boolean {
  return subagentEvent.safeParse(event).success;
}
