import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import { record, textContent } from "./reporter.js";

/**
 * Why Claude Code did not run a tool (`_meta.claudeCode.nonExecutionKind`, upstream's
 * key): the kinds Claude Code stamps on a result it made instead of the tool's own
 * (`tool_result_meta[].non_execution_kind`, Claude Code 0.3.318). An unknown kind of a
 * newer Claude Code passes through as it came.
 */
export type NonExecutionKind =
  | "user-rejected"
  | "permission-rule"
  | "automode-blocked"
  | "automode-unavailable"
  | "automode-parsing-error"
  | "interrupted"
  | "cancelled"
  | (string & {});

/**
 * A tool that a permission rule, the auto-mode classifier or a mode (`dontAsk`) refused
 * before it ran, without asking the client: Claude Code's `system/permission_denied`.
 * The texts are redacted already (they are error texts).
 */
export interface PermissionDenial {
  readonly toolUseId: string;
  /** Which part of Claude Code decided (`rule`, `mode`, `classifier`, …). */
  readonly decisionReasonType?: string;
  /** Its reason, when it gave one. */
  readonly decisionReason?: string;
  /** The refusal the model got as the tool's result. */
  readonly message: string;
}

/**
 * The denial a `system/permission_denied` message reports, its texts through `redact`;
 * undefined when the message is malformed (no tool use id or message).
 */
export function permissionDenialOf(
  message: unknown,
  redact: (text: string) => string,
): PermissionDenial | undefined {
  const m = record(message);
  if (typeof m?.tool_use_id !== "string" || typeof m.message !== "string") return undefined;
  const denial: {
    toolUseId: string;
    decisionReasonType?: string;
    decisionReason?: string;
    message: string;
  } = { toolUseId: m.tool_use_id, message: redact(m.message) };
  if (typeof m.decision_reason_type === "string")
    denial.decisionReasonType = m.decision_reason_type;
  if (typeof m.decision_reason === "string") denial.decisionReason = redact(m.decision_reason);
  return denial;
}

/**
 * The kind of a denial until its result tells the exact one: the classifier blocked it
 * in auto mode, else a rule or a mode did (Claude Code stamps both `permission-rule`).
 */
export function denialKind(denial: PermissionDenial): NonExecutionKind {
  return denial.decisionReasonType === "classifier" ? "automode-blocked" : "permission-rule";
}

/** The denial as the result to show ("Tool call contract": `content`), as upstream words it. */
export function denialContent(denial: PermissionDenial): ToolCallContent {
  return textContent(`Permission denied: ${denial.decisionReason ?? denial.message}`);
}

/**
 * Upstream's `claudeCode.toolResponse` of a denied tool (S000 "Claude tools and ACP
 * fields"), for a client that is not AIR; a key Claude Code left out stays out.
 */
export function denialResponse(denial: PermissionDenial): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  if (denial.decisionReasonType !== undefined)
    response.decisionReasonType = denial.decisionReasonType;
  if (denial.decisionReason !== undefined) response.decisionReason = denial.decisionReason;
  response.message = denial.message;
  return response;
}

/**
 * The non-execution kind Claude Code stamped on `toolUseId`'s result: the user message's
 * `tool_result_meta` sidecar (not in the SDK's types), entries `{id, non_execution_kind}`.
 */
export function stampedKind(sidecar: unknown, toolUseId: string): NonExecutionKind | undefined {
  if (!Array.isArray(sidecar)) return undefined;
  for (let i = 0; i < sidecar.length; i++) {
    const entry = record(sidecar[i]);
    if (entry?.id === toolUseId && typeof entry.non_execution_kind === "string")
      return entry.non_execution_kind;
  }
  return undefined;
}
