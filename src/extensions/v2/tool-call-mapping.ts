import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { GIT_PATCH_FORMAT } from "../../translation/patches/git-patch.js";
import { isRecord, present } from "../../util/plain-data.js";
import { V2_PATCH_META } from "./keys.js";

/**
 * A v1 tool call report → v2's upsert (part of `mapping.ts`, the v2 ⇄ v1 shapes; its
 * rules table-tested in `mapping.test.ts`).
 */

/** The agent's own `_meta` key on tool calls (v1's, read here). */
const CLAUDE_CODE_META = "claudeCode";
/** Claude Code's tool name under `_meta.claudeCode` (v2's `name`). */
const TOOL_NAME = "toolName";

/**
 * A v1 tool call report (`tool_call` or `tool_call_update`) → v2 upsert fields. `named`:
 * the report creates the tool call, which v2 names (`name`: Claude Code's tool, the
 * `claudeCode.toolName` v1 carries). As upstream's v2 surface, the v1-only
 * `claudeCode` keys stay off: `toolName` (it is `name`) and `toolResponse` (Claude Code's
 * raw result, which v1 repeats for clients that read it); the other keys pass.
 */
export function v2ToolCall(
  report: v1.ToolCallUpdate | v1.ToolCall,
  named = false,
): v2.ToolCallUpdate {
  const out: v2.ToolCallUpdate & { _meta?: unknown } = { toolCallId: report.toolCallId };
  const toolName = claudeCodeMeta(report._meta)?.[TOOL_NAME];
  if (named && typeof toolName === "string") out.name = toolName;
  if (present(report.title)) out.title = report.title;
  if (present(report.kind)) out.kind = report.kind;
  if (present(report.status)) out.status = report.status;
  if (present(report.content)) out.content = report.content.map(v2ToolCallContent);
  if (present(report.locations)) out.locations = report.locations;
  if (report.rawInput !== undefined) out.rawInput = report.rawInput;
  if (report.rawOutput !== undefined) out.rawOutput = report.rawOutput;
  const kept = withoutV1ClaudeCodeKeys(report._meta);
  if (kept) out._meta = kept;
  return out;
}

/** Claude Code's keys of a tool call's `_meta` that v2 does not carry (`v2ToolCall`). */
const V1_ONLY_CLAUDE_CODE_KEYS = new Set([TOOL_NAME, "toolResponse"]);

function claudeCodeMeta(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const claudeCode = value[CLAUDE_CODE_META];
  return isRecord(claudeCode) ? claudeCode : undefined;
}

/** `_meta` without the v1-only `claudeCode` keys; undefined when nothing is left. */
function withoutV1ClaudeCodeKeys(
  value: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  if (!present(value)) return undefined;
  const out: Record<string, unknown> = { ...value };
  const claudeCode = claudeCodeMeta(value);
  if (claudeCode) {
    const kept = Object.entries(claudeCode).filter(([key]) => !V1_ONLY_CLAUDE_CODE_KEYS.has(key));
    if (kept.length > 0) out[CLAUDE_CODE_META] = Object.fromEntries(kept);
    else delete out[CLAUDE_CODE_META];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * v1 diff `{path, oldText, newText}` → v2 structured `changes`, with the Git `patch` the
 * file-patch decorator put in its `_meta` (`file-patch-decorator.ts`); other content as is.
 */
export function v2ToolCallContent(content: v1.ToolCallContent): v2.ToolCallContent {
  if (content.type !== "diff") return content as v2.ToolCallContent;
  const change: v2.DiffChange = !present(content.oldText)
    ? { operation: "add", path: content.path, fileType: "text" }
    : { operation: "modify", path: content.path, fileType: "text" };
  const patch = content._meta?.[V2_PATCH_META];
  return typeof patch === "string"
    ? { type: "diff", changes: [change], patch: { format: GIT_PATCH_FORMAT, text: patch } }
    : { type: "diff", changes: [change] };
}
