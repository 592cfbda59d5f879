import type { ContentBlock, PromptResponse } from "@agentclientprotocol/sdk/unstable";
import { writeRewindMarker } from "../sdk/transcripts/rewind-marker.js";
import { findTranscript } from "../sdk/transcript-paths.js";
import { renameStoredSession } from "../sdk/stored-sessions.js";
import { storedTitleAt, type StoredTitle } from "../sdk/transcripts/current-title.js";
import type { Session } from "../session/session.js";
import type { RewindPlan } from "../translation/replay/rewind-plan.js";
import { restoreMeta, rewindAnswer, wantsFilesRestored } from "../translation/rewind-answer.js";
import { invalidInput } from "../util/adapter-error.js";
import { storedRewind } from "./history/stored-messages.js";
import type { SessionRegistry } from "./session-registry.js";

/** What the rewind methods need of the agent. */
export interface RewindDeps {
  readonly sessions: SessionRegistry;
  /** `session/prompt` as the agent runs it (the edited prompt's turn). */
  prompt(
    sessionId: string,
    prompt: readonly ContentBlock[],
    signal: AbortSignal | undefined,
    meta: unknown,
  ): Promise<PromptResponse>;
}

/** A first-prompt edit's new conversation, until its prompt ran. */
interface StartedOver {
  /** The old transcript, set aside until the new one is stored. */
  readonly transcript: string;
  readonly title: StoredTitle | undefined;
}

/** A rewind done: its plan, the `_meta` that reports the files, a conversation started over. */
interface Rewound {
  readonly plan: RewindPlan;
  readonly meta: Record<string, unknown> | undefined;
  readonly startedOver?: StartedOver;
}

/**
 * `session/rewind` and `session/edit_prompt` (agent-client-protocol RFD
 * `session-rewind.mdx`). The ids are the ones the client was shown (a prompt's
 * transcript uuid, an agent message's Anthropic id), looked up on the branch of Claude
 * Code's transcript the session continues from; an unknown id, or an agent message for
 * `edit_prompt`, is invalid input and changes nothing. A running turn is cancelled
 * first. Claude Code resumes at the kept entry; a marker beside the transcript keeps
 * the rewind for a load or a restart until the next prompt (`rewind-marker.ts`). An
 * edit of the first prompt keeps nothing: the conversation starts over under the same
 * session id (`SessionRewind.startOver`), the title the user gave it kept.
 */
export class RewindControls {
  constructor(private readonly deps: RewindDeps) {}

  async rewind(sessionId: string, toMessageId: string, meta: unknown) {
    const { plan, meta: files } = await this.rewindTo(sessionId, toMessageId, "rewind", meta);
    return rewindAnswer(plan, files);
  }

  async editPrompt(
    sessionId: string,
    messageId: string,
    newContent: readonly ContentBlock[],
    signal: AbortSignal | undefined,
    meta: unknown,
  ): Promise<PromptResponse> {
    const { meta: files, startedOver } = await this.rewindTo(sessionId, messageId, "edit", meta);
    let answer: PromptResponse;
    try {
      answer = await this.deps.prompt(sessionId, newContent, signal, meta);
    } finally {
      if (startedOver) await this.settleStartOver(sessionId, startedOver);
    }
    return files ? { ...answer, _meta: { ...answer._meta, ...files } } : answer;
  }

  /**
   * The old transcript goes, or comes back if the prompt never reached Claude Code; a
   * title the user gave stays with the session (Claude Code 2.1.318 carries it into the
   * new transcript only sometimes).
   */
  private async settleStartOver(sessionId: string, over: StartedOver): Promise<void> {
    const session = this.deps.sessions.get(sessionId);
    const replaced = await session.rewind.settleStartOver(over.transcript);
    if (replaced && over.title?.custom) await renameStoredSession(sessionId, over.title.text);
  }

  private async rewindTo(
    sessionId: string,
    messageId: string,
    mode: "rewind" | "edit",
    meta: unknown,
  ): Promise<Rewound> {
    const session = this.deps.sessions.get(sessionId);
    const path = await transcriptOf(session, messageId);
    // Checked before the running turn is cancelled: a refused rewind changes nothing.
    await plan(path, messageId, mode);
    await session.rewind.settle();
    const final = await plan(path, messageId, mode);
    const asked = wantsFilesRestored(meta);
    const restorePoints = asked ? final.restorePoints : undefined;
    if (final.keep === undefined) {
      // The first prompt edited: nothing is kept, a new conversation starts (no marker:
      // the edited prompt follows at once and becomes the new transcript's first entry).
      const title = await storedTitleAt(path);
      const files = await session.rewind.startOver(path, restorePoints);
      const startedOver = { transcript: path, title };
      return { plan: final, meta: restoreMeta(asked, final, files), startedOver };
    }
    await writeRewindMarker(path, { from: final.tip, to: final.keep });
    const files = await session.rewind.rewindTo(final.keep, restorePoints);
    return { plan: final, meta: restoreMeta(asked, final, files) };
  }
}

/** The transcript of the session's conversation; none yet means no message has an id. */
async function transcriptOf(session: Session, messageId: string): Promise<string> {
  const found = await findTranscript(session.rewind.conversationId, undefined, true);
  if (!found) throw invalidInput(`no message of the session has id ${JSON.stringify(messageId)}`);
  return found.path;
}

async function plan(path: string, messageId: string, mode: "rewind" | "edit") {
  const planned = await storedRewind(path, messageId, mode);
  if ("refused" in planned) throw invalidInput(planned.refused);
  return planned;
}
