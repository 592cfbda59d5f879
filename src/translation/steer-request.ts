import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";

/**
 * A steer as the core serves it (`agent/session-controls.ts`), whichever method it came
 * through (the shared `_session/steering`, `extensions/steering/`): the message, what to
 * do when no turn runs, and how the method words the outcome (`answer`).
 */
export interface SteerRequest<A> {
  readonly sessionId: string;
  readonly prompt: readonly ContentBlock[];
  readonly idle: IdleBehavior;
  /** The method's answer for how the steer went. */
  readonly answer: (result: SteerResult) => A;
}

/** What a steer does when no turn runs: start a turn of its own, or refuse. */
export type IdleBehavior = "start" | "refuse";

/**
 * How a steer went: pushed into the running turn, started a turn of its own, or refused
 * (no turn ran, the client wanted a prompt).
 */
export type SteerResult = "injected" | "started" | "refused";
