import { access } from "node:fs/promises";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../protocol/client-profile.js";
import { readEntries, readLinks, reportUnreadable } from "../agent/history/transcript-reader.js";
import { subagentTranscriptPath } from "../sdk/transcript-paths.js";
import { activeBranch } from "../translation/replay/active-branch.js";
import { TranscriptReplay } from "../translation/replay/transcript-replay.js";
import { log } from "../util/log.js";

export interface HistoryReplayRequest {
  readonly sessionId: string;
  /** The session's stored transcript. */
  readonly transcript: string;
  readonly profile: ClientProfile;
  /** The client asked for subagents' traffic in the root session (flat transcript). */
  readonly flatSubagents: boolean;
  readonly client: ClientPort;
}

/**
 * Sends a stored conversation to the client as `session/update`s, in order, resolving
 * once the client has been handed the last one (`session/load` answers after that).
 * The branch the session continues from is replayed; abandoned branches and subagents
 * stay out (subagents go in for the flat transcript, before their tool's result, as
 * live). Unreadable lines are skipped and logged.
 */
export async function replayHistory(request: HistoryReplayRequest): Promise<void> {
  const { sessionId, transcript, client } = request;
  const { links, unreadable } = await readLinks(transcript);
  reportUnreadable(sessionId, transcript, unreadable);
  const lines = new Set(activeBranch(links));
  const replay = new TranscriptReplay(request.profile, sessionId, request.flatSubagents);
  const send = async (updates: readonly SessionUpdate[]): Promise<void> => {
    for (const update of updates) await client.sessionUpdate(sessionId, update);
  };
  for await (const entry of readEntries(transcript, lines)) {
    const subagent = replay.subagentOf(entry);
    if (subagent) {
      const path = subagentTranscriptPath(transcript, subagent.agentId);
      if (await exists(path)) {
        for await (const child of readEntries(path)) {
          await send(replay.entry(child, subagent.toolUseId));
        }
      } else {
        log.debug("no stored transcript for a subagent", { sessionId, agentId: subagent.agentId });
      }
    }
    await send(replay.entry(entry));
  }
  await send(replay.finish());
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
