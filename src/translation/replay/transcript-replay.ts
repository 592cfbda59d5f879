import type { SDKAssistantMessage, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ContentBlock, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { ReplayedFailures } from "../failures/history.js";
import type { SessionFailureRecord } from "../failures/record.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { factsOf } from "../compaction.js";
import { agentTextChunk } from "../message-stream.js";
import { redactForUser } from "../../util/redact.js";
import { updatesOf } from "../routed-update.js";
import { SdkMessageTranslator } from "../sdk-message-translator.js";
import type { RegularFileCheck } from "../tool-calls/facts.js";
import { toDisplayPrompt } from "../session-title.js";
import { childAnswer } from "../subagents/child-answer.js";
import { SEND_MESSAGE, SUBAGENT_TOOLS } from "../subagents/child-session.js";
import { fileAfterTool } from "./file-after.js";
import {
  asRecord,
  contentBlocks,
  TASK_NOTIFICATION,
  TOOL_USE_BLOCKS,
  type MessageEntry,
} from "./transcript-entry.js";

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The update that shows a replayed session failure record (AIR `sessionFailure`: a
     * `session_info_update` carrying it). Present: a replay turns the stored usage-limit
     * failures into the records they were live; absent: they stay the text they were.
     */
    readonly replayedFailureUpdate?: (record: SessionFailureRecord) => SessionUpdate;
  }
}

/** A subagent whose stored transcript belongs before the result of its tool call. */
export interface SubagentRef {
  /**
   * The child's agent id, which names its stored transcript; undefined for a child that
   * completed but whose id was not stored (a nested child without its metadata file).
   */
  readonly agentId: string | undefined;
  readonly toolUseId: string;
  /** The Agent / Task input (a native child session's title and prompt). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The tool result is an error: the child's work ended with one. */
  readonly failed: boolean;
  /** The answer the child handed back (`childAnswer`), for a completed run. */
  readonly answer?: string;
  /** The worktree Claude Code ran the child in, when it kept it (`isolation: "worktree"`). */
  readonly cwd?: string;
}

/** A SendMessage that ran a child again, whose later run belongs before its result. */
export interface ResumeRef {
  /** The SendMessage's tool use id, which names the run. */
  readonly toolUseId: string;
  /** The child it resumed (`toolUseResult.resumedAgentId`). */
  readonly agentId: string;
  /** The message the parent sent (its input `message`), when it is text. */
  readonly message: string | undefined;
}

/**
 * A stored conversation → the `session/update`s the client saw live, for `session/load`.
 *
 * Transcript entries are rebuilt as the SDK messages Claude Code streamed and fed to the
 * same `SdkMessageTranslator` a live session uses, so a replay has the shapes of live
 * traffic for the negotiated client: text and thinking chunks with the Anthropic
 * `messageId`, tool calls through the same reporters and renderer, plans, compaction.
 * What a live session learns from hooks comes from the stored tool result: the full
 * response (`toolUseResult`) and, for edits, the file after the edit. Prompts the
 * client sent live are replayed as `user_message_chunk`s. No I/O.
 */
export class TranscriptReplay {
  private readonly translator: SdkMessageTranslator;
  private readonly toolNames = new Map<string, string>();
  /** The inputs of the subagent calls (Agent, Task), by tool use id. */
  private readonly subagentInputs = new Map<string, Record<string, unknown>>();
  /** The messages of the SendMessage calls, by tool use id. */
  private readonly sentMessages = new Map<string, unknown>();
  private compaction: string | undefined;
  /** The open compaction's stored trigger and token counts. */
  private compactionMetadata: unknown;
  /** The stored usage-limit failures as records, for a client that shows them (AIR `sessionFailure`). */
  private readonly failures: ReplayedFailures | undefined;
  private readonly failureUpdate: ((record: SessionFailureRecord) => SessionUpdate) | undefined;

