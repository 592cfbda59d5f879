import { randomUUID } from "node:crypto";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { ClientPort, TaskEvent } from "../../client/client-port.js";
import { invalidInput } from "../../util/adapter-error.js";
import { BackgroundWork } from "./background-work.js";
import { ChildConfigAnswers } from "./child-config-answers.js";
import { v2RequiresAction, v2Running, type ClientError } from "./mapping.js";
import { MessageIds } from "./message-ids.js";
import { PromptStates } from "./prompt-states.js";
import { Replays, type ReplayEnd, type SessionUpdateOf } from "./replays.js";
import { RestartedToolCalls } from "./restarted-tool-calls.js";
import { TerminalMapper } from "./terminal-mapper.js";
import { v2ClientPort, type V2ClientPort } from "./v2-client-port.js";

/**
 * The state one v2 connection keeps beside the agent: the message ids its chunks get,
 * and each session's prompt state. The agent itself is the same as on v1.
 */
export class V2Connection {
  private readonly ids = new MessageIds(randomUUID);
  private readonly terminals = new TerminalMapper();
  private readonly replays = new Replays();
  private readonly restarted = new RestartedToolCalls();
  private readonly background = new BackgroundWork((sessionId, toolCallId) =>
    this.terminals.terminalOf(sessionId, toolCallId),
  );
  private port: V2ClientPort | undefined;
  /** `session/set_config_option` on a child session (`child-config-answers.ts`). */
  readonly childConfigs = new ChildConfigAnswers();
  /** Each resumed session's repeats of its replayed children's states still to send. */
  private readonly repeats = new Map<
    string,
    { afterAnswer?: SessionUpdateOf[]; nextPrompt: SessionUpdateOf[] }
  >();
  readonly prompts: PromptStates;

  /** `errorOf`: a failure as the client may see it (the protocol's redacted error). */
  constructor(errorOf: (error: unknown) => ClientError) {
    this.prompts = new PromptStates({
      send: (sessionId, update) => this.send(sessionId, update),
      newId: randomUUID,
      errorOf,
    });
  }

  /**
   * Wraps the connection's port: what the agent sends goes out in its v2 shape; a
   * permission request or an elicitation puts the session whose work waits on it in
   * `requires_action` until it is answered; Claude Code's own cycles are work too
   * (`PromptStates.cycle`). A child session's request leaves its parent alone: the agent
   * reports the child's state (`subagent_update`, and the child's own `state_update`
   * from the port).
   */
  attach(inner: ClientPort): ClientPort {
    const port = v2ClientPort(
      this.watched(inner),
      this.ids,
      this.terminals,
      (child) => {
        this.childConfigs.child(child);
        // Announced: a background subagent's parent lists its child session from now on.
        // (The port announces only once it exists: this runs after the assignment below.)
        for (const changed of this.background.announce(child))
          void port.sendV2(changed.sessionId, changed.update);
      },
      this.replays,
      this.restarted,
    );
    this.port = port;
    return {
      ...port,
      requestPermission: (params, signal) =>
        this.waiting(params.sessionId, () => port.requestPermission(params, signal)),
      cycle: (sessionId, event) => this.prompts.cycle(sessionId, event),
      task: (sessionId, event) => this.task(port, sessionId, event),
      elicit: (params, signal) => {
        const sessionId = (params as { sessionId?: unknown }).sessionId;
        return typeof sessionId === "string"
          ? this.waiting(sessionId, () => port.elicit(params, signal))
          : port.elicit(params, signal);
      },
    };
  }

  /** `inner`, telling the child sessions' options what goes out (v2 shapes). */
  private watched(inner: ClientPort): ClientPort {
    const configs = this.childConfigs;
    return {
      ...inner,
      sessionUpdate: (sessionId, update) => {
        configs.sent(sessionId, update);
        return inner.sessionUpdate(sessionId, update);
      },
      sessionUpdates: (sessionId, updates) => {
        for (const update of updates) configs.sent(sessionId, update);
        return inner.sessionUpdates(sessionId, updates);
      },
    };
  }

  /** `requires_action` while `ask` waits for the user, when a prompt of the session runs. */
  private async waiting<T>(sessionId: string, ask: () => Promise<T>): Promise<T> {
    if (!this.prompts.isWorking(sessionId)) return ask();
    this.prompts.runningNow(sessionId);
    void this.send(sessionId, v2RequiresAction());
    try {
      return await ask();
    } finally {
      // A turn that ended meanwhile (a cancel) has sent its idle state already.
      if (this.prompts.isWorking(sessionId)) void this.send(sessionId, v2Running());
    }
  }

  /**
   * `tool_call/cancel`, `terminal/cancel`: `stop`s the tool call whose command runs, named
   * by its id or by its terminal's (the ones advertising `capabilities.cancel`). The
   * answer means accepted: the tool call's final status and the terminal's exit confirm
   * it. -32602 for a tool call or terminal that is unknown, ended, or runs no command.
   */
  cancel(
    sessionId: string,
    named: { toolCallId: string } | { terminalId: string },
    stop: (toolCallId: string) => void,
  ): Record<string, never> {
    const toolCallId = this.terminals.runningCall(sessionId, named);
    if (toolCallId === undefined) {
      const [what, id] = Object.entries(named)[0]!;
      throw invalidInput(
        `${what} ${JSON.stringify(id)} is not running a command that can be cancelled`,
      );
    }
    this.terminals.cancelled(sessionId, toolCallId);
    stop(toolCallId);
    return {};
  }

