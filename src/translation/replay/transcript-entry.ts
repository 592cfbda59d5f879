/**
 * The entries of a Claude Code transcript (JSONL, one entry a line) that a replay
 * reads, as Claude Code 2.1.318 (SDK 0.3.318) writes them. Every other entry type
 * (`attachment`, `api-request*`, `queue-operation`, `last-prompt`, ...) only links the
 * conversation or is bookkeeping. Unknown shapes are tolerated: a field that is not
 * what we expect is treated as absent.
 */

/** How an entry hangs in the conversation tree, and what the branch choice needs. */
export interface EntryLink {
  /** The entry's line number in the file (0-based). */
  readonly line: number;
  readonly uuid: string;
  readonly parentUuid: string | undefined;
  /** A compaction boundary's link to the conversation before it. */
  readonly logicalParentUuid: string | undefined;
  /** A user or assistant message, or a local command's output (not a subagent's). */
  readonly message: boolean;
  readonly sidechain: boolean;
  /** Ids of the tool uses an assistant entry holds. */
  readonly toolUseIds: readonly string[];
  /** Ids of the tool uses a user entry answers. */
  readonly toolResultIds: readonly string[];
}

/** A user, assistant or system entry, as much of it as the replay reads. */
export interface MessageEntry {
  readonly type: "user" | "assistant" | "system";
  readonly uuid: string;
  readonly subtype?: string;
  readonly message?: { readonly id?: string; readonly model?: string; readonly content?: unknown };
  readonly isMeta?: boolean;
  readonly isCompactSummary?: boolean;
  readonly isVisibleInTranscriptOnly?: boolean;
  readonly isSidechain?: boolean;
  readonly isApiErrorMessage?: boolean;
  /** The tool's structured output, on a user entry holding a tool result. */
  readonly toolUseResult?: unknown;
  /** A compaction boundary's trigger and token counts (`compactMetadata`). */
  readonly compactMetadata?: unknown;
  /** A local command's stored output (`system` entry, subtype `local_command`). */
  readonly content?: unknown;
  /**
   * Who sent a user entry, when it was not the user (`origin.kind`: `coordinator` for a
   * parent's SendMessage to a subagent, `task-notification`, ...).
   */
  readonly origin?: string;
  /**
   * When the entry was written (ISO), kept only on a tool result and a task notification
   * (Lody's replayed task cards: a task's start and end).
   */
  readonly timestamp?: string;
}

/** `origin.kind` of the prompt Claude Code sends itself when a background task ends. */
export const TASK_NOTIFICATION = "task-notification";

/** Content block types that start a tool call, and those that answer one. */
export const TOOL_USE_BLOCKS: ReadonlySet<unknown> = new Set([
  "tool_use",
  "server_tool_use",
  "mcp_tool_use",
]);
const TOOL_RESULT_BLOCKS: ReadonlySet<unknown> = new Set(["tool_result"]);

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * The content blocks of an entry's message (a string content is one text block). The
 * stored array itself when every block is an object, as Claude Code writes them: a
 * replay asks for the blocks of every entry more than once.
 */
export function contentBlocks(entry: MessageEntry): ReadonlyArray<Record<string, unknown>> {
  const content = entry.message?.content;
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  if (content.every((block) => asRecord(block) !== undefined)) {
    return content as Array<Record<string, unknown>>;
  }
  return content.filter((block) => asRecord(block) !== undefined) as Array<Record<string, unknown>>;
}

/**
 * The entry as a message entry, or undefined for any other entry type. Only the fields
 * a replay reads are kept: a load holds the entries of a whole history until they are
 * replayed, and the rest (cwd, version, timestamps, ids) is ~10 strings per entry.
 */
