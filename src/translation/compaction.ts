import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import { redactForUser } from "../util/redact.js";

/**
 * Who started a compaction: a typed `/compact`, Claude Code near the context limit, or
 * the adapter's own `/compact` for an idle session (`session/taps/idle-compaction.ts`).
 */
export type CompactionTrigger = "manual" | "automatic" | "idle";

/** What the adapter knows of one compaction: the facts both forms report at the end. */
export interface CompactionFacts {
  readonly trigger?: CompactionTrigger;
  readonly preTokens?: number;
  readonly postTokens?: number;
  readonly durationMs?: number;
  /** The error of a failed compaction, fit for the user. */
  readonly error?: string;
}

/** The two shapes of a compaction report (S000 "Context compaction"). */
export type CompactionForm = "compaction_update" | "tool_call";

/** How a compaction ended: Claude Code's boundary with its metadata, or a failure. */
export type CompactionEnd =
  | { readonly success: true; readonly metadata?: unknown }
  | { readonly success: false; readonly error?: unknown };

/**
 * An extension's `_meta` for a compaction report (AIR `contextCompaction`, Lody's
 * `activity`): `meta` with its keys merged in, or `meta` itself when it adds none.
 */
export type CompactionMeta = (
  meta: Record<string, unknown> | undefined,
  facts: CompactionFacts,
  form: CompactionForm,
) => Record<string, unknown> | undefined;

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The extensions' `_meta` of a compaction report, applied in order. */
    readonly compactionMeta?: readonly CompactionMeta[];
    /**
     * An open compaction's tool call fails when its turn ends without an end from Claude
     * Code, so that the extension's activity does not run on (Lody, lody-contract.md §7.5).
     */
    readonly compactionFailsOnTurnEnd?: boolean;
  }
}

interface Running {
  readonly id: string;
  trigger?: CompactionTrigger;
  /** The opening update went out. */
  announced: boolean;
  /** The summary for the tool call's completion (the RFD's goes out as a chunk at once). */
  summary?: string;
}

const COMPACT_TOOL_META = { claudeCode: { toolName: "compact" } } as const;

/** Why a compaction still open when its turn ended is reported failed (Lody). */
export const ABANDONED_COMPACTION = "The turn ended before the compaction finished.";

/**
 * Context compaction → `compaction_update` and `compaction_summary_chunk` for a client
 * that declares `session.compaction` (the ACP compaction RFD), otherwise the synthetic
 * "Compact conversation" tool call (S000 "Context compaction"). Claude Code says
 * `status: "compacting"` when it starts, the PreCompact hook names the trigger, the
 * PostCompact hook carries the summary, and `compact_boundary` ends it with the token
 * counts (a failure ends it with `compact_result: "failed"` and `compact_error`).
 *
 * The opening update waits for the trigger, so that it always carries it: the PreCompact
 * hook comes before the `compacting` status of an automatic compaction and after that
 * of a typed `/compact` (Claude Code 2.1.318), never after the summary or the end.
 */
export class CompactionTranslator {
  private current: Running | undefined;
  /** A trigger that came before its compaction's `compacting` status. */
  private pendingTrigger: CompactionTrigger | undefined;
  private lastId: string | undefined;
  /**
   * The adapter sent the `/compact` that runs: Claude Code reports it as manual, like
   * every `/compact`, and only the adapter knows it is the idle one.
   */
  private idle = false;
  private readonly rfd: boolean;
  private readonly metas: readonly CompactionMeta[];
  /** `ExtensionHooks.compactionFailsOnTurnEnd`, for the tool call form. */
  private readonly failsOnTurnEnd: boolean;

  constructor(profile: ClientProfile) {
    this.rfd = profile.session.compaction;
    this.metas = profile.hooks.compactionMeta ?? [];
    this.failsOnTurnEnd = profile.hooks.compactionFailsOnTurnEnd === true && !this.rfd;
  }

  /**
   * Whether what compacts now is the adapter's idle `/compact` (from before it is sent
   * until its cycle ends): its manual trigger is reported as `idle`. Claude Code's own
   * automatic compaction stays automatic.
   */
  idleCompaction(on: boolean): void {
    this.idle = on;
  }

