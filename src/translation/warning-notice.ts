import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/** The title of a warning line whose first line is too long for one (upstream's). */
export const WARNING_TITLE = "Claude reported a warning";
/** The title of a prompt that a UserPromptSubmit hook blocked. */
export const PROMPT_BLOCKED_TITLE = "Prompt blocked by a hook";
/** The longest first line that stands as a notice's title (upstream's). */
const MAX_TITLE = 256;

/** A warning for the client: a notice, or the message line a client without notices gets. */
export interface WarningNotice {
  readonly title: string;
  readonly description?: string;
  /** The message line in place of `**title:** description`, and its `_meta`. */
  readonly line?: { readonly text: string; readonly meta: Record<string, unknown> };
}

/**
 * A `system` `informational` line at level `warning` → a notice (features.md "notice");
 * undefined for anything else (the `info`, `notice` and `suggestion` lines Claude Code
 * shows dimmed or only in its transcript view).
 *
 * Claude Code 2.1.318 sends one when auto mode falls back: with requests through a
 * gateway its classifier cannot use for free, "auto mode keeps working, and its
 * classifier requests are billed as before". As upstream 0.101.0 shows such a line (spec
 * Compatibility rule; measured in the golden comparison): its first line, as plain text,
 * is the notice's title and the rest its description, or, when that line is longer than
 * a title, the whole text under "Claude reported a warning"; a client without notices
 * gets `**Warning:** <line>` marked `_meta.claudeCode {kind: "informational", level}`.
 * `redact` makes the text fit for the user (it names the gateway's host).
 *
 * It sends one too when a UserPromptSubmit hook blocks the prompt (the turn then ends
 * without a model call): `prompt_submit_outcome {kind: "blocked_by_hook", reason}`, its
 * text "UserPromptSubmit operation blocked by hook:\n<reason>\n\nOriginal prompt: …".
 * The notice is the hook's reason; the user's own prompt is not echoed back.
 */
export function warningNotice(
  message: SDKMessage,
  redact: (text: string) => string,
): WarningNotice | undefined {
  if (message.type !== "system" || message.subtype !== "informational") return undefined;
  if (message.level !== "warning") return undefined;
  const blocked = blockedPromptReason(message);
  if (blocked) return { title: PROMPT_BLOCKED_TITLE, description: redact(blocked) };
  if (message.content.trim() === "") return undefined;
  const content = redact(message.content);
  const text = plainText(content).trim();
  const line = {
    text: `**Warning:** ${content}`,
    meta: { claudeCode: { kind: "informational", level: message.level } },
  };
  const [first = "", ...others] = text.split(/\r?\n/);
  const rest = others.join("\n").trim();
  if (first.trimEnd().length > MAX_TITLE) return { title: WARNING_TITLE, description: text, line };
  return { title: first.trimEnd(), ...(rest ? { description: rest } : {}), line };
}

/** Markdown as plain text: no heading marks, no bold marks, no code spans' backticks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, "")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(?<![\w`])`([^`\n]+)`(?![\w`])/g, "$1");
}

/** The reason a hook gave for blocking the prompt, when the line reports one. */
function blockedPromptReason(message: object): string | undefined {
  const outcome = (message as { prompt_submit_outcome?: unknown }).prompt_submit_outcome;
  if (typeof outcome !== "object" || outcome === null) return undefined;
  const { kind, reason } = outcome as { kind?: unknown; reason?: unknown };
  if (kind !== "blocked_by_hook" || typeof reason !== "string") return undefined;
  return reason.trim() || undefined;
}
