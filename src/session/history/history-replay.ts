import { access } from "node:fs/promises";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../../client/client-port.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { reportUnreadable, StoredTranscript } from "../../sdk/transcripts/transcript-reader.js";
import { readRewindMarker } from "../../sdk/transcripts/rewind-marker.js";
import { storedSubagents } from "../../sdk/subagent-meta.js";
import { subagentTranscriptPath } from "../../sdk/transcript-paths.js";
import { activeBranch } from "../../translation/replay/active-branch.js";
import {
  TranscriptReplay,
  type ResumeRef,
  type SubagentRef,
} from "../../translation/replay/transcript-replay.js";
import type { MessageEntry } from "../../translation/replay/transcript-entry.js";
import { childRuns, runEnd } from "../../translation/subagents/child-runs.js";
import {
  announcerFor,
  childPrompt,
  childSessionId,
  describeChild,
  idle,
  RUNNING,
  type ChildSession,
  type ChildWorkState,
} from "../../translation/subagents/child-session.js";
import { log } from "../../util/log.js";
import { isRegularFile } from "../dialogs/regular-file.js";
import { noticeUpdate } from "../start/session-start.js";
import { missingHistoryNotice } from "../../translation/subagents/missing-history.js";
import { StoredAnswer } from "../../translation/subagents/child-answer.js";
import type { ReplayedChild } from "../subagents/subagent-child.js";

/**
 * What an extension adds to the root session's updates of a `session/load` replay, in
 * their place, as live (Lody's task cards, turn ids and stored title).
 */
export interface ReplayAddition {
  /** After each replayed entry of the root session, its own updates. */
  entry(entry: MessageEntry): SessionUpdate[];
  /** After the replay's last update, its own last ones (`transcript`: the stored one). */
  finish(transcript: string): Promise<SessionUpdate[]>;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The extensions' additions to a load's replay, one each per replay, in order. */
    readonly replayAdditions?: readonly ((profile: ClientProfile) => ReplayAddition)[];
    /**
     * A replayed child session's own first updates, right after its announcement (v2:
     * its config options); `model`: the model its stored responses name.
     */
    readonly replayedChild?: (child: ChildSession, model: string | undefined) => SessionUpdate[];
  }
}

export interface HistoryReplayRequest {
  readonly sessionId: string;
  /** The session's stored transcript. */
  readonly transcript: string;
  /** The session's directory (tool titles name the files in it relative to it). */
  readonly cwd?: string;
  readonly profile: ClientProfile;
  /**
   * Subagents' traffic is shown: in the root session (flat transcript), or in native
   * child sessions for a client that takes them.
   */
  readonly flatSubagents: boolean;
  readonly client: ClientPort;
}

/**
 * Sends a stored conversation to the client as `session/update`s, in order, resolving
 * once the client has been handed the last one (`session/load` answers after that).
 * The branch the session continues from is replayed; abandoned branches and subagents
 * stay out (subagents go in for the flat transcript and for native child sessions,
 * before their tool's result, as live). Unreadable lines are skipped and logged.
 *
 * Resolves with the native child sessions it announced, parents first, each in the state
 * the replay left it (for the live router: `SubagentRouter.adoptReplayed`).
 */
