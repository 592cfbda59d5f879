import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/** The title of a warning about auto mode (its classifier falling back to billing). */
export const AUTO_MODE_TITLE = "Auto mode";
/** The title of any other warning line of Claude Code's. */
export const CLAUDE_CODE_TITLE = "Claude Code";

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
 */
export function warningNotice(
  message: SDKMessage,
  redact: (text: string) => string,
): { title: string; description: string } | undefined {
  if (message.type !== "system" || message.subtype !== "informational") return undefined;
  if (message.level !== "warning") return undefined;
  const description = redact(message.content.trim());
  if (description === "") return undefined;
  const title = /\bauto mode\b/i.test(description) ? AUTO_MODE_TITLE : CLAUDE_CODE_TITLE;
  return { title, description };
}
