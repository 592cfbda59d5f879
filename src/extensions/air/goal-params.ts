import { z } from "zod";
import { GOAL_ACTIONS } from "./keys.js";

/**
 * `_session/goal` params (air-extensions.md "Control request"): `sessionId` and `action`;
 * `set` also needs a non-blank `objective`. Any other action, or a blank objective, fails
 * the parse (the protocol answers `invalidParams`).
 */
export const goalParams = z.discriminatedUnion("action", [
  z.looseObject({
    sessionId: z.string().min(1),
    action: z.literal(GOAL_ACTIONS.set),
    objective: z.string().refine((text) => text.trim().length > 0, "objective is blank"),
  }),
  z.looseObject({ sessionId: z.string().min(1), action: z.literal(GOAL_ACTIONS.clear) }),
]);

export type GoalParams = z.infer<typeof goalParams>;

/** The goal command: a new objective (trimmed), or `null` to clear the goal. */
export interface GoalRequest {
  readonly sessionId: string;
  readonly objective: string | null;
}

export function toGoalRequest(params: GoalParams): GoalRequest {
  return {
    sessionId: params.sessionId,
    objective: params.action === GOAL_ACTIONS.set ? params.objective.trim() : null,
  };
}

/** The Claude Code command of a goal request: `/goal <objective>` or `/goal clear`. */
export function goalCommand(objective: string | null): string {
  return objective === null ? "/goal clear" : `/goal ${objective}`;
}

/**
 * The goal a prompt typed by the user sets: `/goal <objective>` → the objective,
 * `/goal clear` → `null`; undefined for any other prompt, and for a bare `/goal` (which
 * changes nothing). Such a prompt publishes a snapshot like the control method does.
 */
export function goalFromPrompt(text: string): string | null | undefined {
  const match = /^\/goal\s+([\s\S]*\S)\s*$/.exec(text);
  if (!match) return undefined;
  return match[1] === "clear" ? null : match[1];
}
