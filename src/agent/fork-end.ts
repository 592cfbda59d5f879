import type { ClientProfile } from "../profile/client-profile.js";
import { pointAt, type MessagePoint } from "../translation/replay/message-point.js";
import { invalidInput } from "../util/adapter-error.js";
import { findForkEntry } from "./history/stored-messages.js";
import { rewoundEntry } from "../sdk/transcripts/rewind-marker.js";
import { StoredTranscript } from "../sdk/transcripts/transcript-reader.js";

/**
 * Where a negotiated extension's own `_meta` ends a fork: at a message point, searched as
 * the standard `messageId` is (`translation/replay/message-point.ts`), or at the message of
 * the main conversation with this uuid (`missing`: the invalid-input reason when there is
 * none).
 */
export type ExtensionForkPoint =
  { readonly point: MessagePoint } | { readonly uuid: string; readonly missing: string };

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * Read a `session/fork` request's `_meta` for where the fork ends, when it names no
     * standard `messageId` (AIR's fork point, Lody's `forkAtTurn`): the first that gives a
     * point wins; undefined forks the whole history; a malformed one throws `invalidInput`.
     */
    readonly forkPoints?: readonly ((meta: unknown) => ExtensionForkPoint | undefined)[];
  }
}

/**
 * The transcript entry a `session/fork` ends with, or undefined to fork the whole
 * history. Any client may fork at a message by the id it was shown (`messageId`, the
 * fork-at-message RFD: inclusive); a negotiated extension at the point its `_meta` names
 * (`forkPoints`). A point that names no stored message is invalid input. A whole fork of
 * a rewound session ends where the rewind kept it.
 */
export async function forkEnd(
  profile: ClientProfile,
  params: { readonly messageId?: string; readonly _meta?: unknown },
  transcript: string,
): Promise<string | undefined> {
  const point = params.messageId
    ? { point: pointAt(params.messageId) }
    : extensionPoint(profile, params._meta);
  if (point && "point" in point) {
    const upTo = await findForkEntry(transcript, point.point);
    if (!upTo) {
      throw invalidInput(
        `no message matches the fork point ${JSON.stringify(point.point.messageId)}`,
      );
    }
    return upTo;
  }
  if (point) {
    if (!(await isMainMessage(transcript, point.uuid))) throw invalidInput(point.missing);
    return point.uuid;
  }
  return await rewoundEntry(transcript);
}

/** The first fork point a negotiated extension reads from the request's `_meta`. */
function extensionPoint(profile: ClientProfile, meta: unknown): ExtensionForkPoint | undefined {
  for (const read of profile.hooks.forkPoints ?? []) {
    const point = read(meta);
    if (point) return point;
  }
  return undefined;
}

/** Whether the transcript holds a message of the main conversation with this uuid. */
async function isMainMessage(transcript: string, uuid: string): Promise<boolean> {
  const { links } = await StoredTranscript.read(transcript);
  return links.some((link) => link.uuid === uuid && link.message && !link.sidechain);
}
