/**
 * The steering wire names (air-extensions.md "JetBrains shared keys": `steering` is a
 * JetBrains convention outside the AIR namespace, sent to every client; features.md 1p
 * `_session/steering`). Only this folder spells them.
 */

/** The extension method that joins a running turn. */
export const STEERING_METHOD = "_session/steering";

/** `initialize` response `_meta.steering = {supported: true}`; request `_meta.steering`. */
export const STEERING = "steering";

/** Request `_meta.steering.idleBehavior`: what a steer does when no turn runs. */
export const IDLE_BEHAVIOR = "idleBehavior";

/** `idleBehavior` value: with no running turn, answer `promptRequired` and start nothing. */
export const PROMPT_REQUIRED = "promptRequired";

/**
 * The `outcome` of a `_session/steering` answer. `injected` is a word other steering
 * surfaces (Lody's acknowledged steer) answer too, so it is not in the wire list below.
 */
export const STEER_OUTCOMES = {
  /** The steer was pushed into the running turn (submitted, not yet applied). */
  injected: "injected",
  /** No turn ran: the steer started one of its own, with no `session/prompt` behind it. */
  startedNewTurn: "startedNewTurn",
  /** No turn ran and the client asked for `promptRequired`: nothing was started. */
  promptRequired: PROMPT_REQUIRED,
} as const;

/** `reason` of a `promptRequired` answer. */
export const NO_RUNNING_TURN = "noRunningTurn";

/** What `test/architecture.test.ts` looks for outside this folder. */
export const STEERING_WIRE_STRINGS: readonly string[] = [
  STEERING_METHOD,
  STEERING,
  IDLE_BEHAVIOR,
  PROMPT_REQUIRED,
  STEER_OUTCOMES.startedNewTurn,
  NO_RUNNING_TURN,
];
