import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import type { RunEnv } from "../run-env.js";
import type { TurnTiming } from "../turn-timing.js";
import type { Side } from "../workload.js";

/** Either side with one ready session, behind the same face for the turn workloads. */
export interface ReadySession {
  readonly pid: number;
  prompt(text: string, expectChars?: number): Promise<TurnTiming>;
  /**
   * Permission requests the side asked its client so far: the adapter's
   * `session/request_permission` (the bench allows them); always 0 for the bare runner,
   * which has no `canUseTool` (Claude Code denies instead, an is_error tool result).
   */
  permissionRequests(): number;
  shutdown(): Promise<void>;
}

/**
 * Starts a side and its session, untimed: adapter → `initialize` + `session/new`;
 * bare → runner `start` (query() + initializationResult()).
 */
export async function readySession(side: Side, env: RunEnv): Promise<ReadySession> {
  if (side === "adapter") {
    const adapter = AdapterProcess.spawn(env);
    try {
      await adapter.initialize();
      const sessionId = await adapter.newSession(env.workspace);
      return {
        pid: adapter.pid,
        prompt: (text) => adapter.prompt(sessionId, text),
        permissionRequests: () => adapter.permissionRequests,
        shutdown: () => adapter.shutdown(),
      };
    } catch (error) {
      await adapter.shutdown();
      throw error;
    }
  }
  const bare = BareProcess.spawn(env);
  try {
    await bare.start();
    return {
      pid: bare.pid,
      prompt: (text, expectChars) => bare.prompt(text, expectChars),
      permissionRequests: () => 0,
      shutdown: () => bare.shutdown(),
    };
  } catch (error) {
    await bare.shutdown();
    throw error;
  }
}

/** Throws when a turn did not deliver the scripted text completely. */
export function expectText(
  what: string,
  got: { chars: number; stop: string },
  chars: number,
): void {
  if (got.chars !== chars) {
    throw new Error(
      `${what}: received ${got.chars} of ${chars} text characters (stop: ${got.stop})`,
    );
  }
}
