import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { storedTitleAt } from "../../sdk/transcripts/current-title.js";
import type { ReplayAddition } from "../../session/history/history-replay.js";
import type { MessageEntry } from "../../translation/replay/transcript-entry.js";
import { subagentsOffRoot } from "../../translation/subagents/child-session.js";
import { TITLE_SOURCES } from "./keys.js";
import { ReplayedTaskCards } from "./replayed-cards.js";
import { LodyTaskCards } from "./task-cards.js";
import { lodyTitleUpdate } from "./title.js";
import { turnIdUpdate } from "./turns.js";

/**
 * What a Lody client's `session/load` replay adds to the root session's updates, in
 * their place, as live (the `replayAdditions` hook): its task cards (contract §7.6, the
 * subagents' too where live has them), the `turnId` after each assistant message (§7.9),
 * and at the end the session's stored title (§7.2).
 */
export function lodyReplayAddition(profile: ClientProfile): ReplayAddition {
  const cards = new ReplayedTaskCards(new LodyTaskCards(), !subagentsOffRoot(profile));
  return {
    entry: (entry: MessageEntry): SessionUpdate[] => {
      const updates = cards.see(entry);
      return entry.type === "assistant" ? [...updates, turnIdUpdate(entry.uuid)] : updates;
    },
    finish: async (transcript: string): Promise<SessionUpdate[]> => [
      ...cards.finish(),
      ...(await lodyStoredTitle(transcript)),
    ],
  };
}

/**
 * A Lody client's title of a loaded session (lody-contract.md §7.2): the user's stored
 * title as `explicit`, else Claude Code's as a `fallback` preview.
 */
async function lodyStoredTitle(transcript: string): Promise<SessionUpdate[]> {
  const title = await storedTitleAt(transcript);
  if (!title) return [];
  const source = title.custom ? TITLE_SOURCES.explicit : TITLE_SOURCES.fallback;
  return [lodyTitleUpdate(title.text, source, new Date().toISOString())];
}
