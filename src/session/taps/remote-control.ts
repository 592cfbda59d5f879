import type { ClaudeQuery } from "../../sdk/claude-query.js";
import {
  REMOTE_CONTROL_OFF,
  remoteControlFailed,
  remoteControlOn,
  type RemoteControlCommand,
} from "../../translation/remote-control.js";
import { redacted } from "../../util/user-text.js";

/**
 * How long `/remote-control` waits for Claude Code: the request goes over the network
 * (claude.ai), and an unreachable service must end in an answer, not a turn that hangs.
 */
const TIMEOUT_MS = 30_000;

/**
 * Runs `/remote-control` through the SDK (`ClaudeQuery.remoteControl`) and returns the
 * answer for the transcript: the session's claude.ai address, `off`, or Claude Code's
 * reason for a failure (offline: it cannot reach claude.ai).
 */
export async function runRemoteControl(
  query: ClaudeQuery,
  command: RemoteControlCommand,
  timeoutMs = TIMEOUT_MS,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Claude Code did not answer within ${timeoutMs / 1000} seconds.`)),
      timeoutMs,
    );
  });
  try {
    const on = command.action === "connect";
    const answer = await Promise.race([
      query.remoteControl(on, on ? command.name : undefined),
      timeout,
    ]);
    return on ? remoteControlOn(answer.sessionUrl) : REMOTE_CONTROL_OFF;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return remoteControlFailed(command.action, redacted(reason));
  } finally {
    clearTimeout(timer);
  }
}
