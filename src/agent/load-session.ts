import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { readPassThroughOptions } from "../sdk/query-options.js";
import { replayHistory } from "../session/history/history-replay.js";
import { subagentHistoryShown } from "../session/start/query-setup.js";
import type { Session } from "../session/session.js";
import type { ReplayedChild } from "../session/subagents/subagent-child.js";
import { unknownSession } from "../util/adapter-error.js";
import { findStoredSession } from "./history/stored-session.js";
import type { SessionOpener, SessionParams } from "./session-opener.js";
import { checkAdditionalDirectories } from "./session-params.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The updates that end a `session/load`'s replay, sent after the history and before
     * the answer (AIR's `loadReplayEnd`: everything before it is history).
     */
    readonly loadReplayEnd?: readonly (() => SessionUpdate)[];
  }
}

export interface LoadContext {
  readonly opener: SessionOpener;
  /** The session, when it is live on this connection already. */
  readonly live: Session | undefined;
  readonly client: ClientPort;
  readonly profile: ClientProfile;
  /** Ends a session this load started but could not finish. */
  readonly close: (sessionId: string) => void;
}

/**
 * `session/load`: replays the stored history to the client, with Claude Code continuing
 * the session, and resolves with the session once nothing more may follow the answer.
 *
 * The answer ends the load: nothing for the session may follow it, not even the command
 * list, until the client prompts again. So the session's options and commands go out
 * before it: from Claude Code's cached start answer (Claude Code then starts after the
 * history is sent), or from Claude Code itself, which then starts at once, while the
 * history is sent.
 */
export async function loadSession(
  sessionId: string,
  params: SessionParams,
  context: LoadContext,
): Promise<Session> {
  const { opener, client, profile } = context;
  checkAdditionalDirectories(params);
  const stored = await findStoredSession(sessionId, params.cwd);
  if (!stored && !context.live && !opener.isOpening(sessionId)) throw unknownSession(sessionId);
  let replayed!: () => void;
  const replay = new Promise<void>((resolve) => (replayed = resolve));
  const starting = opener.openStored(sessionId, params, replay);
  starting.catch(() => undefined); // awaited below; this only marks it handled
  let children: ReplayedChild[] = [];
  try {
    if (stored) {
      children = await replayHistory({
        sessionId,
        transcript: stored.path,
        cwd: params.cwd,
        profile,
        flatSubagents: subagentHistoryShown(profile, readPassThroughOptions(params._meta)),
        client,
      });
    }
  } catch (error) {
    // The history could not be sent: a session this request started does not open.
    starting.then(
      ({ session, fresh }) => fresh && context.close(session.id),
      () => undefined,
    );
    throw error;
  } finally {
    // Claude Code's launch (~10 ms of spawning, on this thread) waits for the answer to
    // be written: the answer reaches the transport as the request handler returns, and
    // the transport writes in the next check phase (`StdoutLines`); the second
    // `setImmediate` runs after that one. (While the pipe is full the answer waits for it
    // to drain, and the launch may go first, as it always did before.)
    setImmediate(() => setImmediate(replayed));
  }
  const { session, fresh } = await starting;
  if (fresh) await session.announce();
  for (const end of profile.hooks.loadReplayEnd ?? []) await client.sessionUpdate(sessionId, end());
  session.quietUntilPrompt();
  // A SendMessage after the load may run a replayed child again: its run goes to it.
  // Adopted once quiet: what the adoption tells the client waits for the next prompt.
  session.children?.adoptReplayed?.(children);
  return session;
}
