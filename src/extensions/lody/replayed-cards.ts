import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import {
  asRecord,
  contentBlocks,
  type MessageEntry,
} from "../../translation/replay/transcript-entry.js";
import { childAnswer } from "../../translation/subagents/child-answer.js";
import { SUBAGENT_TOOLS } from "../../translation/subagents/child-session.js";
import { BACKGROUND_TASK_KIND, SUBAGENT_TASK_KIND } from "./keys.js";
import type { LodyTaskCards } from "./task-cards.js";
import { type TaskProgress } from "./task-cards.js";

/** The tool whose backgrounded commands are Lody background tasks. */
const BASH = "Bash";
/** What Claude Code's task notification tells (2.1.318: `<task-id>`, `<status>`, `<summary>`). */
const NOTIFIED = /<task-id>([^<]+)<\/task-id>[\s\S]*?<status>([^<]+)<\/status>/;
const SUMMARY = /<summary>([\s\S]*?)<\/summary>/;

interface Call {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/**
 * Lody's task cards on `session/load` (lody-contract.md §7.6): what the live session
 * sent as `task:<taskId>` tool calls, read back from the stored transcript, in the same
 * place among the replayed updates. A backgrounded Bash command opens at its launch's
 * result (Claude Code stores its `backgroundTaskId`) and ends at its task notification;
 * with `subagents`, a foreground subagent opens and ends with its Agent / Task call's
 * result (its `agentId`, its answer as the summary, its usage; started its
 * `totalDurationMs` earlier), a background one ends at its notification. Times come from
 * the entries. A task the stored history leaves running ran in an earlier Claude Code,
 * which no longer runs it: `finish` ends it `failed`. Pure: entries in, updates out.
 */
export class ReplayedTaskCards {
  private readonly calls = new Map<string, Call>();
  private readonly open = new Set<string>();
  private lastSeconds = 0;

  constructor(
    private readonly cards: LodyTaskCards,
    /** Subagents as cards too (the live fallback's rule). */
    private readonly subagents: boolean,
  ) {}

  /** One entry of the root session's replay: the cards it opens or ends. */
  see(entry: MessageEntry): SessionUpdate[] {
    if (entry.type === "assistant") {
      for (const block of contentBlocks(entry)) {
        if (block.type !== "tool_use" || typeof block.id !== "string") continue;
        const name = String(block.name);
        if (name === BASH || (this.subagents && SUBAGENT_TOOLS.has(name)))
          this.calls.set(block.id, { name, input: asRecord(block.input) ?? {} });
      }
      return [];
    }
    if (entry.type !== "user") return [];
    const at = seconds(entry.timestamp);
    if (at !== undefined) this.lastSeconds = at;
    const now = at ?? this.lastSeconds;
    const content = entry.message?.content;
    if (typeof content === "string") return this.notified(content, now);
    const out: SessionUpdate[] = [];
    for (const block of contentBlocks(entry)) {
      if (block.type !== "tool_result" || typeof block.tool_use_id !== "string") continue;
      const call = this.calls.get(block.tool_use_id);
      if (!call) continue;
      this.calls.delete(block.tool_use_id);
      if (call.name === BASH) out.push(...this.launched(block.tool_use_id, call, entry, now));
      else out.push(...this.subagent(block, call, entry, now));
    }
    return out;
  }

  /** The end of the replay: the tasks still open ran in an earlier Claude Code. */
  finish(): SessionUpdate[] {
    const out: SessionUpdate[] = [];
    for (const taskId of this.open) {
      out.push(...this.cards.end(taskId, "failed", this.lastSeconds, { error: "Stopped" }));
    }
    this.open.clear();
    return out;
  }

  private launched(toolUseId: string, call: Call, entry: MessageEntry, now: number) {
    const taskId = text(asRecord(entry.toolUseResult)?.backgroundTaskId);
    if (!taskId) return [];
    this.open.add(taskId);
    const description = text(call.input.description) ?? text(call.input.command) ?? taskId;
    return this.cards.open(
      {
        taskId,
        kind: BACKGROUND_TASK_KIND,
        actor: BASH,
        description,
        parentToolCallId: toolUseId,
      },
      now,
    );
  }

  private subagent(block: Record<string, unknown>, call: Call, entry: MessageEntry, now: number) {
    const result = asRecord(entry.toolUseResult);
    const taskId = text(result?.agentId);
    if (!result || !taskId) return [];
    const duration = finite(result.totalDurationMs);
    const started = duration === undefined ? now : Math.floor(now - duration / 1000);
    const modelId = text(call.input.model);
    const updates = this.cards.open(
      {
        taskId,
        kind: SUBAGENT_TASK_KIND,
        actor: text(call.input.subagent_type) ?? text(result.agentType) ?? call.name,
        description: text(call.input.description) ?? taskId,
        parentToolCallId: String(block.tool_use_id),
        ...(modelId !== undefined ? { modelId } : {}),
      },
      started,
    );
    if (result.status !== "completed") {
      // A background launch: it ends at its task notification.
      this.open.add(taskId);
      return updates;
    }
    updates.push(...this.cards.progress(taskId, progressOf(result)));
    const summary = childAnswer(block.content, result);
    const ended = block.is_error === true ? "failed" : "completed";
    updates.push(...this.cards.end(taskId, ended, now, summary !== undefined ? { summary } : {}));
    return updates;
  }

  /** Claude Code's notification of a background task's end. */
  private notified(content: string, now: number): SessionUpdate[] {
    const match = NOTIFIED.exec(content);
    if (!match || !this.open.has(match[1]!)) return [];
    const [, taskId, status] = match as unknown as [string, string, string];
    this.open.delete(taskId);
    const summary = SUMMARY.exec(content)?.[1]?.trim();
    return this.cards.end(taskId, status === "completed" ? "completed" : "failed", now, {
      ...(summary ? { summary } : {}),
      ...(status === "killed" || status === "stopped" ? { error: "Stopped" } : {}),
    });
  }
}

/** A finished subagent's last tool and usage, as its live progress told them. */
function progressOf(result: Record<string, unknown>): TaskProgress {
  const tools = Array.isArray(result.toolsUsed) ? (result.toolsUsed as unknown[]) : [];
  const lastToolName = text(tools.at(-1));
  const totalTokens = finite(result.totalTokens);
  const toolUses = finite(result.totalToolUseCount);
  const durationMs = finite(result.totalDurationMs);
  const usage =
    totalTokens !== undefined && toolUses !== undefined && durationMs !== undefined
      ? { totalTokens, toolUses, durationMs }
      : undefined;
  return {
    ...(lastToolName !== undefined ? { lastToolName } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}

function seconds(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