export function asMessageEntry(raw: unknown): MessageEntry | undefined {
  const entry = asRecord(raw);
  if (!entry || typeof entry.uuid !== "string") return undefined;
  if (entry.type !== "user" && entry.type !== "assistant" && entry.type !== "system") {
    return undefined;
  }
  return {
    type: entry.type,
    uuid: entry.uuid,
    subtype: entry.subtype,
    message: messageOf(
      entry.message,
      entry.isApiErrorMessage === true || entry.isSidechain === true,
    ),
    isMeta: entry.isMeta,
    isCompactSummary: entry.isCompactSummary,
    isVisibleInTranscriptOnly: entry.isVisibleInTranscriptOnly,
    isSidechain: entry.isSidechain,
    isApiErrorMessage: entry.isApiErrorMessage,
    toolUseResult: entry.toolUseResult,
    compactMetadata: entry.compactMetadata,
    content: entry.subtype === "local_command" ? entry.content : undefined,
    origin: optionalString(asRecord(entry.origin)?.kind),
    timestamp:
      entry.toolUseResult !== undefined || asRecord(entry.origin)?.kind === TASK_NOTIFICATION
        ? optionalString(entry.timestamp)
        : undefined,
  } as MessageEntry;
}

/**
 * The parts of a stored message a replay reads: its id (an assistant message's, shared by
 * the entries of one Anthropic message) and content, and the model of an API error
 * message (Claude Code's own, `<synthetic>`, for a usage limit the replay reports) and of
 * a subagent's (a sidechain's: its child session shows it). Usage, the model of other
 * messages and stop data stay behind: they are a dozen small values of every assistant
 * entry.
 */
function messageOf(value: unknown, withModel: boolean): MessageEntry["message"] {
  const message = asRecord(value);
  if (!message) return undefined;
  const kept: MessageEntry["message"] =
    typeof message.id === "string"
      ? { id: message.id, content: message.content }
      : { content: message.content };
  return withModel && typeof message.model === "string" ? { ...kept, model: message.model } : kept;
}

/**
 * How an entry links into the conversation; undefined for entries outside the tree.
 * `message`: the entry as `asMessageEntry` reads it, when the caller has it already.
 */
export function toEntryLink(
  raw: unknown,
  line: number,
  message: MessageEntry | undefined = asMessageEntry(raw),
): EntryLink | undefined {
  const entry = asRecord(raw);
  const uuid = optionalString(entry?.uuid);
  if (!entry || !uuid) return undefined;
  const type = message?.type;
  const content = message?.message?.content;
  return {
    line,
    uuid,
    parentUuid: optionalString(entry.parentUuid),
    logicalParentUuid: optionalString(entry.logicalParentUuid),
    // A local command's output answers its command: the conversation's tip when last.
    message: type === "user" || type === "assistant" || message?.content !== undefined,
    sidechain: entry.isSidechain === true,
    toolUseIds: type === "assistant" ? blockIds(content, TOOL_USE_BLOCKS, "id") : NO_IDS,
    toolResultIds: type === "user" ? blockIds(content, TOOL_RESULT_BLOCKS, "tool_use_id") : NO_IDS,
  };
}

const NO_IDS: readonly string[] = [];

/**
 * The `key` of a message content's blocks of the given types (a string content has no
 * tool blocks). This runs for every stored entry as it is read, before V8 optimises it
 * (src/util/tiering.ts): an index loop over the stored array, with no callback and no
 * copy of the blocks (`contentBlocks` would make one for a string content).
 */
function blockIds(content: unknown, types: ReadonlySet<unknown>, key: string): readonly string[] {
  if (!Array.isArray(content)) return NO_IDS;
  let ids: string[] | undefined;
  for (let i = 0; i < content.length; i++) {
    // JSON gives no undefined; a block that is no object has no `type` to match.
    const block = content[i] as Block | null;
    if (block === null || !types.has(block.type)) continue;
    const id = block[key];
    if (typeof id === "string") (ids ??= []).push(id);
  }
  return ids ?? NO_IDS;
}

type Block = Record<string, unknown>;