  /**
   * Runs `replay` (a resume that replays the history; its updates go out as `Replays`
   * says), then ends the commands it left open and sends each replayed child's last state.
   */
  async replaying<T>(sessionId: string, replay: () => Promise<T>): Promise<T> {
    const before = this.terminals.runningCalls(sessionId);
    this.replays.start(sessionId);
    this.terminals.replayStarts(sessionId);
    let children: ReplayEnd;
    let answer: T;
    try {
      answer = await replay();
    } finally {
      children = this.replays.end(sessionId);
    }
    for (const update of this.terminals.endReplayed(sessionId, before))
      await this.send(sessionId, update);
    for (const child of children.now) await this.port?.sendV2(child.sessionId, child.update);
    const { afterAnswer, nextPrompt } = children;
    this.repeats.set(sessionId, { afterAnswer, nextPrompt });
    return answer;
  }

  /**
   * The resume of `sessionId` is answering: its replayed children's states go out again
   * on their parents once the answer is written (`Replays.end`).
   */
  resumed(sessionId: string): void {
    setTimeout(() => this.afterAnswer(sessionId), 0);
  }

  /** Sends the resume's repeats on the parents, once (the answer's, or a prompt's first). */
  private afterAnswer(sessionId: string): void {
    const repeats = this.repeats.get(sessionId);
    this.sendAll(repeats?.afterAnswer ?? []);
    delete repeats?.afterAnswer;
  }

  /**
   * A prompt of `sessionId` (`PromptStates.prompt`): the first after a resume repeats
   * each replayed child's state on the child first (`Replays.end`).
   */
  prompt(...args: Parameters<PromptStates["prompt"]>): ReturnType<PromptStates["prompt"]> {
    const [sessionId] = args;
    this.afterAnswer(sessionId);
    this.sendAll(this.repeats.get(sessionId)?.nextPrompt ?? []);
    this.repeats.delete(sessionId);
    return this.prompts.prompt(...args);
  }

  private sendAll(updates: readonly SessionUpdateOf[]): void {
    for (const { sessionId, update } of updates) void this.port?.sendV2(sessionId, update);
  }

  /**
   * `session/set_config_option` changed the session's options: as upstream's v2 surface,
   * a `config_option_update` with all of them goes out before the answer (which carries
   * them too), so that a client that follows the updates only sees the change.
   */
  async configSet(
    sessionId: string,
    configOptions: v2.SessionConfigOption[],
  ): Promise<{ configOptions: v2.SessionConfigOption[] }> {
    await this.send(sessionId, { sessionUpdate: "config_option_update", configOptions });
    return { configOptions };
  }

  /** Sends a v2-only update (a root session's `state_update`, with its background work). */
  send(sessionId: string, update: v2.SessionUpdate): Promise<void> {
    if (!this.port) return Promise.reject(new Error("connection not ready"));
    return this.port.sendV2(sessionId, this.background.stamp(sessionId, update));
  }

  /**
   * One of Claude Code's tasks changed: a background command's end is its terminal's
   * exit, then the session's state goes out again with its new background list. `port`:
   * the attached port whose `task` this is (never missing, unlike `this.port` may be).
   */
  private task(port: V2ClientPort, sessionId: string, event: TaskEvent): void {
    const ended = (toolCallId: string, exitStatus: v2.TerminalExitStatus) => {
      // A subagent's command shows on its child session.
      const exit = this.terminals.backgroundEnded(toolCallId, exitStatus);
      if (exit) void port.sendV2(exit.sessionId, exit.update);
    };
    if (event.kind === "ended") {
      const toolCallId = this.background.task(sessionId, event.taskId)?.toolCallId;
      if (toolCallId !== undefined) ended(toolCallId, exitStatusOf(event.status));
    } else if (event.kind === "reset") {
      for (const toolCallId of this.background.commands(sessionId)) ended(toolCallId, {});
    }
    const changed = this.background.apply(sessionId, event);
    if (changed) void port.sendV2(sessionId, changed);
  }

  /** The session was closed or deleted. */
  forget(sessionId: string): void {
    this.prompts.forget(sessionId);
    this.background.forget(sessionId);
    this.ids.forget(sessionId);
    this.terminals.forget(sessionId);
    this.childConfigs.forget(sessionId);
    this.restarted.forget(sessionId);
    this.repeats.delete(sessionId);
  }
}

/**
 * A background command's exit as its task's end tells it: Claude Code gives no exit
 * code, only whether the command completed (0); a failure or a stop is left unknown.
 */
function exitStatusOf(status: "completed" | "failed" | "stopped"): v2.TerminalExitStatus {
  return status === "completed" ? { exitCode: 0 } : {};
}
