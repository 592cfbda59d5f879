import type { ContentBlock, PromptResponse } from "@agentclientprotocol/sdk/unstable";
import { writeRewindMarker } from "../sdk/transcripts/rewind-marker.js";
import { findTranscript } from "../sdk/transcript-paths.js";
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

/** A rewind done: its plan, and the `_meta` that reports the files. */
interface Rewound {
  readonly plan: RewindPlan;
  readonly meta: Record<string, unknown> | undefined;
}

/**
 * `session/rewind` and `session/edit_prompt` (agent-client-protocol RFD
 * `session-rewind.mdx`). The ids are the ones the client was shown (a prompt's
 * transcript uuid, an agent message's Anthropic id), looked up on the branch of Claude
 * Code's transcript the session continues from; an unknown id, or an agent message for
 * `edit_prompt`, is invalid input and changes nothing. A running turn is cancelled
 * first. Claude Code resumes at the kept entry; a marker beside the transcript keeps
 * the rewind for a load or a restart until the next prompt (`rewind-marker.ts`).
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
    const { meta: files } = await this.rewindTo(sessionId, messageId, "edit", meta);
    const answer = await this.deps.prompt(sessionId, newContent, signal, meta);
    return files ? { ...answer, _meta: { ...answer._meta, ...files } } : answer;
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
    await writeRewindMarker(path, { from: final.tip, to: final.keep });
    const files = await session.rewind.rewindTo(
      final.keep,
      asked ? final.restorePoints : undefined,
    );
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
