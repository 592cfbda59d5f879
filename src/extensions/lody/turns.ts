import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { invalidInput } from "../../util/adapter-error.js";
import { ownField, toPlainData } from "../../util/plain-data.js";
import { LODY, LODY_META_KEYS } from "./keys.js";

/**
 * `session_info_update {_meta.lody.turnId}` after a top-level assistant message (live and
 * replayed; lody-contract.md §7.9): the message's SDK uuid, which `forkAtTurn` names.
 */
export function turnIdUpdate(uuid: string): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    _meta: { [LODY]: { [LODY_META_KEYS.turnId]: uuid } },
  };
}

/** Where a `session/fork` of a Lody client ends. */
export type ForkAtTurn =
  /** No `forkAtTurn`, or one without a turn: the whole history. */
  | { readonly kind: "whole" }
  /** At the assistant message with this SDK uuid. */
  | { readonly kind: "turn"; readonly turnId: string }
  /** A `forkAtTurn` that is not `{version: 1, turnId?: string}`: invalid params. */
  | { readonly kind: "malformed"; readonly reason: string };

const forkAtTurnSchema = z.object({
  version: z.literal(1),
  turnId: z.string().optional(),
});

/**
 * Reads `_meta.lody.forkAtTurn` of a `session/fork` request (contract §3, §7.9): a missing
 * or empty `turnId` forks the whole history; anything but `{version: 1, turnId?: string}`
 * is malformed.
 */
export function readForkAtTurn(meta: unknown): ForkAtTurn {
  const raw = ownField(ownField(toPlainData(meta), LODY), LODY_META_KEYS.forkAtTurn);
  if (raw === undefined) return { kind: "whole" };
  const parsed = forkAtTurnSchema.safeParse(raw);
  if (!parsed.success) {
    return { kind: "malformed", reason: "_meta.lody.forkAtTurn must be {version: 1, turnId?}" };
  }
  const turnId = parsed.data.turnId?.trim();
  return turnId ? { kind: "turn", turnId } : { kind: "whole" };
}

/**
 * `forkAtTurn` as the core's `forkPoints` hook reads it (`agent/fork-end.ts`): the turn's
 * message, which must be one of the main conversation; none for the whole history; a
 * malformed one is invalid params.
 */
export function lodyForkPoint(
  meta: unknown,
): { readonly uuid: string; readonly missing: string } | undefined {
  const at = readForkAtTurn(meta);
  if (at.kind === "malformed") throw invalidInput(at.reason);
  if (at.kind === "whole") return undefined;
  return {
    uuid: at.turnId,
    missing: `no message of the session has turnId ${JSON.stringify(at.turnId)}`,
  };
}
