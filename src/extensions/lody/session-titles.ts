import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { storedTitle, type StoredTitle } from "../../sdk/transcripts/current-title.js";
import { LodyTitleState, lodyTitleUpdate, type TitlePublication } from "./title.js";
import { log } from "../../util/log.js";
import type { MessageTap } from "../../session/taps/message-tap.js";
import type { SessionTitles, TitleParts } from "../../session/taps/titles.js";

/**
 * A Lody client's session title (lody-contract.md §7.2; the rules are `LodyTitleState`'s):
 * read at a turn's end from the transcript (the user's title, else Claude Code's) and
 * named once by Claude Code's model from the turns' text. The model's title comes when
 * it comes, after the turn's answer; what is known at the end goes before it.
 */
export class LodyTitles implements SessionTitles {
  private readonly state = new LodyTitleState();
  /** The text of the running turn's top-level answers. */
  private answer = "";
  readonly tap: MessageTap = { observe: (message) => this.observe(message) };

  constructor(private readonly parts: TitleParts) {}

  know(title: StoredTitle | undefined): void {
    this.state.know(title);
  }

  async update(claudeSessionId: string, promptText: string): Promise<SessionUpdate[]> {
    const exchange = [promptText, this.answer].filter((text) => text.trim()).join("\n\n");
    this.answer = "";
    const renamed = /^\/rename\b/.test(promptText);
    const stored = this.state.wantsStored(renamed)
      ? await storedTitle(claudeSessionId, this.parts.cwd)
      : undefined;
    const { publish, generate } = this.state.turnEnded(exchange, stored);
    if (generate !== undefined) void this.generate(generate, claudeSessionId);
    return publish ? [toUpdate(publish)] : [];
  }

  private observe(message: SDKMessage): void {
    if (message.type !== "assistant" || message.parent_tool_use_id !== null) return;
    for (const block of message.message.content) {
      if (block.type === "text") this.answer += block.text;
    }
  }

  /** Asks the model for the session's one title; an empty or failed answer falls back. */
  private async generate(description: string, claudeSessionId: string): Promise<void> {
    let title: string | null = null;
    try {
      const query = this.parts.query();
      if (query) title = await query.generateTitle(description);
    } catch (error) {
      log.warn("no title generated", { sessionId: this.parts.sessionId, message: String(error) });
    }
    const fallback = await storedTitle(claudeSessionId, this.parts.cwd).catch(() => undefined);
    const publish = this.state.generationEnded(title, fallback);
    // Sent now, or held while a cancel keeps the session quiet.
    if (publish) this.parts.outbox.announce([toUpdate(publish)]);
  }
}

function toUpdate(publish: TitlePublication): SessionUpdate {
  return lodyTitleUpdate(publish.title, publish.source, new Date().toISOString());
}
