import { createHash } from "node:crypto";
import { z } from "zod";
import { ownField, toPlainData } from "../../util/plain-data.js";
import { AIR, FORK, JETBRAINS } from "./keys.js";

/**
 * AIR's session fork point (air-extensions.md "Session fork point"): `session/fork`
 * with `_meta.jetbrains.air.fork {version: 1, messageId, messageFingerprint?,
 * messageOccurrence?}` forks at one message instead of copying the whole session.
 */
export interface ForkPoint {
  readonly messageId: string;
  /** `sha256:<hex>` of the message text; used when no message has the id. */
  readonly fingerprint: string | undefined;
  /** Which of the equal messages on the branch (1-based). */
  readonly occurrence: number | undefined;
}

const forkSchema = z.object({ version: z.literal(1), messageId: z.string() });
const fingerprintSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/i);
const occurrenceSchema = z.number().int().positive();

/**
 * The fork point of a request, or undefined when there is none to honour: another
 * version, a blank id, or a malformed object are ignored and the whole session is
 * forked (a malformed `_meta` enables nothing and breaks nothing). A malformed optional
 * field counts as absent.
 */
export function readForkPoint(meta: unknown): ForkPoint | undefined {
  const raw = ownField(ownField(ownField(toPlainData(meta), JETBRAINS), AIR), FORK);
  const parsed = forkSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.messageId.trim()) return undefined;
  const fingerprint = fingerprintSchema.safeParse(ownField(raw, "messageFingerprint"));
  const occurrence = occurrenceSchema.safeParse(ownField(raw, "messageOccurrence"));
  return {
    messageId: parsed.data.messageId.trim(),
    fingerprint: fingerprint.success ? fingerprint.data.toLowerCase() : undefined,
    occurrence: occurrence.success ? occurrence.data : undefined,
  };
}

/** `sha256:` and the SHA-256 hex digest of a message's text, as AIR computes it. */
export function messageFingerprint(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/** One stored message, as the fork point search sees it. */
export interface StoredMessage {
  /** The ids the client may know it by: the Anthropic message id, the entry uuids. */
  readonly ids: readonly string[];
  /** The transcript entry the fork ends with (the message's last entry). */
  readonly lastUuid: string;
  readonly fingerprint: string;
  /** On the branch the session continues from. */
  readonly onBranch: boolean;
}

/** `msg_1:segment:2` names a part of `msg_1`. */
function withoutSegment(id: string): string {
  return id.replace(/:segment:\d+$/, "");
}

/**
 * The message a fork point names, in file order: by id first (on the branch, then on
 * any branch); else by fingerprint, the `occurrence`-th equal message on the branch, or
 * the only stored message with that fingerprint. Undefined when nothing matches.
 */
export function findForkMessage(
  messages: readonly StoredMessage[],
  point: ForkPoint,
): StoredMessage | undefined {
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
