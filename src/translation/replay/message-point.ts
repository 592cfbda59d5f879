import { createHash } from "node:crypto";

/**
 * A message of a stored session a request points at: by the id the client was shown
 * (the Anthropic message id of an agent message, the entry uuid of a prompt), or, for
 * AIR's fork point, by the fingerprint of its text. Shared by `session/fork` at a message
 * (the RFD's `messageId`, AIR's `_meta.jetbrains.air.fork`) and `session/rewind`.
 */
export interface MessagePoint {
  readonly messageId: string;
  /** `sha256:<hex>` of the message text; used when no message has the id. */
  readonly fingerprint: string | undefined;
  /** Which of the equal messages on the branch (1-based). */
  readonly occurrence: number | undefined;
}

/** A point named by its id only (the standard methods have no fingerprint). */
export function pointAt(messageId: string): MessagePoint {
  return { messageId, fingerprint: undefined, occurrence: undefined };
}

/** One stored message, as the search for a point sees it. */
export interface StoredMessage {
  /** The ids the client may know it by: the Anthropic message id, the entry uuids. */
  readonly ids: readonly string[];
  /** The transcript entry the message ends with (its last entry). */
  readonly lastUuid: string;
  readonly fingerprint: string;
  /** On the branch the session continues from. */
  readonly onBranch: boolean;
}

/** `sha256:` and the SHA-256 hex digest of a message's text, as AIR computes it. */
export function messageFingerprint(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/** `msg_1:segment:2` names a part of `msg_1` (AIR's segments of one agent message). */
export function withoutSegment(id: string): string {
  return id.replace(/:segment:\d+$/, "");
}

/**
 * The message a point names, in file order: by id first (on the branch, then on any
 * branch); else by fingerprint, the `occurrence`-th equal message on the branch, or the
 * only stored message with that fingerprint. Undefined when nothing matches.
 */
export function findMessage<M extends StoredMessage>(
  messages: readonly M[],
  point: MessagePoint,
): M | undefined {
  const ids = new Set([point.messageId, withoutSegment(point.messageId)]);
  const byId = messages.filter((m) => m.ids.some((id) => ids.has(id)));
  const found = byId.findLast((m) => m.onBranch) ?? byId.at(-1);
  if (found || !point.fingerprint) return found;
  const equal = messages.filter((m) => m.fingerprint === point.fingerprint);
  const onBranch = equal.filter((m) => m.onBranch);
  if (point.occurrence !== undefined && onBranch[point.occurrence - 1]) {
    return onBranch[point.occurrence - 1];
  }
  if (equal.length === 1) return equal[0];
  if (point.occurrence === undefined && onBranch.length === 1) return onBranch[0];
  return undefined;
}
