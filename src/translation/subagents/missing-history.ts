import { nonEmpty } from "./child-session.js";

/** The title of the notice about a subagent whose stored history is missing. */
export const MISSING_HISTORY_TITLE = "Subagent history unavailable";

/**
 * The notice a replay gives for a subagent whose own transcript is not stored (its file,
 * or the metadata that names it, is gone): the child session cannot be restored, and
 * its Agent / Task call shows as the tool call it was (features.md 1n "Replay of
 * children"). `input` is the call's input; its description names the subagent.
 */
export function missingHistoryNotice(input: Readonly<Record<string, unknown>>): {
  title: string;
  description: string;
} {
  const name = nonEmpty(input.description);
  const subject = name === undefined ? "A subagent's" : `The subagent "${name}"'s`;
  return {
    title: MISSING_HISTORY_TITLE,
    description: `${subject} own history is not stored with this session, so it is shown as a tool call.`,
  };
}
