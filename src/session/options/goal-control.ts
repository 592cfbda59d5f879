import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { goalCommand, goalFromPrompt } from "../../translation/goal-request.js";
import {
  GoalState,
  readActiveGoal,
  type GoalPublication,
  type GoalSnapshot,
} from "../../translation/goal-state.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { promptText, type ClaudeUserBlock } from "../../translation/prompt.js";
import { log } from "../../util/log.js";
import type { Outbox } from "../outbox.js";
import type { Steering } from "../turn/steering.js";

/** What the goal control works with. */
export interface GoalControlParts {
  readonly sessionId: string;
  readonly profile: ClientProfile;
  readonly outbox: Outbox;
  readonly steering: Steering;
  /** Runs a prompt of the session's own (no `session/prompt` behind it). */
  prompt(content: ClaudeUserBlock[]): Promise<PromptResponse>;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * How the extensions show the session's goal (`null`: none): one update each, in
     * order (AIR's `_meta.jetbrains.air.goal`, Lody's `_meta.lody.goal`).
     */
    readonly goalUpdates?: readonly ((goal: GoalSnapshot | null) => SessionUpdate)[];
  }
}

/**
 * A session's goal (air-extensions.md "Goal", lody-contract.md §7.1): the goal methods
 * of the extensions become Claude Code's `/goal` command, steered into the running turn
 * at steering priority, else run as a prompt of its own; the client sees the goal as
 * each of its extensions shows it (`ExtensionHooks.goalUpdates`), from the command as
 * submitted (reverted if it fails) and from Claude Code's `active_goal` frames. A goal belongs to the session, not to a
 * prompt: a cancel leaves it as it is.
 */
export class GoalControl {
  private readonly state = new GoalState();

  constructor(private readonly parts: GoalControlParts) {}

  /** Sends `/goal <objective>`, or `/goal clear` for `null`; the command runs on its own. */
  submit(objective: string | null): void {
    const content: ClaudeUserBlock[] = [{ type: "text", text: goalCommand(objective) }];
    const steer = this.parts.steering.inject(content);
    // The command ran once Claude Code took it in; one that never ran restores the goal.
    this.follow(objective, steer ? steer.applied : this.parts.prompt(content).then(() => true));
  }

  /**
   * A prompt of the client's: a typed `/goal <objective>` or `/goal clear` publishes like
   * the control method (the prompt's answer tells whether it ran). Resolves with the answer.
   */
  prompt(content: ClaudeUserBlock[], run: Promise<PromptResponse>): Promise<PromptResponse> {
    const objective = goalFromPrompt(promptText(content));
    if (objective !== undefined)
      this.follow(
        objective,
        run.then(() => true),
      );
    return run;
  }

  /** Publishes the submitted goal; settles it once `ran` says it ran, restores it if not. */
  private follow(objective: string | null, ran: Promise<boolean>): void {
    const { token, publish } = this.state.submit(objective);
    this.publish(publish);
    ran.then(
      (ok) => (ok ? this.state.settle(token) : this.publish(this.state.fail(token))),
      (error: unknown) => {
        log.warn("goal command failed", {
          sessionId: this.parts.sessionId,
          message: String(error),
        });
        this.publish(this.state.fail(token));
      },
    );
  }

  /** Reads Claude Code's `active_goal` frames; true for one (nothing else reads it). */
  observe(message: unknown): boolean {
    const goal = readActiveGoal(message);
    if (!goal) return false;
    this.publish(this.state.runtime(goal.value));
    return true;
  }

  private publish(goal: GoalPublication): void {
    // Each goal extension shows it on its own key; a goal outside a prompt waits while
    // the session is quiet.
    if (goal === undefined) return;
    const updates = this.parts.profile.hooks.goalUpdates ?? [];
    if (updates.length > 0) this.parts.outbox.announce(updates.map((update) => update(goal)));
  }
}
