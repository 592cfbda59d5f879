import type { SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClaudeUserBlock } from "../../translation/prompt.js";
import { userMessage, type Conversation } from "./conversation.js";
import type { Lifecycle } from "../lifecycle.js";
import type { QuerySlot } from "../start/query-slot.js";
import type { Turn } from "./turn.js";

/**
 * The permission requests and elicitations of a session that wait for the user. While
 * one is open a steer goes in at priority `later`: `now` would end the turn under the
 * open request (the user's answer card would be interrupted).
 */
export class OpenAsks {
  private open = 0;

  get any(): boolean {
    return this.open > 0;
  }

  /** An ask opens; the function returned closes it (once). */
  opened(): () => void {
    this.open++;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.open--;
    };
  }
}

/** A user message pushed into the running turn. */
export interface Steer {
  /** The SDK message's uuid (Claude Code's command uuid). */
  readonly uuid: string;
  readonly priority: "now" | "later";
  /**
   * True once Claude Code takes the message into the turn (a later acknowledgement, such
   * as Lody's `steer_applied`, hangs on this); false when it never will: the turn was
   * cancelled or ended first.
   */
  readonly applied: Promise<boolean>;
  /** True once the cycle that answers the message has ended; false when it never ran. */
  readonly done: Promise<boolean>;
}

interface Entry {
  readonly steer: Steer;
  readonly turn: Turn;
  /** Settles once Claude Code has the message (its first `command_lifecycle` frame). */
  readonly arrived: Promise<void>;
  state: "queued" | "applied";
  apply(ok: boolean): void;
  finish(ok: boolean): void;
  /** Called at once when Claude Code takes the message in, before any later frame is read. */
  readonly onApplied: (() => void) | undefined;
}

/** What steering works with: the session's parts it shares. */
export interface SteeringParts {
  readonly lifecycle: Lifecycle;
  readonly slot: QuerySlot;
  readonly conversation: Conversation;
  readonly asks: OpenAsks;
  /** A steer of `turn` will not run after all: a result held for it may end the turn. */
  release(turn: Turn): void;
}

/** A `command_lifecycle` frame (internal to Claude Code, not in the SDK's message union). */
interface CommandLifecycle {
  readonly uuid: string;
  readonly state: string;
}

function readCommandLifecycle(message: unknown): CommandLifecycle | undefined {
  const frame = message as { type?: unknown; command_uuid?: unknown; state?: unknown } | null;
  if (frame?.type !== "command_lifecycle") return undefined;
  if (typeof frame.command_uuid !== "string" || typeof frame.state !== "string") return undefined;
  return { uuid: frame.command_uuid, state: frame.state };
}

/**
 * The one steering core: pushes a user message into the running Claude Code turn and
 * follows it until the cycle that answers it ends. `_session/steering`, a goal command
 * during a turn and Lody's acknowledged steer all go through `inject`.
 *
 * How Claude Code 0.3.318 takes a message sent with a priority while a turn runs (seen
 * with the scripted model): the message is queued (`command_lifecycle` `queued`). At
 * `now` the running turn stops at its next safe point: a running tool finishes, a
 * streaming answer is cut off; that turn ends with a `result` and Claude Code starts a
 * new one for the queued message (`started`), which ends with a `result` of its own. At
 * `later` the running turn ends as usual first. Either way the session does not go idle
 * in between, and the prompt has two results: the first must not end it. So a result
 * ends the prompt only when no steer of the turn is still queued; a steer taken in
 * (`started`) is answered by the next result.
 */
export class Steering {
  private entries: Entry[] = [];
  /** Ends the wait for a sent message's first frame, by its uuid (dropped entries too). */
  private readonly arrivals = new Map<string, () => void>();

  constructor(private readonly parts: SteeringParts) {}

  /**
   * Pushes `content` into the running turn; undefined when no turn runs. `onApplied` runs
   * synchronously when Claude Code takes the message in: an acknowledgement sent from it
   * goes out before anything Claude Code says after (Lody's `steer_applied` must precede
   * the prompt's answer).
   */
  inject(content: ClaudeUserBlock[], onApplied?: () => void): Steer | undefined {
    const { lifecycle, slot, conversation, asks } = this.parts;
    const turn = lifecycle.turn;
    const query = slot.current;
    if (!turn || !query) return undefined;
    const priority = asks.any ? "later" : "now";
    const message: SDKUserMessage = { ...userMessage(content, conversation.id), priority };
    let apply!: (ok: boolean) => void;
    let finish!: (ok: boolean) => void;
    const steer: Steer = {
      uuid: message.uuid!,
      priority,
      applied: new Promise((resolve) => (apply = resolve)),
      done: new Promise((resolve) => (finish = resolve)),
    };
    const arrived = new Promise<void>((resolve) => this.arrivals.set(steer.uuid, resolve));
    this.entries.push({ steer, turn, arrived, state: "queued", apply, finish, onApplied });
    query.send(message);
    return steer;
  }

  /**
   * Reads Claude Code's frames about its queued commands. True for a `command_lifecycle`
   * frame: it is steering's alone (nothing reaches the client of it).
   */
  observe(message: unknown): boolean {
    const frame = readCommandLifecycle(message);
    if (!frame) return false;
    this.arrivals.get(frame.uuid)?.();
    this.arrivals.delete(frame.uuid);
    const entry = this.entries.find((e) => e.steer.uuid === frame.uuid);
    if (!entry) return true;
    if (frame.state === "started" && entry.state === "queued") {
      entry.state = "applied";
      entry.apply(true);
      entry.onApplied?.();
    } else if (frame.state === "cancelled") {
      // Dropped by Claude Code: it will not run, so nothing waits for it any more.
      this.drop(entry);
      if (!this.waiting(entry.turn)) this.parts.release(entry.turn);
    }
    return true;
  }

  /**
   * A result of `turn`: true when one of its steers is still queued, so the prompt goes
   * on (the result is held). Steers taken in before this result had their cycle end.
   */
  holds(turn: Turn): boolean {
    for (const entry of this.entries.filter((e) => e.turn === turn && e.state === "applied")) {
      this.entries = this.entries.filter((e) => e !== entry);
      entry.finish(true);
    }
    return this.waiting(turn);
  }

  /**
   * Settles once Claude Code has every steer of `turn` sent to it. The SDK writes a user
   * message to Claude Code a little after it is sent, and a control request at once: an
   * interrupt sent before would overtake a steer still on its way, which would then run
   * after the cancelled turn. Undefined when none is on its way.
   */
  arrived(turn: Turn): Promise<void> | undefined {
    const waits = this.entries.filter((e) => e.turn === turn).map((e) => e.arrived);
    return waits.length === 0 ? undefined : Promise.all(waits).then(() => undefined);
  }

  /** `turn` ended (answered, cancelled, failed): its steers that did not run never will. */
  endTurn(turn: Turn): void {
    for (const entry of this.entries.filter((e) => e.turn === turn)) this.drop(entry);
  }

  private waiting(turn: Turn): boolean {
    return this.entries.some((e) => e.turn === turn && e.state === "queued");
  }

  private drop(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
    entry.apply(false);
    entry.finish(false);
  }
}