  constructor(
    profile: ClientProfile,
    private readonly sessionId: string,
    private readonly flatSubagents: boolean,
    /** The live session's plan file check (AIR `planFile`), so a replay has its shapes. */
    regularFile?: RegularFileCheck,
    /** The session's directory (tool titles name the files in it relative to it). */
    cwd?: string,
  ) {
    this.translator = new SdkMessageTranslator(profile, flatSubagents, regularFile, undefined, cwd);
    this.translator.tools.replays();
    this.failureUpdate = profile.hooks.replayedFailureUpdate;
    this.failures = this.failureUpdate
      ? new ReplayedFailures(sessionId, (text) => redactForUser(text))
      : undefined;
  }

  /**
   * The updates for one stored entry, in file order. `parentToolUseId` marks an entry
   * of a subagent's transcript (only replayed for the flat transcript).
   */
  entry(entry: MessageEntry, parentToolUseId: string | null = null): SessionUpdate[] {
    const ended = this.compaction && !entry.isCompactSummary ? this.endCompaction() : [];
    return ended.length > 0
      ? ended.concat(this.of(entry, parentToolUseId))
      : this.of(entry, parentToolUseId);
  }

  private of(entry: MessageEntry, parentToolUseId: string | null): SessionUpdate[] {
    if (entry.type === "system") {
      if (entry.subtype === "local_command") return localCommandOutput(entry);
      return entry.subtype === "compact_boundary"
        ? this.startCompaction(entry.uuid, entry.compactMetadata)
        : [];
    }
    if (entry.type === "assistant") return this.assistant(entry, parentToolUseId);
    if (entry.isCompactSummary) return this.compactSummary(entry);
    return this.user(entry, parentToolUseId);
  }

  /** Which subagent calls were replayed as native child sessions (`ToolCallTranslator`). */
  knowChildSessions(hasChildSession: (toolUseId: string) => boolean): void {
    this.translator.tools.knowChildSessions(hasChildSession);
  }

  /** Closes what the stored history left open. */
  finish(): SessionUpdate[] {
    return this.endCompaction();
  }

  /**
   * The subagent that ran for this tool result, when the client asked for the flat
   * transcript; its entries go before the result, as they did live.
   */
  subagentOf(
    entry: MessageEntry,
    /** Agent ids by tool use id, for a result stored without one (a nested subagent). */
    agentIds?: ReadonlyMap<string, string>,
  ): SubagentRef | undefined {
    if (!this.flatSubagents || entry.type !== "user") return undefined;
    const result = contentBlocks(entry).find((b) => b.type === "tool_result");
    const toolUseId = result?.tool_use_id;
    if (typeof toolUseId !== "string" || !SUBAGENT_TOOLS.has(this.toolNames.get(toolUseId) ?? "")) {
      return undefined;
    }
    const structured = asRecord(entry.toolUseResult);
    const agentId =
      typeof structured?.agentId === "string" ? structured.agentId : agentIds?.get(toolUseId);
    const failed = result!.is_error === true;
    // Without an id, only a child that answered ran: a denied or failed launch had none.
    const answer = failed ? undefined : childAnswer(result!.content, structured);
    if (agentId === undefined && answer === undefined) return undefined;
    const input = this.subagentInputs.get(toolUseId) ?? {};
    const ref = { agentId, toolUseId, input, failed };
    const cwd = structured?.worktreePath;
    return {
      ...ref,
      ...(answer !== undefined ? { answer } : {}),
      ...(typeof cwd === "string" && cwd ? { cwd } : {}),
    };
  }

  /**
   * The SendMessage whose result this is, when it ran an idle child again (Claude Code
   * 2.1.318 names the child in `resumedAgentId`; a message to a working child does not
   * resume it), for a client that takes child sessions.
   */
  resumeOf(entry: MessageEntry): ResumeRef | undefined {
    if (!this.flatSubagents || entry.type !== "user") return undefined;
    const result = contentBlocks(entry).find((b) => b.type === "tool_result");
    const toolUseId = result?.tool_use_id;
    if (typeof toolUseId !== "string" || !this.sentMessages.has(toolUseId)) return undefined;
    const agentId = asRecord(entry.toolUseResult)?.resumedAgentId;
    if (typeof agentId !== "string" || !agentId || result!.is_error === true) return undefined;
    const message = this.sentMessages.get(toolUseId);
    return { toolUseId, agentId, message: typeof message === "string" ? message : undefined };
  }