  /**
   * `status: "compacting"`: the opening update waits for the trigger. `stored`: a stored
   * boundary of a replay, whose trigger is all there is to know (there is no hook): the
   * opening update goes out now.
   */
  started(id: string, stored?: { readonly trigger?: CompactionTrigger }): SessionUpdate[] {
    if (this.current) return [];
    const trigger = stored ? stored.trigger : this.pendingTrigger;
    this.current = { id: `compact-${id}`, trigger, announced: false };
    this.pendingTrigger = undefined;
    return trigger || stored ? this.announce(this.current) : [];
  }

  /** The PreCompact hook's trigger (`manual` or `auto`). */
  triggered(raw: unknown): SessionUpdate[] {
    const trigger = this.ownTrigger(toTrigger(raw));
    if (!trigger) return [];
    const current = this.current;
    if (!current) {
      this.pendingTrigger = trigger;
      return [];
    }
    current.trigger ??= trigger;
    return this.announce(current);
  }

  /** The summary Claude wrote (PostCompact hook, or the stored summary of a replay). */
  summary(text: string): SessionUpdate[] {
    const current = this.current;
    const trimmed = bareSummary(text);
    if (!current) {
      // The hook came after the boundary: send the summary on its own.
      return this.lastId && trimmed ? this.lateSummary(this.lastId, trimmed) : [];
    }
    const updates = this.announce(current);
    if (!trimmed) return updates;
    if (!this.rfd) {
      current.summary = trimmed;
    } else {
      updates.push({
        sessionUpdate: "compaction_summary_chunk",
        compactionId: current.id,
        content: { type: "text", text: trimmed },
      });
    }
    return updates;
  }

  /** `compact_boundary`, or a failed compaction (`compact_result` other than success). */
  ended(end: CompactionEnd): SessionUpdate[] {
    const current = this.current;
    if (!current) return [];
    this.current = undefined;
    // Only a completed compaction takes a summary that comes late.
    this.lastId = end.success ? current.id : undefined;
    const facts = end.success
      ? withTrigger(this.ownFacts(factsOf(end.metadata)), current.trigger)
      : withTrigger(errorFacts(end.error), current.trigger);
    const updates = this.announce(current);
    updates.push(this.finish(current, end.success ? "completed" : "failed", facts));
    return updates;
  }

  /**
   * A turn ended: a compaction still open will get no end from Claude Code, and a client
   * whose extension asks (`compactionFailsOnTurnEnd`) is told it failed. For other
   * clients nothing changes.
   */
  abandoned(): SessionUpdate[] {
    const current = this.current;
    if (!this.failsOnTurnEnd || !current) return [];
    this.current = undefined;
    this.pendingTrigger = undefined;
    this.lastId = undefined;
    if (!current.announced) return [];
    const facts = withTrigger({ error: ABANDONED_COMPACTION }, current.trigger);
    return [this.finish(current, "failed", facts)];
  }

  /** `trigger`, with the idle `/compact`'s manual one as `idle`. */
  private ownTrigger(trigger: CompactionTrigger | undefined): CompactionTrigger | undefined {
    return this.idle && trigger === "manual" ? "idle" : trigger;
  }

  private ownFacts(facts: CompactionFacts): CompactionFacts {
    const trigger = this.ownTrigger(facts.trigger);
    return trigger === facts.trigger ? facts : { ...facts, trigger };
  }

  /** The opening update, once. */
  private announce(current: Running): SessionUpdate[] {
    if (current.announced) return [];
    current.announced = true;
    const facts: CompactionFacts = current.trigger ? { trigger: current.trigger } : {};
    if (this.rfd) {
      const update: SessionUpdate = {
        sessionUpdate: "compaction_update",
        compactionId: current.id,
        status: "in_progress",
      };
      const meta = this.meta(undefined, facts, "compaction_update");
      if (meta) update._meta = meta;
      return [update];
    }
    return [
      {
        sessionUpdate: "tool_call",
        toolCallId: current.id,
        title: "Compact conversation",
        kind: "think",
        status: "in_progress",
        _meta: this.toolMeta(facts),
      },
    ];
  }

