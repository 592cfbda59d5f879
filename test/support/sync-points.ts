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

/** The prompts `expectSteerDropped` sends; the script must answer both. */
export const AFTER_CANCEL = ["the prompt after the cancel", "one more prompt"] as const;

/**
 * Proves that a steer sent into a turn that was then cancelled never ran: prompts twice
 * more, and checks that each prompt's request was then the model's last and that no
 * request carried `steerText`. Resolves with the model's main requests.
 *
 * Why the second prompt's answer is late enough: a steer Claude Code did not drop stays
 * queued in it (an interrupted Claude Code starts nothing it has queued until new input
 * comes), and a steer sent while a permission request was open is queued at `later`,
 * behind a prompt (`next`): the first prompt runs first. When that turn ends, Claude
 * Code starts what it still has queued, the steer, before it reads the second prompt,
 * which the client sends only once it has the first one's answer: the steer's request
 * comes before the second prompt's. (This leans on Claude Code's queue: at the normal
 * end of a turn it starts a queued command before it reads a message that arrives
 * after that end. With the interrupt keeping queued commands, both steering scenarios
 * fail here, every run.)
 */
export async function expectSteerDropped(
  s: Scenario,
  sessionId: string,
  steerText: string,
): Promise<RecordedRequest[]> {
  for (const next of AFTER_CANCEL) {
    expect((await s.prompt(sessionId, next)).stopReason).toBe("end_turn");
    expect(carries(s.model.mainRequests().at(-1), next)).toBe(true);
  }
  const requests = s.model.mainRequests();
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
