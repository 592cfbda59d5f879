import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { CycleEvent } from "../../client/client-port.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { turnEnd, type TurnFacts } from "../../translation/turn-end.js";
import type { ModelUsageTable } from "../../translation/usage.js";
import { authRequired, turnFailed } from "../../util/adapter-error.js";
import { redacted } from "../../util/user-text.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Outbox } from "../outbox.js";
import { Turn, type PendingPrompt } from "./turn.js";

/** The prompt of a cycle no prompt asked for: nothing waits for its answer. */
const NO_PROMPT: PendingPrompt = { content: [], resolve: () => {}, reject: () => {} };

/** The end of a cycle that gave no `result` (Claude Code went idle, or away). */
const ENDED: CycleEvent = { kind: "ended", response: { stopReason: "end_turn" } };

/**
 * A cycle Claude Code runs on its own while no prompt runs: the follow-up once a
 * background command or subagent finished (a task notification). Nobody asked for it, so
 * it has no answer; what it streams goes to the client as it comes, like a turn's
 * (features 1p "Async tasks / background work"), and its `result` sends the context
 * usage, or its failure as a line of text (there is no prompt to fail). Its start and end
 * are told to the port (`Outbox.cycle`): ACP v2 reports the cycle as work.
 */
export class AutonomousCycle {
  /** Reads the usage of the cycle's model calls, as a turn's. */
  private readonly usage: Turn;
  /** How the cycle ended, from its `result`. */
  private end: CycleEvent = ENDED;

  constructor(
    private readonly outbox: Outbox,
    private readonly translator: SdkMessageTranslator,
    modelUsageBefore: ModelUsageTable,
  ) {
    this.usage = new Turn(NO_PROMPT, modelUsageBefore);
    outbox.cycle({ kind: "started" });
  }

  /** One message of the cycle's work: its updates go out now. */
  stream(message: SDKMessage): void {
    this.usage.observe(message);
    this.outbox.route(this.translator.translate(message));
  }

  /** The cycle's `result`: its usage, or why it failed. */
  result(message: SDKResultMessage): void {
    const end = cycleEnd(message, this.usage);
    this.end = end.event;
    this.outbox.sendAll(end.updates);
  }

  /** The cycle is over: Claude Code idles, or was replaced (`failure`: it exited). */
  ended(failure?: unknown): void {
    this.outbox.cycle(failure === undefined ? this.end : { kind: "failed", error: failure });
  }
}

/**
 * The session's one cycle of Claude Code's own at a time: opened by the first sign of
 * work while no turn runs, closed when Claude Code idles (the next prompt waits for that).
 */
export class OwnCycles {
  private cycle: AutonomousCycle | undefined;

  constructor(
    private readonly parts: {
      readonly lifecycle: Lifecycle;
      readonly outbox: Outbox;
      readonly translator: SdkMessageTranslator;
    },
  ) {}

  /** The cycle that runs, if one does. */
  get current(): AutonomousCycle | undefined {
    return this.cycle;
  }

  /**
   * The running cycle, started now if none runs; none while the session is not idle (a
   * cancelled turn drains: what it still sends is the cancelled work's).
   */
  open(modelUsageBefore: ModelUsageTable): AutonomousCycle | undefined {
    if (this.cycle || this.parts.lifecycle.kind !== "idle") return this.cycle;
    const { outbox, translator } = this.parts;
    // Work nobody prompted for: also heard after a cancel or a load quieted the session.
    outbox.wake();
    translator.endTurn();
    this.cycle = new AutonomousCycle(outbox, translator, modelUsageBefore);
    return this.cycle;
  }

  /** Ends the running cycle, if one runs; true if one did. `failure`: why it broke off. */
  close(failure?: unknown): boolean {
    const cycle = this.cycle;
    this.cycle = undefined;
    cycle?.ended(failure);
    return cycle !== undefined;
  }
}

/** How an autonomous cycle ends: its updates, and its end as the port hears it (pure). */
export function cycleEnd(
  message: SDKResultMessage,
  facts: TurnFacts,
): { updates: SessionUpdate[]; event: CycleEvent } {
  const end = turnEnd(message, facts);
  if (end.kind === "response") {
    return { updates: end.updates, event: { kind: "ended", response: end.response } };
  }
  const text = `Claude could not finish its follow-up: ${redacted(end.text)}`;
  return {
    updates: [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text } }],
    event: { kind: "failed", error: end.auth ? authRequired(end.text) : turnFailed(end.text) },
  };
}
