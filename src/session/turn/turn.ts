import { randomUUID } from "node:crypto";
import type {
  SDKAssistantMessageError,
  SDKMessage,
  SDKResultMessage,
} from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse } from "@agentclientprotocol/sdk/unstable";
import type { ObservedUsage } from "../../translation/turn-quota.js";
import type { ApiUsage, ModelUsageTable } from "../../translation/usage.js";
import type { ClaudeUserBlock } from "../../translation/prompt.js";
import { observedResponse } from "../../translation/turn-quota.js";
import { AdapterError } from "../../util/adapter-error.js";

/** A prompt waiting for its turn. */
export interface PendingPrompt {
  readonly content: ClaudeUserBlock[];
  /** The request of an extension's end-of-prompt report, accepted (`turn-reports.ts`). */
  readonly reportRequest?: string | undefined;
  resolve(response: PromptResponse): void;
  reject(error: unknown): void;
}

type Spent = Record<keyof ApiUsage, number>;

function nothingSpent(): Spent {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
  };
}

function add(a: ApiUsage | undefined, b: ApiUsage): Spent {
  const sum = nothingSpent();
  for (const key of Object.keys(sum) as Array<keyof ApiUsage>)
    sum[key] = (a?.[key] ?? 0) + (b[key] ?? 0);
  return sum;
}

/**
 * Why a turn's signal aborted: the user cancelled it. A denial that the cancel causes
 * (an open permission request) goes back to Claude Code only once it took the interrupt
 * in: it handles control messages out of order, and a denial read first lets the
 * cancelled turn go on to another model call with the denied tool's result.
 */
class TurnCancelled extends Error {
  constructor(readonly interruptTaken: Promise<void>) {
    super("turn cancelled");
  }
}

/** Resolves when what ended `signal` allows answering Claude Code (at once, unless a cancel). */
export function interruptTaken(signal: AbortSignal): Promise<void> {
  return signal.reason instanceof TurnCancelled ? signal.reason.interruptTaken : Promise.resolve();
}

/**
 * The state of one prompt while Claude works on it: what was streamed, the usage of
 * the latest model call, and the error tag Claude put on its last message.
 */
export class Turn {
  /** The uuid of the turn's user message: the turn id of its failure records. */
  readonly id = randomUUID();
  /**
   * Aborted when the turn is cancelled (`cancel`): ends its open permission requests.
   * Its reason is a `TurnCancelled`.
   */
  readonly abort = new AbortController();
  lastCallUsage: ApiUsage | undefined;
  /**
   * The uuid of the user message that Claude Code runs this turn for (a plan handoff's
   * in the new conversation): the checkpoint of AIR's file-change report. Undefined for
   * a command the adapter answers itself.
   */
  userMessageId: string | undefined;
  /**
   * Claude ran a tool in this turn (since `userMessageId`). Claude Code makes the turn's
   * file checkpoint when its first tool runs (0.3.318): a turn without tools has none.
   */
  ranTools = false;

  /**
   * The prompt's answer with the id of its message (the message-id RFD: `messageId` on
   * the `session/prompt` answer): the uuid Claude Code stores the prompt under, which its
   * `user_message_chunk` carries on a load and `session/rewind` / `session/edit_prompt`
   * take. None for a command the adapter answered itself (nothing was stored).
   */
  answer(response: PromptResponse): PromptResponse {
    if (this.userMessageId === undefined) return response;
    return { ...response, messageId: this.userMessageId } as PromptResponse;
  }

  /**
   * The prompt's error, with the id of its message in `data.messageId` (a turn Claude
   * Code died in: the prompt was stored, and the client may rewind to it or edit it).
   */
  failed(error: unknown): unknown {
    if (this.userMessageId === undefined || !(error instanceof AdapterError)) return error;
    return new AdapterError(error.code, error.message, {
      ...error.data,
      messageId: this.userMessageId,
    });
  }
  /** Claude Code reported that it runs this turn (session_state_changed). */
  sawRunning = false;
  /** Tokens of a query this turn already left (a plan continued with a clear context). */
  private handedOver: ApiUsage | undefined;
  /**
   * Claude Code's results that did not end the prompt: a steered message was still to
   * run (`session/turn/steering.ts`). The prompt's answer covers their cycles too.
   */
  private readonly held: SDKResultMessage[] = [];
  /** Main-loop tokens streamed since the last held result (what no result reported yet). */
  private spent: Spent = nothingSpent();
  /** Main-loop tokens streamed in the whole turn, per model (the answer of a cancel). */
  private readonly seen: Record<string, Spent> = {};
  private model: string | undefined;
  /** Output tokens of the current model call counted so far (they grow with its deltas). */
  private callOutput = 0;
  /** Waiting for the current main-loop call's final usage (`callEnded`); undefined: none open. */
  private callEnd: { promise: Promise<void>; resolve: () => void } | undefined;
  assistantError: SDKAssistantMessageError | undefined;
  /** The user answered a refusal with "edit the prompt": the turn ends as a refusal. */
  refusalKept = false;

