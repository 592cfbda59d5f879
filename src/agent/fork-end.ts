import { readForkPoint } from "../extensions/air/fork-point.js";
import { readForkAtTurn } from "../extensions/lody/turns.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { invalidInput } from "../util/adapter-error.js";
import { findForkEntry } from "./history/stored-messages.js";
import { StoredTranscript } from "../sdk/transcripts/transcript-reader.js";

/**
 * The transcript entry a `session/fork` ends with, or undefined to fork the whole
 * history. AIR may fork at one message (S000 "Session fork point"), a Lody client at one
 * assistant message by its `turnId` (lody-contract.md §7.9); other clients fork it all.
 * A point that names no stored message, or a malformed `forkAtTurn`, is invalid input.
 */
export async function forkEnd(
  profile: ClientProfile,
  meta: unknown,
  transcript: string,
): Promise<string | undefined> {
  const point = profile.air.client ? readForkPoint(meta) : undefined;
  if (point) {
    const upTo = await findForkEntry(transcript, point);
    if (!upTo) {
      throw invalidInput(`no message matches the fork point ${JSON.stringify(point.messageId)}`);
    }
    return upTo;
  }
  if (!profile.lody.client) return undefined;
  const atTurn = readForkAtTurn(meta);
  if (atTurn.kind === "malformed") throw invalidInput(atTurn.reason);
  if (atTurn.kind === "whole") return undefined;
  if (!(await isMainMessage(transcript, atTurn.turnId))) {
    throw invalidInput(`no message of the session has turnId ${JSON.stringify(atTurn.turnId)}`);
  }
  return atTurn.turnId;
}

/** Whether the transcript holds a message of the main conversation with this uuid. */
async function isMainMessage(transcript: string, uuid: string): Promise<boolean> {
  const { links } = await StoredTranscript.read(transcript);
  return links.some((link) => link.uuid === uuid && link.message && !link.sidechain);
}
