import { z } from "zod";
import { ownField, toPlainData } from "../../util/plain-data.js";
import type { MessagePoint } from "../../translation/replay/message-point.js";
import { AIR, FORK, JETBRAINS } from "./keys.js";

/**
 * AIR's session fork point (air-extensions.md "Session fork point"): `session/fork`
 * with `_meta.jetbrains.air.fork {version: 1, messageId, messageFingerprint?,
 * messageOccurrence?}` forks at one message instead of copying the whole session. The
 * search for the message is the core's (`translation/replay/message-point.ts`), which the
 * standard `session/fork` `messageId` and `session/rewind` use too.
 */
export type ForkPoint = MessagePoint;

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

/** AIR's fork point as the core's `forkPoints` hook reads it (`agent/fork-end.ts`). */
export function airForkPoint(meta: unknown): { readonly point: ForkPoint } | undefined {
  const point = readForkPoint(meta);
  return point ? { point } : undefined;
}
