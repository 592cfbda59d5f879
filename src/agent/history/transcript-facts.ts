import { isCommandPrompt } from "../../translation/session-title.js";

/**
 * What a session index row tells of a stored session beyond its title, read from the
 * ends of its transcript (the reference's `TranscriptFacts`): times in epoch ms. Each is
 * left out when the ends do not show it.
 */
export interface TranscriptFacts {
  /** The last prompt the user typed (not a tool result, a meta entry or a slash command). */
  readonly lastPromptAt?: number;
  /** The model of the last assistant message (not Claude Code's `<synthetic>` errors). */
  readonly model?: string;
  /** The session this one was forked from: Claude Code writes `forkedFrom` on every copy. */
  readonly forkedFrom?: string;
  /** Whether the last turn ended; undefined when the tail shows no turn. */
  readonly turnState?: "finished" | "unfinished";
  /** When the last ended turn ended. */
  readonly lastTurnEndedAt?: number;
  /** The last turn ended with an API error, not a user interrupt. */
  readonly lastTurnError?: true;
}

type Entry = Record<string, unknown>;

/** Claude Code's records that close a turn (2.1.318 writes them after the answer). */
const TURN_END_SUBTYPES = new Set(["stop_hook_summary", "turn_duration"]);
/** What Claude Code stores as the user's text when a turn is interrupted. */
const INTERRUPT = "[Request interrupted by user";
/** A local command's output or caveat, stored as a user entry. */
const LOCAL_COMMAND = "<local-command-";
const FORKED_FROM = /"forkedFrom":\s?\{"sessionId":\s?"([0-9a-fA-F-]{36})"/;
/** Claude Code writes compact JSON: these byte patterns pick lines without decoding. */
const USER = Buffer.from('"type":"user"');
const ASSISTANT = Buffer.from('"type":"assistant"');
const SYSTEM = Buffer.from('"type":"system"');
const TOOL_RESULT = Buffer.from('"type":"tool_result"');

/**
 * The facts of a transcript from its first and last bytes. The tail is read backwards,
 * line by line, until each fact is found; only the lines of user, assistant and system
 * entries are decoded (a tool result only while the turn's state is still open), so a
 * listing pays little for it. A cut first line does not parse and is skipped. Subagent
 * (sidechain) entries are not the session's.
 */
export function transcriptFacts(head: Buffer, tail: Buffer): TranscriptFacts {
  const facts: {
    -readonly [K in keyof TranscriptFacts]: TranscriptFacts[K];
  } = {};
  const forkedFrom = FORKED_FROM.exec(head.toString("latin1"))?.[1];
  if (forkedFrom) facts.forkedFrom = forkedFrom;
  let promptFound = false;
  let modelFound = false;
  let endFound = false;
  /** The last turn ended: whether an API error ended it is still open. */
  let checkingError = false;
  for (let stop = tail.length; stop > 0;) {
    if (promptFound && modelFound && endFound && !checkingError) break;
    const start = tail.lastIndexOf(10, stop - 1) + 1;
    const line = tail.subarray(start, stop);
    stop = start - 1;
    const user = line.includes(USER);
    if (!user && !line.includes(ASSISTANT) && !line.includes(SYSTEM)) continue;
    // A tool result is neither a prompt nor a turn's end: only its "unfinished" counts.
    const settled = facts.turnState !== undefined && !checkingError;
    if (user && settled && line.includes(TOOL_RESULT)) continue;
    const entry = parse(line.toString("utf8"));
    if (!entry || entry.isSidechain === true) continue;
    if (!promptFound && isTypedPrompt(entry)) {
      promptFound = true;
      const at = timeOf(entry);
      if (at !== undefined) facts.lastPromptAt = at;
    }
    if (!modelFound && entry.type === "assistant") {
      const model = (entry.message as Entry | undefined)?.model;
      if (typeof model === "string" && model && model !== "<synthetic>") {
        modelFound = true;
        facts.model = model;
      }
    }
    const effect = turnEffect(entry);
    if (effect === undefined) continue;
    if (facts.turnState === undefined) {
      facts.turnState = effect;
      checkingError = effect === "finished";
    }
    if (checkingError) {
      // The entry that ended the turn, behind Claude Code's turn-end records.
      if (entry.type === "assistant" && entry.isApiErrorMessage === true) {
        facts.lastTurnError = true;
        checkingError = false;
      } else if (entry.type !== "system") {
        checkingError = false;
      }
    }
    if (effect === "finished" && !endFound) {
      endFound = true;
      const at = timeOf(entry);
      if (at !== undefined) facts.lastTurnEndedAt = at;
    }
  }
  return facts;
}

/**
 * How an entry bears on the end of the turn: `finished` ends one (an answer that ended
 * its turn, an API error, an interrupt, Claude Code's turn-end records), `unfinished`
 * is a turn at work, undefined tells nothing.
 */
function turnEffect(entry: Entry): "finished" | "unfinished" | undefined {
  switch (entry.type) {
    case "assistant": {
      if (entry.isApiErrorMessage === true) return "finished";
      const stop = (entry.message as Entry | undefined)?.stop_reason;
      return stop === "end_turn" ? "finished" : "unfinished";
    }
    case "user":
      if (entry.isMeta === true) return undefined;
      return firstText(entry)?.startsWith(INTERRUPT) ? "finished" : "unfinished";
    case "system":
      return TURN_END_SUBTYPES.has(entry.subtype as string) ? "finished" : undefined;
    default:
      return undefined;
  }
}

/** A prompt the user typed: text (or an image) that is no tool result, meta entry or command. */
function isTypedPrompt(entry: Entry): boolean {
  if (entry.type !== "user" || entry.isMeta === true || entry.isCompactSummary === true) {
    return false;
  }
  const content = (entry.message as Entry | undefined)?.content;
  if (typeof content === "string") return isTypedText(content);
  if (!Array.isArray(content)) return false;
  let typed = false;
  for (const block of content as unknown[]) {
    const b = block as Entry | null;
    if (b?.type === "tool_result") return false;
    if (b?.type === "image" || b?.type === "document") typed = true;
    if (b?.type === "text" && typeof b.text === "string" && isTypedText(b.text)) typed = true;
  }
  return typed;
}

function isTypedText(text: string): boolean {
  return (
    text.trim() !== "" &&
    !text.startsWith(INTERRUPT) &&
    !text.startsWith(LOCAL_COMMAND) &&
    !isCommandPrompt(text)
  );
}

function firstText(entry: Entry): string | undefined {
  const content = (entry.message as Entry | undefined)?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  for (const block of content as unknown[]) {
    const b = block as Entry | null;
    if (b?.type === "text" && typeof b.text === "string") return b.text;
  }
  return undefined;
}

function timeOf(entry: Entry): number | undefined {
  if (typeof entry.timestamp !== "string") return undefined;
  const at = Date.parse(entry.timestamp);
  return Number.isNaN(at) ? undefined : at;
}

function parse(line: string): Entry | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Entry)
      : undefined;
  } catch {
    return undefined;
  }
}
