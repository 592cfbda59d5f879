import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { InputFacts, PostToolUse, ResultFacts, ToolResult } from "./facts.js";

/** Input as Claude sent it so far: complete, or a partial object from streamed JSON. */
export type ToolInput = Readonly<Record<string, unknown>>;

/**
 * One Claude tool family's reading of the SDK data. Stateless and pure: each method
 * reads its arguments once and returns facts. A reporter must accept any input shape
 * (partial, malformed) without throwing; the registry falls back to the generic
 * reporter when it does.
 */
export interface ToolReporter {
  /**
   * String parameters a complete input must have. A complete input without them is
   * malformed and renders as an `other` tool call with the generic reporter.
   */
  readonly requires?: readonly string[];
  /**
   * Facts readable from the (possibly partial) input. `cwd`: the session's directory, for
   * a client whose titles name a file inside it relative to it (`displayPath`); none: as given.
   */
  describe(input: ToolInput, toolName: string, cwd?: string): InputFacts;
  /** Facts from the tool result; the default shows the result text. */
  result?(result: ToolResult, input: ToolInput): ResultFacts;
  /** Facts from the PostToolUse hook (e.g. the final diff of an edit). */
  postToolUse?(post: PostToolUse, input: ToolInput): ResultFacts;
  /**
   * Whether `postToolUse` shows the file on disk after the tool (`PostToolUse.fileAfter`),
   * which the hook then reads before it answers; `hunksShown`: the client's contract shows
   * an edit's hunks (`ToolCallContract.editHunks`), not the whole file. Absent: never.
   */
  readsFileAfter?(toolResponse: unknown, hunksShown: boolean): boolean;
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function textContent(text: string): ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}

/** Text of a tool_result block's content: a string, or text blocks. */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((block) => (record(block)?.type === "text" ? (str(record(block)?.text) ?? "") : ""))
      .filter(Boolean)
      .join("\n");
  }
  return "";
}

/** The default reading of a result: its text, shown as content. */
export function defaultResult(result: ToolResult): ResultFacts {
  return result.text ? { content: [textContent(result.text)] } : {};
}

/**
 * A fenced block that survives any backticks inside the text: the fence is one backtick
 * longer than the longest run of them (and at least three). Runs are found with
 * `indexOf`, which skips text much faster than a regular expression; most outputs have
 * none, and a replay fences every command output it shows.
 */
export function fenced(text: string, language = ""): string {
  let longest = 2;
  for (let at = text.indexOf("`"); at >= 0; at = text.indexOf("`", at)) {
    const start = at;
    while (text.charCodeAt(at) === BACKTICK) at++;
    if (at - start > longest) longest = at - start;
  }
  const fence = "`".repeat(longest + 1);
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  return `${fence}${language}\n${body}\n${fence}`;
}

const BACKTICK = 0x60;
