import { z } from "zod";

/** A goal control request, as the goal core takes it: a new objective, or `null` to clear. */
export interface GoalRequest {
  readonly sessionId: string;
  readonly objective: string | null;
}

/** The words an extension's goal method uses for its two actions. */
export interface GoalActionWords {
  readonly set: string;
  readonly clear: string;
}

/**
 * The params of a goal control method (AIR's `_session/goal`, Lody's `_lody/session/goal`:
 * the same shape, each extension's own action words): a non-empty `sessionId`, and `set`
 * with a non-blank `objective`, or `clear`. Any other action, a blank objective or params
 * that are not an object fail the parse (-32602).
 */
export function goalParamsSchema(actions: GoalActionWords) {
  return z.discriminatedUnion("action", [
    z.looseObject({
      sessionId: z.string().min(1),
      action: z.literal(actions.set),
      objective: z.string().refine((text) => text.trim().length > 0, "objective is blank"),
    }),
    z.looseObject({ sessionId: z.string().min(1), action: z.literal(actions.clear) }),
  ]);
}

/** Parsed params → the request: the objective of a `set`, trimmed; `null` for a clear. */
export function goalRequestOf(
  params: { readonly sessionId: string; readonly action: string; readonly objective?: unknown },
  actions: GoalActionWords,
): GoalRequest {
  const set = params.action === actions.set && typeof params.objective === "string";
  return {
    sessionId: params.sessionId,
    objective: set ? (params.objective as string).trim() : null,
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
