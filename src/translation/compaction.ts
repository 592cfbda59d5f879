import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";

/**
 * Context compaction → `compaction_update` for a client that declares
 * `session.compaction`, otherwise the synthetic "Compact conversation" tool call
 * (S000 "Context compaction"). Claude Code says `status: "compacting"` when it starts,
 * the PostCompact hook carries the summary, and `compact_boundary` ends it.
 */
export class CompactionTranslator {
  private current: { id: string; summary?: string } | undefined;
  private lastId: string | undefined;

  constructor(private readonly profile: ClientProfile) {}

  started(id: string): SessionUpdate[] {
    if (this.current) return [];
    this.current = { id: `compact-${id}` };
    const compactionId = this.current.id;
    if (this.profile.session.compaction) {
      return [{ sessionUpdate: "compaction_update", compactionId, status: "in_progress" }];
    }
    return [
      {
        sessionUpdate: "tool_call",
        toolCallId: compactionId,
        title: "Compact conversation",
        kind: "think",
        status: "in_progress",
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ];
  }

  /** The summary Claude wrote (PostCompact hook); it goes out with the completion. */
  summary(text: string): SessionUpdate[] {
    if (this.current) {
      this.current.summary = text;
      return [];
    }
    // The hook came after the boundary: send the summary on its own.
    return this.lastId ? this.finish(this.lastId, "completed", text) : [];
  }

  /** `compact_boundary`, or a failed compaction (`compact_result` other than success). */
  ended(success: boolean): SessionUpdate[] {
    const current = this.current;
    if (!current) return [];
    this.current = undefined;
    this.lastId = current.id;
    return this.finish(current.id, success ? "completed" : "failed", current.summary);
  }

  private finish(
    id: string,
    status: "completed" | "failed",
    summary: string | undefined,
  ): SessionUpdate[] {
    const text = summary?.trim();
    if (this.profile.session.compaction) {
      return [
        {
          sessionUpdate: "compaction_update",
          compactionId: id,
          status,
          ...(text ? { summary: [{ type: "text", text }] } : {}),
        },
      ];
    }
    return [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: id,
        status,
        ...(text ? { content: [{ type: "content", content: { type: "text", text } }] } : {}),
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ];
  }
}