  private finish(
    current: Running,
    status: "completed" | "failed",
    facts: CompactionFacts,
  ): SessionUpdate {
    if (this.rfd) {
      const update: SessionUpdate = {
        sessionUpdate: "compaction_update",
        compactionId: current.id,
        status,
      };
      // The chunk holds the summary: it is not sent again in full.
      if (facts.error !== undefined) update.error = facts.error;
      const meta = this.meta(undefined, facts, "compaction_update");
      if (meta) update._meta = meta;
      return update;
    }
    const summary = status === "completed" ? current.summary : undefined;
    const text = facts.error !== undefined ? `Compaction failed: ${facts.error}` : summary;
    const update: SessionUpdate = {
      sessionUpdate: "tool_call_update",
      toolCallId: current.id,
      status,
    };
    if (text) update.content = [{ type: "content", content: { type: "text", text } }];
    const rawOutput = { ...facts };
    if (Object.keys(rawOutput).length > 0) update.rawOutput = rawOutput;
    update._meta = this.toolMeta(facts);
    return update;
  }

  private lateSummary(id: string, text: string): SessionUpdate[] {
    if (this.rfd) {
      return [
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status: "completed",
          summary: [{ type: "text", text }],
        },
      ];
    }
    return [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: id,
        status: "completed",
        content: [{ type: "content", content: { type: "text", text } }],
        _meta: { ...COMPACT_TOOL_META },
      },
    ];
  }

  private toolMeta(facts: CompactionFacts): Record<string, unknown> {
    const meta = { ...COMPACT_TOOL_META };
    return this.meta(meta, facts, "tool_call") ?? meta;
  }

  /** `meta` with the negotiated extensions' keys of the report. */
  private meta(
    meta: Record<string, unknown> | undefined,
    facts: CompactionFacts,
    form: CompactionForm,
  ): Record<string, unknown> | undefined {
    for (const add of this.metas) meta = add(meta, facts, form);
    return meta;
  }
}

function toTrigger(raw: unknown): CompactionTrigger | undefined {
  if (raw === "manual") return "manual";
  if (raw === "auto") return "automatic";
  return undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === "number" && value >= 0 && value < Infinity ? value : undefined;
}

/**
 * The facts of `compact_boundary.compact_metadata` (`pre_tokens`, ... live) or of a
 * stored boundary's `compactMetadata` (`preTokens`, ...); what is missing stays absent.
 */
export function factsOf(metadata: unknown): CompactionFacts {
  const m =
    metadata !== null && typeof metadata === "object" ? (metadata as Record<string, unknown>) : {};
  const facts: {
    -readonly [K in keyof CompactionFacts]: CompactionFacts[K];
  } = {};
  const trigger = toTrigger(m.trigger);
  if (trigger) facts.trigger = trigger;
  const pre = count(m.pre_tokens ?? m.preTokens);
  if (pre !== undefined) facts.preTokens = pre;
  const post = count(m.post_tokens ?? m.postTokens);
  if (post !== undefined) facts.postTokens = post;
  const duration = count(m.duration_ms ?? m.durationMs);
  if (duration !== undefined) facts.durationMs = duration;
  return facts;
}

/** The trigger the boundary names wins; else the one the hook named. */
function withTrigger(
  facts: CompactionFacts,
  trigger: CompactionTrigger | undefined,
): CompactionFacts {
  return facts.trigger || !trigger ? facts : { trigger, ...facts };
}

/**
 * `compact_error` fit for the user. Claude Code 2.1.318 sends a code for an automatic
 * compaction with too little conversation (its own text for it is the one below), and
 * "Error during compaction: <error>" for a failed summary request: the prefix would
 * repeat "Compaction failed".
 */
function errorFacts(raw: unknown): CompactionFacts {
  if (typeof raw !== "string") return {};
  const text =
    raw === "too_few_groups"
      ? "Not enough messages to compact."
      : redactForUser(raw.replace(/^Error during compaction: /, ""));
  return text ? { error: text } : {};
}

/**
 * The summary without Claude's drafting: the model writes `<analysis>` (a scratchpad)
 * and `<summary>` blocks, and the PostCompact hook passes them as written (Claude Code
 * 2.1.318 keeps only the summary in the conversation, as "Summary:\n…").
 */
export function bareSummary(text: string): string {
  const withoutDraft = text.replace(/<analysis>[\s\S]*?<\/analysis>/g, "");
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(withoutDraft);
  return (summary ? summary[1]! : withoutDraft).trim();
}
