/**
 * What a user typed, recovered from the text Claude Code stored: the markup Claude Code
 * wraps around a prompt (system reminders, slash-command wrappers, local command output,
 * IDE context, our own `<context>` attachments) is not what the user wrote.
 */

/** Longest session title, in characters (code points); longer ones end with "…". */
export const MAX_TITLE_LENGTH = 120;

/** Blocks that Claude Code or the adapter add around a prompt; never the user's words. */
const DROPPED_BLOCKS = [
  "system-reminder",
  "local-command-caveat",
  "local-command-stdout",
  "local-command-stderr",
  "command-message",
  "bash-stdout",
  "bash-stderr",
  "ide_opened_file",
  "ide_selection",
  "ide_diagnostics",
  "context",
];

const DROPPED = new RegExp(
  `<(${DROPPED_BLOCKS.join("|")})(?:\\s[^>]*)?>[\\s\\S]*?(?:</\\1>|$)`,
  "g",
);
const COMMAND_NAME = /<command-name>\s*([\s\S]*?)\s*<\/command-name>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;
const BASH_INPUT = /<bash-input>([\s\S]*?)<\/bash-input>/;
/** `[@name](uri)`: how a resource link of an ACP prompt reaches Claude. */
const MENTION = /\[(@[^\]\n]+)\]\([^)\s]+\)/g;
// Control characters other than tab and newline never belong in a title.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * The prompt as the user wrote it: a slash command becomes `/name args`, a shell escape
 * `! command`; added markup is removed. Line breaks stay. Empty when nothing of the
 * user's own remains (a reminder, a command's output).
 */
export function toDisplayPrompt(stored: string): string {
  // Every expression is a scan of the whole prompt, and most prompts hold no markup: the
  // markup expressions run only where their first character is (a replay reads every
  // prompt of a history).
  let text = stored;
  if (text.includes("<")) {
    const command = COMMAND_NAME.exec(text);
    if (command) {
      const name = command[1]!.trim();
      const args = COMMAND_ARGS.exec(text)?.[1]?.trim() ?? "";
      const slashed = name.startsWith("/") ? name : `/${name}`;
      return args ? `${slashed} ${args}` : slashed;
    }
    const bash = BASH_INPUT.exec(text);
    if (bash) return `! ${bash[1]!.trim()}`;
    text = text.replace(DROPPED, "");
  }
  if (text.includes("[@")) text = text.replace(MENTION, "$1");
  return text.replace(CONTROL, "").trim();
}

/** Whether the stored prompt is a slash command (a weaker title than typed words). */
export function isCommandPrompt(stored: string): boolean {
  return COMMAND_NAME.test(stored);
}

/**
 * A one-line session title from a stored prompt or a title Claude Code wrote: markup
 * removed, whitespace collapsed, at most MAX_TITLE_LENGTH characters. Undefined when
 * nothing readable remains.
 */
export function toSessionTitle(stored: string): string | undefined {
  const line = toDisplayPrompt(stored).replace(/\s+/g, " ").trim();
  if (!line) return undefined;
  const chars = Array.from(line);
  if (chars.length <= MAX_TITLE_LENGTH) return line;
  return `${chars
    .slice(0, MAX_TITLE_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}
