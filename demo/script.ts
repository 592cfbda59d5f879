import { join } from "node:path";
import type { RecordedRequest, ScriptedTurn } from "../test/support/model-server.js";

/** The file the demo session fixes, and what it holds before and after. */
export const GREETING_FILE = "greeting.txt";
export const GREETING_BEFORE = "Helo, wrold!\nHave a nice day.\n";
export const GREETING_AFTER = "Hello, world!\nHave a nice day.\n";

export const USER_PROMPT = `The greeting in ${GREETING_FILE} has typos. Please fix it.`;

/** What Claude Code sent back for the last tool call: the tool_result of the last message. */
function lastToolResult(req: RecordedRequest): { isError: boolean; text: string } | undefined {
  const messages: unknown = req.body?.messages;
  if (!Array.isArray(messages)) return undefined;
  const last: unknown = messages[messages.length - 1];
  const content = (last as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return undefined;
  const result = content.find((b: { type?: unknown }) => b?.type === "tool_result") as
    { is_error?: boolean; content?: unknown } | undefined;
  if (!result) return undefined;
  const text =
    typeof result.content === "string"
      ? result.content
      : Array.isArray(result.content)
        ? result.content
            .map((b: { text?: unknown }) => (typeof b?.text === "string" ? b.text : ""))
            .join("")
        : "";
  return { isError: result.is_error === true, text };
}

/** Claude's closing words depend on whether the edit went through (e.g. permission denied). */
function finalTurn(req: RecordedRequest, workspace: string): ScriptedTurn {
  const result = lastToolResult(req);
  const why = (result?.text.split("\n")[0] ?? "no tool result").split(workspace + "/").join("");
  const text =
    result && !result.isError
      ? `Fixed: ${GREETING_FILE} now starts with "Hello, world!". The second line was already fine.`
      : `I could not edit ${GREETING_FILE}: ${why}`;
  return {
    blocks: [{ type: "text", text, deltas: 4 }],
    usage: { input_tokens: 1480, output_tokens: 24 },
  };
}

/**
 * The scripted model turns: think and announce, look at the file with Bash, edit it
 * (Claude Code asks for permission), then report. `workspace` is the session cwd; Edit
 * needs an absolute path.
 */
export function demoScript(workspace: string): ScriptedTurn[] {
  const file = join(workspace, GREETING_FILE);
  return [
    {
      blocks: [
        {
          type: "thinking",
          thinking: `The user wants the greeting fixed. Let me look at ${GREETING_FILE} before editing it.`,
          deltas: 3,
        },
        {
          type: "text",
          text: `I'll check what ${GREETING_FILE} says first, then fix the typos.`,
          deltas: 4,
        },
        {
          type: "tool_use",
          name: "Bash",
          input: { command: `cat ${GREETING_FILE}`, description: "Show the greeting" },
        },
      ],
      usage: { input_tokens: 1320, output_tokens: 58, cache_creation_input_tokens: 0 },
    },
    {
      blocks: [
        {
          type: "text",
          text: `Two typos on the first line: "Helo" and "wrold". Fixing them now.`,
          deltas: 3,
        },
        {
          type: "tool_use",
          name: "Edit",
          input: { file_path: file, old_string: "Helo, wrold!", new_string: "Hello, world!" },
        },
      ],
      usage: { input_tokens: 1400, output_tokens: 41 },
    },
    (req) => finalTurn(req, workspace),
  ];
}
