import { readForkPoint } from "../extensions/air/fork-point.js";
import { readForkAtTurn } from "../extensions/lody/turns.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { pointAt } from "../translation/replay/message-point.js";
import { invalidInput } from "../util/adapter-error.js";
import { findForkEntry } from "./history/stored-messages.js";
import { rewoundEntry } from "../sdk/transcripts/rewind-marker.js";
import { StoredTranscript } from "../sdk/transcripts/transcript-reader.js";

/**
 * The transcript entry a `session/fork` ends with, or undefined to fork the whole
 * history. Any client may fork at a message by the id it was shown (`messageId`, the
 * fork-at-message RFD: inclusive); AIR by its own fork point (S000 "Session fork
 * point"), a Lody client at one assistant message by its `turnId` (lody-contract.md
 * §7.9). A point that names no stored message, or a malformed `forkAtTurn`, is invalid
 * input. A whole fork of a rewound session ends where the rewind kept it.
 */
export async function forkEnd(
  profile: ClientProfile,
  params: { readonly messageId?: string; readonly _meta?: unknown },
  transcript: string,
): Promise<string | undefined> {
  const point = params.messageId
    ? pointAt(params.messageId)
    : profile.air.client
      ? readForkPoint(params._meta)
      : undefined;
  if (point) {
    const upTo = await findForkEntry(transcript, point);
    if (!upTo) {
      throw invalidInput(`no message matches the fork point ${JSON.stringify(point.messageId)}`);
    }
    return upTo;
  }
  const atTurn = profile.lody.client ? readForkAtTurn(params._meta) : undefined;
  if (atTurn?.kind === "malformed") throw invalidInput(atTurn.reason);
  if (atTurn?.kind === "turn") {
    if (!(await isMainMessage(transcript, atTurn.turnId))) {
      throw invalidInput(`no message of the session has turnId ${JSON.stringify(atTurn.turnId)}`);
    }
    return atTurn.turnId;
  }
  return await rewoundEntry(transcript);
}

/** Whether the transcript holds a message of the main conversation with this uuid. */
async function isMainMessage(transcript: string, uuid: string): Promise<boolean> {
  const { links } = await StoredTranscript.read(transcript);
  return links.some((link) => link.uuid === uuid && link.message && !link.sidechain);
}
