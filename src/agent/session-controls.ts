import type { GoalRequest } from "../translation/goal-request.js";
import type { SteerRequest } from "../translation/steer-request.js";
import { toClaudeContent } from "../translation/prompt.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { notOffered } from "../util/adapter-error.js";
import { log } from "../util/log.js";
import type { SessionRegistry } from "./session-registry.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The client may set a session's goal with `_session/goal` (AIR's goal extension). */
    readonly sessionGoalMethod?: boolean;
  }
}

/**
 * The extension methods that act on a live session's work: `_session/steering` and
 * `_session/goal`. Both throw `unknownSession` for a session that is not live.
 */
export class SessionControls {
  constructor(
    private readonly sessions: SessionRegistry,
    /** The negotiated client: `_session/goal` is offered only through its hook. */
    private readonly profile: () => ClientProfile,
  ) {}

  /**
   * `_session/steering` (features.md 1p): into the running turn (`injected`); with no
   * turn running, a turn of its own (`startedNewTurn`, its answer goes to no request),
   * or nothing when the client asked for `promptRequired`.
   */
  steer<A>(request: SteerRequest<A>): A {
    const session = this.sessions.get(request.sessionId);
    const content = toClaudeContent(request.prompt);
    if (session.steer(content)) return request.answer("injected");
    if (request.idle === "refuse") return request.answer("refused");
    session.prompt(content).catch((error: unknown) => {
      log.warn("steered turn failed", { sessionId: session.id, message: String(error) });
    });
    return request.answer("started");
  }

  /**
   * `_session/goal` (air-extensions.md "Control request"): answers `{}` once the command
   * is on its way. The goal extension applies only to an AIR client ("Goal",
   * `sessionGoalMethod`): any other client is told the method is not found (the protocol
   * names it), and nothing runs (a Lody client sets its goal with `_lody/session/goal` or
   * `goalControl`).
   */
  goal(request: GoalRequest): Record<string, never> {
    if (this.profile().hooks.sessionGoalMethod !== true) throw notOffered();
    this.sessions.get(request.sessionId).goal(request.objective);
    return {};
  }
}
