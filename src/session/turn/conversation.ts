import { randomUUID, type UUID } from "node:crypto";
import type { SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClaudeUserBlock } from "../../translation/prompt.js";

/**
 * The Claude Code conversation a session's prompts go to. Its id is the ACP session id,
 * until a plan continues with a clear context: then a new conversation goes on under the
 * same ACP session.
 */
export class Conversation {
  /**
   * The entry a rewind kept (`session/rewind`): the next Claude Code resumes there
   * (`resumeSessionAt`) until a prompt goes on from it.
   */
  resumeAt: string | undefined;

  constructor(private current: string) {}

  /** Claude Code's session id for the conversation. */
  get id(): string {
    return this.current;
  }

  /** Moves to a new conversation and returns its id. */
  renew(): string {
    this.resumeAt = undefined;
    this.current = randomUUID();
    return this.current;
  }
}

/**
 * The SDK message that gives Claude Code a user prompt in conversation `claudeSessionId`;
 * `uuid` names it (Claude Code stores the prompt under it). It is the user's own input,
 * so it says so (`origin: human`): Claude Code treats a message without an origin as
 * unattributed, and its human-only gates (the `ultracode` keyword among them) stay
 * closed for it.
 */
export function userMessage(
  content: ClaudeUserBlock[],
  claudeSessionId: string,
  uuid: UUID = randomUUID(),
): SDKUserMessage {
  return {
    type: "user",
    message: { role: "user", content },
    parent_tool_use_id: null,
    uuid,
    session_id: claudeSessionId,
    origin: HUMAN,
  };
}

const HUMAN = { kind: "human" } as const;
