import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { promptSuggestionsUpdate, suggestionText } from "../../translation/prompt-suggestions.js";
import type { Outbox } from "../outbox.js";
import { promptSuggestionsShown } from "../start/query-setup.js";

/**
 * The next prompt Claude Code predicts after a turn (SDK option `promptSuggestions`: one
 * `prompt_suggestion` message after the turn's `result`), shown to a client that asked
 * for it until the user sends a prompt, which spends it. Claude Code predicts nothing on
 * a session's first turn, after an API error, in plan mode, or when the user turned it
 * off (`promptSuggestionEnabled: false` in the settings,
 * `CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION=false`).
 */
export class PromptSuggestions {
  /** What the client shows now (null: nothing). */
  private shown: string | null = null;

  constructor(
    /** Whether this client gets the predictions. */
    private readonly enabled: boolean,
    private readonly send: (update: SessionUpdate) => void,
  ) {}

  /** A session's predictions, shown when its client gets them (`promptSuggestionsShown`). */
  static for(
    profile: ClientProfile,
    passThrough: Readonly<Record<string, unknown>>,
    outbox: Outbox,
  ): PromptSuggestions {
    const shown = promptSuggestionsShown(profile, passThrough);
    return new PromptSuggestions(shown, (update) => outbox.send(update));
  }

  /** Takes a `prompt_suggestion` message; false for any other message. */
  observe(message: SDKMessage): boolean {
    if (message.type !== "prompt_suggestion") return false;
    this.show(suggestionText(message.suggestion));
    return true;
  }

  /** A prompt was sent: the prediction is spent, whatever the user typed. */
  spent(): void {
    this.show(null);
  }

  private show(text: string | null): void {
    if (!this.enabled || text === this.shown) return;
    this.shown = text;
    this.send(promptSuggestionsUpdate(text));
  }
}
