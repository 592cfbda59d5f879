import type { MethodHost } from "../../profile/extension-methods.js";
import type { GoalRequest as LodyGoalRequest } from "../../translation/goal-request.js";
import { toClaudeContent } from "../../translation/prompt.js";
import { notOffered, refused } from "../../util/adapter-error.js";
import { log } from "../../util/log.js";
import { LODY_METHODS } from "./keys.js";
import { RateLimitBook } from "./rate-limit-book.js";
import type { RateLimitsSnapshot } from "./rate-limits.js";
import { steerApplied, steerInjected, type LodySteerRequest } from "./steer.js";

/**
 * The `_lody/...` requests (lody-contract.md §2.1), one instance per connection. Each is
 * offered only to a client that declared `_meta.lody` (others get method-not-found, as for
 * a method never registered) and throws `unknownSession` for a session that is not live.
 */
export class LodyControls {
  /** The plan windows Claude Code reported, for every session: the account's quota book. */
  readonly rateLimits: RateLimitBook;

  constructor(private readonly host: MethodHost) {
    this.rateLimits = new RateLimitBook(host.quota, () => host.plan());
  }

  /**
   * `_lody/rate_limits/get` (contract §7.3): the windows last reported, whatever the
   * filters say; none (`rateLimits: []`) while no session reported any, as with an API key.
   */
  rateLimitsGet(): RateLimitsSnapshot {
    this.offered(LODY_METHODS.rateLimitsGet);
    return this.rateLimits.snapshot(Math.floor(Date.now() / 1000));
  }

  /**
   * `_lody/session/steer` (contract §6): into the running turn, or the turn of a prompt
   * queued and not yet started. Refused (-32600, nothing enqueued) when no prompt of the
   * session is unsettled, or its turn is cancelled or settling. `steer_applied` follows
   * when Claude Code takes the message in, before the prompt's answer; never after a
   * cancel.
   */
  steer(request: LodySteerRequest): ReturnType<typeof steerInjected> {
    this.offered(LODY_METHODS.steer);
    const session = this.host.session(request.sessionId);
    const content = toClaudeContent(request.prompt);
    const client = this.host.client();
    const applied = steerApplied(session.id, request.steerId);
    const accepted = session.acknowledgedSteer(content, () => {
      client.notify(applied.method, applied.params).catch((error: unknown) => {
        log.warn("steer_applied not sent", { sessionId: session.id, message: String(error) });
      });
    });
    if (!accepted) throw refused("no prompt of the session is running to steer");
    return steerInjected();
  }

  /**
   * `_lody/session/goal` (contract §7.1): `/goal <objective>` or `/goal clear` through the
   * session's goal core, steered into a running turn, else run as a prompt of its own;
   * answers `{}` once the command is on its way (the goal follows as `_meta.lody.goal`).
   */
  goal(request: LodyGoalRequest): Record<string, never> {
    this.offered(LODY_METHODS.goal);
    this.host.session(request.sessionId).goal(request.objective);
    return {};
  }

  private offered(method: string): void {
    if (!this.host.profile().lody.client) throw notOffered(method);
  }
}
