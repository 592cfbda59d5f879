import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";

/**
 * `session_info_update._meta.promptSuggestions` (features 1d, the reference's key): the
 * prompt Claude Code predicts the user sends next, `{suggestions: [{text}]}`; an empty
 * list clears the one the client shows.
 */
export const PROMPT_SUGGESTIONS = "promptSuggestions";

/** The prediction as shown: null for one that says nothing (Claude Code may predict blanks). */
export function suggestionText(raw: unknown): string | null {
  const text = typeof raw === "string" ? raw.trim() : "";
  return text === "" ? null : text;
}

/** The update that shows `text`, or clears the prediction for null. */
export function promptSuggestionsUpdate(text: string | null): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    _meta: { [PROMPT_SUGGESTIONS]: { suggestions: text === null ? [] : [{ text }] } },
  };
}