  keepRefusal(): void {
    this.refusalKept = true;
  }

  /** The user cancelled the turn; `interruptTaken` settles once Claude Code took it in. */
  cancel(interruptTaken: Promise<void>): void {
    this.abort.abort(new TurnCancelled(interruptTaken));
  }

  constructor(
    readonly prompt: PendingPrompt,
    /** The query-wide `modelUsage` reading before this turn. */
    readonly modelUsageBefore: ModelUsageTable,
  ) {}

  /** Tokens that the ending `result` does not report: an earlier query's, held results'. */
  get carriedUsage(): ApiUsage | undefined {
    if (!this.handedOver && this.held.length === 0) return undefined;
    let carried: Spent = add(undefined, this.handedOver ?? {});
    for (const result of this.held) carried = add(carried, result.usage);
    return carried;
  }

  /** What the turn was seen to spend, per model. */
  get observed(): ObservedUsage {
    return this.seen;
  }

  /** Moves what this turn spent so far into the carried usage (the query is replaced). */
  carryOver(): void {
    this.handedOver = add(this.handedOver, this.spent);
    this.spent = nothingSpent();
  }

  /**
   * Settles once the current main-loop call's final usage was read (its `message_delta`),
   * at once when no call is open, or when `signal` aborts (what was seen is all there is).
   * Claude Code runs a tool as soon as its block ends, before the call's end is read.
   */
  callEnded(signal: AbortSignal): Promise<void> {
    const end = this.callEnd?.promise;
    if (!end || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      void end.then(done);
    });
  }

  /** A result that does not end the prompt: its usage joins the answer's. */
  hold(result: SDKResultMessage): void {
    this.held.push(result);
    this.spent = nothingSpent();
  }

  /** The last held result, taken back to end the turn with (undefined when none). */
  takeHeld(): SDKResultMessage | undefined {
    return this.held.pop();
  }

  /** The model of the turn's latest main-loop call. */
  get lastModel(): string | undefined {
    return this.model;
  }

  get holding(): boolean {
    return this.held.length > 0;
  }

  /** Adds what the current call spent since it was last counted (output as a running total). */
  private count(usage: ApiUsage): void {
    const output = usage.output_tokens ?? 0;
    const step = { ...usage, output_tokens: output - this.callOutput };
    this.callOutput = output;
    const model = this.model ?? "";
    this.spent = add(this.spent, step);
    this.seen[model] = add(this.seen[model], step);
  }

  /** Records the facts of a message that the response needs. */
  observe(message: SDKMessage): void {
    if (message.type === "stream_event" && message.parent_tool_use_id === null) {
      const event = message.event;
      // A call's input counts from its start: a cancelled call spent it too.
      if (event.type === "message_start") {
        this.lastCallUsage = { ...event.message.usage };
        this.model = event.message.model;
        this.callOutput = 0;
        this.count(this.lastCallUsage);
        this.callEnd?.resolve(); // a call cut off without its end: no more usage comes
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        this.callEnd = { promise, resolve };
      } else if (event.type === "message_delta" && this.lastCallUsage) {
        this.lastCallUsage = { ...this.lastCallUsage, output_tokens: event.usage.output_tokens };
        this.count({ output_tokens: event.usage.output_tokens });
        this.callEnd?.resolve();
        this.callEnd = undefined;
      }
    } else if (message.type === "assistant" && message.parent_tool_use_id === null) {
      this.assistantError = message.error;
      if (message.message.content.some((block) => block.type === "tool_use")) this.ranTools = true;
    }
  }
}

/** The answer of a prompt cancelled before its turn ran: it spent nothing. */
export const cancelledBeforeRun = (): PromptResponse => observedResponse("cancelled", {});