  private assistant(entry: MessageEntry, parent: string | null): SessionUpdate[] {
    if (this.failures && this.failureUpdate && parent === null) {
      const record = this.failures.assistant({
        uuid: entry.uuid,
        model: entry.message?.model,
        text: entryText(entry),
      });
      if (record) return [this.failureUpdate(record)];
    }
    if (!entry.message) return [];
    // A failed API call is stored as a synthetic assistant message. Live it ended the turn
    // as an error (and a client that is not AIR saw its text, `apiErrorChunk`); a replay
    // cannot fail a prompt, so every client sees the text where it happened (issue 23),
    // unless the client's failure records (AIR `sessionFailure`) made it a record above.
    if (entry.isApiErrorMessage) return parent === null ? apiErrorText(entry) : [];
    const blocks = contentBlocks(entry);
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      if (TOOL_USE_BLOCKS.has(block.type) && typeof block.id === "string") {
        this.toolNames.set(block.id, String(block.name));
        if (SUBAGENT_TOOLS.has(String(block.name)))
          this.subagentInputs.set(block.id, asRecord(block.input) ?? {});
        else if (block.name === SEND_MESSAGE)
          this.sentMessages.set(block.id, asRecord(block.input)?.message);
      }
    }
    const message = {
      type: "assistant",
      message: { id: entry.message.id, content: blocks },
      parent_tool_use_id: parent,
      uuid: entry.uuid,
      session_id: this.sessionId,
    } as unknown as SDKAssistantMessage;
    return updatesOf(this.translator.translate(message));
  }

  private user(entry: MessageEntry, parent: string | null): SessionUpdate[] {
    // Index loops, no callbacks: this runs for every user entry of a history, mostly
    // before V8 optimises it (src/util/tiering.ts).
    const blocks = contentBlocks(entry);
    const results: Array<Record<string, unknown>> = [];
    for (let i = 0; i < blocks.length; i++) {
      if (blocks[i]!.type === "tool_result") results.push(blocks[i]!);
    }
    if (results.length > 0) return this.toolResults(entry, blocks, results, parent);
    // Meta entries are Claude Code's own context; a subagent's prompt was never shown.
    if (entry.isMeta || entry.isVisibleInTranscriptOnly || parent !== null) return [];
    this.translator.endTurn();
    this.failures?.prompt(entry.uuid);
    // Claude Code's own prompt after a background task ended (a resumed child's run among
    // them) starts a cycle of its own; live the client saw no prompt.
    if (entry.origin === TASK_NOTIFICATION) return [];
    const updates: SessionUpdate[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const content = toPromptContent(blocks[i]!);
      if (content)
        updates.push({ sessionUpdate: "user_message_chunk", content, messageId: entry.uuid });
    }
    return updates;
  }

  /** Tool results: first what the PostToolUse hook told live, then the result itself. */
  private toolResults(
    entry: MessageEntry,
    blocks: ReadonlyArray<Record<string, unknown>>,
    results: ReadonlyArray<Record<string, unknown>>,
    parent: string | null,
  ): SessionUpdate[] {
    let updates: SessionUpdate[] = [];
    const structured = entry.toolUseResult;
    const only = results.length === 1 ? results[0] : undefined;
    // PostToolUse runs for tools that succeeded; the stored result is its response.
    if (
      only &&
      only.is_error !== true &&
      typeof only.tool_use_id === "string" &&
      asRecord(structured)
    ) {
      const toolName = this.toolNames.get(only.tool_use_id) ?? "";
      updates = updatesOf(
        this.translator.tools.postToolUse(only.tool_use_id, {
          toolResponse: structured,
          fileAfter: fileAfterTool(toolName, structured),
          replayed: true,
        }),
      );
    }
    const message: Record<string, unknown> = {
      type: "user",
      message: { role: "user", content: blocks },
      parent_tool_use_id: parent,
    };
    if (only && structured !== undefined) message.tool_use_result = structured;
    message.uuid = entry.uuid;
    message.session_id = this.sessionId;
    return updates.concat(
      updatesOf(this.translator.translate(message as unknown as SDKUserMessage)),
    );
  }

  private startCompaction(id: string, metadata?: unknown): SessionUpdate[] {
    if (this.compaction) return [];
    this.compaction = id;
    this.compactionMetadata = metadata;
    const { trigger } = factsOf(metadata);
    return this.translator.compaction.started(id, trigger ? { trigger } : {});
  }

  private compactSummary(entry: MessageEntry): SessionUpdate[] {
    const text = contentBlocks(entry)
      .flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : []))
      .join("\n");
    const updates = this.compaction ? [] : this.startCompaction(entry.uuid);
    updates.push(...this.translator.compaction.summary(compactionSummaryText(text)));
    updates.push(...this.endCompaction());
    return updates;
  }

  private endCompaction(): SessionUpdate[] {
    if (!this.compaction) return [];
    this.compaction = undefined;
    const metadata = this.compactionMetadata;
    this.compactionMetadata = undefined;
    return this.translator.compaction.ended({ success: true, metadata });
  }
}

