import { methods } from "@agentclientprotocol/sdk/unstable";
import { expect } from "vitest";
import type { Scenario } from "./acp-harness.js";
import type { RecordedRequest } from "./model-server.js";

/**
 * Sync points: events a scenario can wait for after which the adapter must already have
 * done what it was going to do, so that an absence checked then is proven, not hoped for
 * after a sleep. Each says what ordering makes it sound.
 */

const carries = (request: RecordedRequest | undefined, text: string) =>
  JSON.stringify(request?.body.messages ?? []).includes(text);

/**
 * Proves that a steer sent into a turn that was then cancelled never ran: prompts once
 * more (the script must answer it) and checks that this prompt's request is the model's
 * last and that no request carried `steerText`. Resolves with the model's main requests.
 *
 * Why the prompt's answer is late enough: the cancel interrupts Claude Code only once it
 * has the steer, so a steer it did not drop is still queued in it when the interrupted
 * turn ends. The adapter hands the next prompt to Claude Code only after that turn's
 * `result` (the turn runner starts it when the drain ends), and Claude Code takes up
 * what it has queued when a turn ends: a surviving steer runs no later than this prompt,
 * as a request of its own before the prompt's or folded into the prompt's request.
 * (This leans on Claude Code's queue: a command queued when a turn ends is started
 * before a message that arrives after that end.)
 */
export async function expectSteerDropped(
  s: Scenario,
  sessionId: string,
  steerText: string,
): Promise<RecordedRequest[]> {
  const next = "the prompt after the cancel";
  expect((await s.prompt(sessionId, next)).stopReason).toBe("end_turn");
  const requests = s.model.mainRequests();
  expect(carries(requests.at(-1), next)).toBe(true);
  expect(requests.filter((r) => carries(r, steerText))).toEqual([]);
  return requests;
}

/**
 * Resolves once the session's Claude Code is up and the adapter handed to the connection
 * what its start announces (the commands, a corrected model list): a `session/set_mode`
 * to the mode the session already has, which changes nothing and sends no update.
 *
 * Why its answer is late enough: `SessionOptions.setMode` first waits for the session's
 * start (`StartState.started`), the promise whose reaction announces what Claude Code's
 * start changed (`announceStart`). That reaction was registered before this request
 * arrived (a load registers it before its answer; a new session, a resume or a fork in
 * the check phase that writes its answer); reactions run in the order they were
 * registered, and the announcement is written (or held while the session is quiet) in
 * its reaction, so anything the start sends precedes this answer.
 */
export async function claudeCodeUp(s: Scenario, sessionId: string, currentMode: string) {
  await s.agent.request(methods.agent.session.setMode, { sessionId, modeId: currentMode });
}
