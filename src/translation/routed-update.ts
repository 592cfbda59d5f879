import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";

/**
 * Where an update belongs: `null` for the root session's own traffic, else the tool use
 * id of the subagent (Agent / Task) whose work it reports — the child. Translators tag
 * every update; which ACP session a child's updates reach (the root's flat transcript,
 * a native child session, nowhere) is the session's routing decision, not theirs.
 */
export type UpdateTarget = string | null;

export interface RoutedUpdate {
  readonly target: UpdateTarget;
  readonly update: SessionUpdate;
}

/** Updates of the root session's own traffic. */
export function toRoot(updates: readonly SessionUpdate[]): RoutedUpdate[] {
  const routed: RoutedUpdate[] = [];
  for (let i = 0; i < updates.length; i++) routed.push({ target: null, update: updates[i]! });
  return routed;
}

/** The updates alone, whatever their target (a replay that shows children in place). */
export function updatesOf(routed: readonly RoutedUpdate[]): SessionUpdate[] {
  const updates: SessionUpdate[] = [];
  for (let i = 0; i < routed.length; i++) updates.push(routed[i]!.update);
  return updates;
}
