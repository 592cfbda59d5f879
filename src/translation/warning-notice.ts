import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/** The title of a warning about auto mode (its classifier falling back to billing). */
export const AUTO_MODE_TITLE = "Auto mode";
/** The title of any other warning line of Claude Code's. */
export const CLAUDE_CODE_TITLE = "Claude Code";
/** The title of a prompt that a UserPromptSubmit hook blocked. */
export const PROMPT_BLOCKED_TITLE = "Prompt blocked by a hook";

/**
 * A `system` `informational` line at level `warning` → a notice `{title, description}`
 * (features.md "notice"); undefined for anything else (the `info`, `notice` and
 * `suggestion` lines Claude Code shows dimmed or only in its transcript view).
 *
 * Claude Code 2.1.318 sends one when auto mode falls back: with requests through a
 * gateway its classifier cannot use for free, "auto mode keeps working, and its
 * classifier requests are billed as before". The line has no `tag`; its text names auto
 * mode, which gives the title. `redact` makes the text fit for the user (it names the
 * gateway's host).
 *
 * It sends one too when a UserPromptSubmit hook blocks the prompt (the turn then ends
 * without a model call): `prompt_submit_outcome {kind: "blocked_by_hook", reason}`, its
 * text "UserPromptSubmit operation blocked by hook:\n<reason>\n\nOriginal prompt: …".
 * The notice is the hook's reason; the user's own prompt is not echoed back.
 */
export function warningNotice(
  message: SDKMessage,
  redact: (text: string) => string,
): { title: string; description: string } | undefined {
  if (message.type !== "system" || message.subtype !== "informational") return undefined;
  if (message.level !== "warning") return undefined;
  const blocked = blockedPromptReason(message);
  if (blocked) return { title: PROMPT_BLOCKED_TITLE, description: redact(blocked) };
  const description = redact(message.content.trim());
  if (description === "") return undefined;
  const title = /\bauto mode\b/i.test(description) ? AUTO_MODE_TITLE : CLAUDE_CODE_TITLE;
  return { title, description };
}

/** The reason a hook gave for blocking the prompt, when the line reports one. */
function blockedPromptReason(message: object): string | undefined {
  const outcome = (message as { prompt_submit_outcome?: unknown }).prompt_submit_outcome;
  if (typeof outcome !== "object" || outcome === null) return undefined;
  const { kind, reason } = outcome as { kind?: unknown; reason?: unknown };
  if (kind !== "blocked_by_hook" || typeof reason !== "string") return undefined;
  return reason.trim() || undefined;
}
