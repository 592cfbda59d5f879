import type { ClientProfile } from "../../profile/client-profile.js";
import type { TaskPresenter } from "../../session/subagents/async-tasks.js";
import { subagentsOffRoot } from "../../translation/subagents/child-session.js";
import { LodySubagentCards } from "./subagent-cards.js";
import { LodyTaskCards } from "./task-cards.js";

/**
 * A Lody client's background tasks as `_meta.lody.task` tool calls (lody-contract.md
 * §7.6), its subagents as task cards too when they stay on the root (no Lody subagent
 * events, no native child sessions: the cards are their fallback).
 */
export function lodyTaskPresenter(profile: ClientProfile): TaskPresenter {
  const cards = new LodyTaskCards();
  const subagents = subagentsOffRoot(profile) ? undefined : new LodySubagentCards(cards);
  return {
    present: (update, now) => cards.present(update, now),
    ...(subagents
      ? {
          observe: (message, now) => subagents.observe(message, now),
          shutdown: (now, error) => subagents.shutdown(now, error),
        }
      : {}),
  };
}
