import {
  findMessage,
  messageFingerprint,
  type MessagePoint,
  type StoredMessage,
} from "../../translation/replay/message-point.js";
import { activeBranch } from "../../translation/replay/active-branch.js";
import {
  planRewind,
  type BranchEntry,
  type RewindPlan,
  type RewindRefusal,
} from "../../translation/replay/rewind-plan.js";
import { contentBlocks, type MessageEntry } from "../../translation/replay/transcript-entry.js";
import { toDisplayPrompt } from "../../translation/session-title.js";
import { readRewindMarker } from "../../sdk/transcripts/rewind-marker.js";
import { StoredTranscript } from "../../sdk/transcripts/transcript-reader.js";

interface Accumulated {
  readonly ids: string[];
  lastUuid: string;
  text: string;
  onBranch: boolean;
}

/**
 * The transcript entry a message point names (the last entry of that message), or
 * undefined when no stored message matches. Every branch of the file is searched;
 * the branch the session continues from (after a rewind, the kept one) comes first.
 */
export async function findForkEntry(
  path: string,
  point: MessagePoint,
): Promise<string | undefined> {
  const transcript = await StoredTranscript.read(path);
  const { links } = transcript;
  const lines = new Set(activeBranch(links, await readRewindMarker(path)));
  const onBranch = new Set(links.filter((l) => lines.has(l.line)).map((l) => l.uuid));
  const messages = new Map<string, Accumulated>();
  for (const entry of transcript.takeAll()) {
    if (entry.isSidechain || entry.isMeta || entry.isApiErrorMessage) continue;
    const key = messageKey(entry);
    const text = messageText(entry);
    if (key === undefined || text === undefined) continue;
    let message = messages.get(key);
    if (!message) {
      message = { ids: [], lastUuid: entry.uuid, text: "", onBranch: false };
      messages.set(key, message);
    }
    if (entry.type === "assistant" && entry.message?.id) message.ids.push(entry.message.id);
    message.ids.push(entry.uuid);
    message.lastUuid = entry.uuid;
    message.text += text;
    message.onBranch ||= onBranch.has(entry.uuid);
  }
  const stored: StoredMessage[] = [...messages.values()].map((m) => ({
    ids: m.ids,
    lastUuid: m.lastUuid,
    fingerprint: messageFingerprint(m.text),
    onBranch: m.onBranch,
  }));
  return findMessage(stored, point)?.lastUuid;
}

/** A rewind plan, with the file's tip it moves back from (the marker's `from`). */
export type StoredRewind = (RewindPlan & { readonly tip: string }) | RewindRefusal;

/**
 * Plans a rewind of the stored session at `path` to `messageId` (`planRewind`), on the
 * branch it continues from (after an earlier rewind, the kept one).
 */
export async function storedRewind(
  path: string,
  messageId: string,
  mode: "rewind" | "edit",
): Promise<StoredRewind> {
  const transcript = await StoredTranscript.read(path);
  const { links } = transcript;
  const tip = links.findLast((l) => l.message && !l.sidechain);
  if (!tip) return { refused: "the session has no history yet" };
  const lines = activeBranch(links, await readRewindMarker(path));
  const parents = new Map(links.map((l) => [l.line, l.parentUuid]));
  const branch: BranchEntry[] = [];
  for (const line of lines) {
    const entry = transcript.take(line);
    if (entry && !entry.isSidechain) branch.push({ entry, parentUuid: parents.get(line) });
  }
  transcript.release();
  const plan = planRewind(branch, messageId, mode);
  return "refused" in plan ? plan : { ...plan, tip: tip.uuid };
}

/** Entries of one Anthropic message share its id; a prompt is a message of its own. */
function messageKey(entry: MessageEntry): string | undefined {
  if (entry.type === "assistant") return entry.message?.id ? `a:${entry.message.id}` : undefined;
  if (entry.type === "user") return `u:${entry.uuid}`;
  return undefined;
}

/**
 * The text the client was shown for an entry: an agent message's text blocks, a
 * prompt as the user wrote it. Undefined for entries that are no message of either
 * kind (tool results).
 */
export function messageText(entry: MessageEntry): string | undefined {
  const blocks = contentBlocks(entry);
  if (entry.type === "user" && blocks.some((b) => b.type === "tool_result")) return undefined;
  return blocks
    .flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : []))
    .map((text) => (entry.type === "user" ? toDisplayPrompt(text) : text))
    .join("");
}