export async function replayHistory(request: HistoryReplayRequest): Promise<ReplayedChild[]> {
  const { sessionId, transcript, client } = request;
  const stored = await StoredTranscript.read(transcript);
  // A rewind not yet followed by a prompt: only the kept history (`rewind-marker.ts`).
  const rewound = await readRewindMarker(transcript);
  reportUnreadable(sessionId, transcript, stored.unreadable);
  const replay = new TranscriptReplay(
    request.profile,
    sessionId,
    request.flatSubagents,
    isRegularFile,
    request.cwd,
  );
  const send = sender(sessionId, client);
  const announcer = announcerFor(request.profile);
  const agentIds = announcer ? await storedSubagents(transcript) : undefined;
  /** The subagent calls replayed as child sessions; any other one stays a tool call. */
  const children = new Set<string>();
  /** The child sessions announced, by the tool use id of their launch, parents first. */
  const announced = new Map<string, ReplayedChild>();
  // An extension's own subagent route (Lody's subagent events): the client keeps each
  // run's history; its Agent / Task call stays out.
  const runs = request.profile.hooks.subagentsReplaced === true;
  replay.knowChildSessions((toolUseId) => runs || children.has(toolUseId));
  /**
   * A subagent's stored transcript, before its tool's result as live: on the root
   * session (flat transcript), or as the native child session it was live, announced
   * on its parent under the same id, its own subagents nested in it, parents first.
   */
  const subagent = async (ref: SubagentRef, parentSessionId: string): Promise<void> => {
    const path = ref.agentId && subagentTranscriptPath(transcript, ref.agentId);
    if (!path || !(await exists(path))) {
      log.debug("no stored transcript for a subagent", { sessionId, agentId: ref.agentId });
      // No child session without its history: its call stays a tool call, and says why.
      const notice = noticeUpdate(request.profile, missingHistoryNotice(ref.input));
      if (announcer) await send([notice], parentSessionId);
      return;
    }
    const entries = (await StoredTranscript.read(path)).takeAll();
    if (!announcer) {
      for (const child of entries) await send(replay.entry(child, ref.toolUseId));
      return;
    }
    children.add(ref.toolUseId);
    const childId = childSessionId(sessionId, ref.toolUseId);
    const prompt = childPrompt(undefined, ref.input);
    const described = describeChild(childId, ref.toolUseId, ref.input, prompt);
    const child = ref.cwd === undefined ? described : { ...described, cwd: ref.cwd };
    const [announcement, ...sent] = announcer.spawned(child, RUNNING, parentSessionId);
    await send(announcement ? [announcement] : [], parentSessionId);
    // The launch's run; each later one replays at the SendMessage that ran it.
    const [launch = [], ...later] = childRuns(entries);
    const model = storedModel(launch);
    await send(request.profile.hooks.replayedChild?.(child, model) ?? [], childId);
    await send(sent, parentSessionId);
    await send(announcer.opening(child, parentSessionId), childId);
    const taskId = ref.agentId!; // its transcript's path names it
    const replayed = (state: ChildWorkState) =>
      announced.set(ref.toolUseId, {
        session: child,
        parentSessionId,
        taskId,
        state,
        ...(model ? { model } : {}),
      });
    replayed(RUNNING);
    if (ref.agentId) resumable.set(ref.agentId, { child, parentSessionId, runs: later });
    const final = new StoredAnswer();
    for (const entry of launch) final.see(entry);
    await childWork(launch, child);
    // The answer it handed back, before it went idle, as live.
    const answer = ref.failed ? undefined : (ref.answer ?? final.answer);
    if (answer !== undefined) {
      const views = announcer.answered(child, parentSessionId, answer, ref.toolUseId);
      await send(views.child, childId);
      await send(views.parent, parentSessionId);
    }
    const end = idle(ref.failed ? "error" : "end_turn");
    await send(announcer.state(child, end), parentSessionId);
    replayed(end);
  };
  /** The later runs of the children replayed so far, by agent id, in order. */
  const resumable = new Map<
    string,
    { child: ChildSession; parentSessionId: string; runs: MessageEntry[][] }
  >();
  /**
   * A SendMessage's run of an idle child, before the SendMessage's result, as live (the
   * run is in the background there, named by the SendMessage): the child runs again, the
   * message goes from its parent to it, its work, its answer back, idle. A run that is not
   * stored leaves the SendMessage a tool call alone.
   */
  const resume = async (ref: ResumeRef): Promise<void> => {
    const known = resumable.get(ref.agentId);
    const run = known?.runs.shift();
    if (!announcer || !known || !run) return;
    const { child, parentSessionId } = known;
    await send(announcer.state(child, RUNNING), parentSessionId);
    if (ref.message !== undefined) {
      const views = announcer.messaged(child, parentSessionId, ref.message, ref.toolUseId);
      await send(views.parent, parentSessionId);
      await send(views.child, child.sessionId);
    }
    await childWork(run, child);
    const end = runEnd(run);
    if (end.answer !== undefined) {
      const views = announcer.answered(child, parentSessionId, end.answer, ref.toolUseId);
      await send(views.child, child.sessionId);
      await send(views.parent, parentSessionId);
    }
    await send(announcer.state(child, end.state), parentSessionId);
    announced.set(child.toolUseId, { ...announced.get(child.toolUseId)!, state: end.state });
  };
  /** A child's stored entries on its session, its own subagents and their runs nested in it. */
  const childWork = async (entries: readonly MessageEntry[], child: ChildSession) => {
    for (const entry of entries) {
      const nested = replay.subagentOf(entry, agentIds);
      if (nested) await subagent(nested, child.sessionId);
      const resumed = replay.resumeOf(entry);
      if (resumed) await resume(resumed);
      await send(replay.entry(entry, child.toolUseId), child.sessionId);
    }
  };
  const lines = activeBranch(stored.links, rewound);
  const additions = (request.profile.hooks.replayAdditions ?? []).map((add) =>
    add(request.profile),
  );
  try {
    for (let i = 0; i < lines.length; i++) {
      const entry = stored.take(lines[i]!);
      if (!entry) continue;
      const ref = replay.subagentOf(entry, agentIds);
      if (ref) await subagent(ref, sessionId);
      const resumed = replay.resumeOf(entry);
      if (resumed) await resume(resumed);
      await send(replay.entry(entry));
      for (const addition of additions) await send(addition.entry(entry));
    }
  } finally {
    stored.release();
  }
  await send(replay.finish());
  for (const addition of additions) await send(await addition.finish(transcript));
  await send.flushed();
  return [...announced.values()];
}

/**
 * Hands updates to the client in order, in batches of BATCH, yielding to the event loop
 * after each: the transport writes the lines of one loop turn together, so a replay of
 * entries already in memory would otherwise queue all of its JSON before the first write
 * (measured: peak RSS 200 MB instead of 140 MB for a 20 MB history); and a batch waits
 * while the pipe is full. Writes of 64 updates measured best (1024: +20 ms to the
 * answer, +3 MB peak; 16 to 256 within noise of each other), the client reading one
 * while the next is translated.
 */
const BATCH = 64;

function sender(rootSessionId: string, client: ClientPort) {
  let batch: SessionUpdate[] = [];
  /** The session of the batch (a child session's updates are batched on their own). */
  let batchSession = rootSessionId;
  const flush = async (): Promise<void> => {
    const updates = batch;
    batch = [];
    await client.sessionUpdates(batchSession, updates);
  };
  const send = async (
    updates: readonly SessionUpdate[],
    sessionId = rootSessionId,
  ): Promise<void> => {
    if (updates.length === 0) return;
    if (sessionId !== batchSession) {
      if (batch.length > 0) await flush();
      batchSession = sessionId;
    }
    for (const update of updates) batch.push(update);
    if (batch.length < BATCH) return;
    await flush();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return Object.assign(send, {
    flushed: async (): Promise<void> => {
      if (batch.length > 0) await flush();
    },
  });
}

/** The model of a child's first stored response (not `<synthetic>`: no model wrote it). */
function storedModel(entries: readonly MessageEntry[]): string | undefined {
  for (const entry of entries) {
    const model = entry.type === "assistant" ? entry.message?.model : undefined;
    if (model && model !== "<synthetic>") return model;
  }
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
