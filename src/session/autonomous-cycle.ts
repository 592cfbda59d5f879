import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { SdkMessageTranslator } from "../translation/sdk-message-translator.js";
import { turnEnd, type TurnFacts } from "../translation/turn-end.js";
import type { ModelUsageTable } from "../translation/usage.js";
import { redacted } from "../util/user-text.js";
import type { Outbox } from "./outbox.js";
import { Turn, type PendingPrompt } from "./turn.js";

/** The prompt of a cycle no prompt asked for: nothing waits for its answer. */
const NO_PROMPT: PendingPrompt = { content: [], resolve: () => {}, reject: () => {} };

/**
 * A cycle Claude Code runs on its own while no prompt runs: the follow-up once a
 * background command or subagent finished (a task notification). Nobody asked for it, so
 * it has no answer; what it streams goes to the client as it comes, like a turn's
 * (features 1p "Async tasks / background work"), and its `result` sends the context
 * usage, or its failure as a line of text (there is no prompt to fail).
 */
export class AutonomousCycle {
  /** Reads the usage of the cycle's model calls, as a turn's. */
  private readonly usage: Turn;

  constructor(
    private readonly outbox: Outbox,
    private readonly translator: SdkMessageTranslator,
    modelUsageBefore: ModelUsageTable,
  ) {
    this.usage = new Turn(NO_PROMPT, modelUsageBefore);
  }

  /** One message of the cycle's work: its updates go out now. */
  stream(message: SDKMessage): void {
    this.usage.observe(message);
    this.outbox.route(this.translator.translate(message));
  }

  /** The cycle's `result`: its usage, or why it failed. */
  result(message: SDKResultMessage): void {
    this.outbox.sendAll(cycleEnd(message, this.usage));
  }
}

/** The updates that end an autonomous cycle (pure, for its tests). */
export function cycleEnd(message: SDKResultMessage, facts: TurnFacts): SessionUpdate[] {
  const end = turnEnd(message, facts);
  if (end.kind === "response") return end.updates;
  const text = `Claude could not finish its follow-up: ${redacted(end.text)}`;
  return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text } }];
}