/**
 * A failed API call (an API error, a usage limit), stored as a synthetic assistant
 * message: live it ended the turn as an error (AIR `sessionFailure`: a usage limit as a
 * record, sent instead of this); replayed, its text stays in the transcript where it
 * happened, for every client (features 1g), redacted as the live error was.
 */
function apiErrorText(entry: MessageEntry): SessionUpdate[] {
  const text = entryText(entry);
  if (!text) return [];
  const id = typeof entry.message?.id === "string" ? entry.message.id : undefined;
  return [agentTextChunk(redactForUser(text), id)];
}

/** The wrapper Claude Code stores a local command's output in (2.1.318). */
const LOCAL_COMMAND_OUTPUT =
  /^<local-command-(?:stdout|stderr)>([\s\S]*)<\/local-command-(?:stdout|stderr)>$/;

/**
 * A local command's output (`/context`, `/usage`), stored as a system entry: the agent's
 * text, as it was live (features 1h).
 */
function localCommandOutput(entry: MessageEntry): SessionUpdate[] {
  if (typeof entry.content !== "string") return [];
  const text = (LOCAL_COMMAND_OUTPUT.exec(entry.content.trim())?.[1] ?? "").trim();
  if (!text) return [];
  return [agentTextChunk(text, entry.uuid)];
}

/** The text of an API error entry (Claude Code's own message); undefined for others. */
function entryText(entry: MessageEntry): string | undefined {
  if (!entry.isApiErrorMessage) return undefined;
  const blocks = contentBlocks(entry);
  return blocks[0]?.type === "text" && typeof blocks[0].text === "string"
    ? blocks[0].text
    : undefined;
}

/** A stored prompt block as the client sent it; undefined for what it never saw. */
function toPromptContent(block: Record<string, unknown>): ContentBlock | undefined {
  if (block.type === "text" && typeof block.text === "string") {
    const text = toDisplayPrompt(block.text);
    return text ? { type: "text", text } : undefined;
  }
  const source = asRecord(block.source);
  if (block.type === "image" && source?.type === "base64" && typeof source.data === "string") {
    return { type: "image", data: source.data, mimeType: String(source.media_type) };
  }
  return undefined;
}

/**
 * The summary Claude wrote, without the instructions Claude Code wraps around it when it
 * stores the summary as a user message (2.1.318, with "Summary:" before the text when
 * the model wrote a `<summary>` block); live, `bareSummary` reads the PostCompact hook's.
 */
export function compactionSummaryText(stored: string): string {
  return (
    stored
      .replace(/^This session is being continued from a previous conversation[^\n]*\n+/, "")
      .replace(/<system-reminder>[\s\S]*?<\/system-reminder>\n?/g, "")
      .split(/\n\nIf you need specific details from before compaction/)[0] ?? ""
  )
    .trim()
    .replace(/^Summary:\n/, "")
    .trim();
}
