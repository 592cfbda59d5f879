import { isAbsolute } from "node:path";
import { methods, type AgentApp, type McpServer } from "@agentclientprotocol/sdk/unstable";
import { SessionIndex } from "../agent/history/session-index.js";
import { findForkEntry } from "../agent/history/stored-messages.js";
import { findStoredSession } from "../agent/history/stored-session.js";
import { readForkPoint } from "../extensions/air/fork-point.js";
import { readPassThroughOptions } from "../sdk/query-options.js";
import { deleteStoredSession, forkStoredSession } from "../sdk/stored-sessions.js";
import { isSessionId } from "../sdk/transcript-paths.js";
import { replayHistory } from "../session/history-replay.js";
import { Session } from "../session/session.js";
import type { ConnectionState } from "./agent-app.js";
import { invalidParams, unknownSession } from "./errors.js";
import { guarded } from "./guarded.js";
import { encodeListCursor, parseListCursor } from "./list-cursor.js";
import { checkAdditionalDirectories, checkWorkingDirectory } from "./session-params.js";

/** Rows per `session/list` page (S000 "Compatibility rule": pages of at most 1000). */
export const LIST_PAGE_SIZE = 1000;

/** The params a stored session is started with (load, resume, fork). */
interface StartParams {
  readonly cwd: string;
  readonly additionalDirectories?: readonly string[];
  readonly mcpServers?: readonly McpServer[];
  readonly _meta?: Record<string, unknown> | null;
}

/**
 * The session history methods: `session/list`, `session/load` (with replay),
 * `session/resume`, `session/fork`, `session/close`, `session/delete`. Each handler
 * checks its params and delegates; the stored sessions are Claude Code's own transcripts.
 */
export function registerSessionHistory(app: AgentApp, state: ConnectionState): AgentApp {
  const index = new SessionIndex();

  /** Stored sessions whose Claude Code is starting, so that two requests share one. */
  const opening = new Map<string, Promise<Session>>();

  /**
   * Starts Claude Code on a stored session so that the next prompt continues it.
   * `fresh` is false when another request of this connection started it already.
   * `replay`: a load's replay, which Claude Code may start after (see `Session.start`).
   */
  const resumeStored = async (
    sessionId: string,
    params: StartParams,
    replay?: Promise<unknown>,
  ): Promise<{ session: Session; fresh: boolean }> => {
    const live = state.sessions.find(sessionId);
    if (live) return { session: live, fresh: false };
    const pending = opening.get(sessionId);
    if (pending) return { session: await pending, fresh: false };
    if (!state.client) throw new Error("connection not ready");
    const starting = Session.start(
      {
        sessionId,
        cwd: params.cwd,
        additionalDirectories: checkAdditionalDirectories(params.additionalDirectories),
        mcpServers: [...(params.mcpServers ?? [])],
        passThrough: readPassThroughOptions(params._meta),
      },
      state.client,
      state.profile,
      "resume",
      replay,
    ).then((session) => {
      state.sessions.add(session);
      return session;
    });
    state.auth?.starting(starting.then((session) => session.up));
    opening.set(sessionId, starting);
    try {
      return { session: await starting, fresh: true };
    } finally {
      opening.delete(sessionId);
    }
  };

  /** What a setup answer says of a session; a new one's start notice follows it. */
  const setupAnswer = ({ session, fresh }: { session: Session; fresh: boolean }) => {
    if (fresh) setImmediate(() => void session.announce());
    return { modes: session.modes(), configOptions: session.configOptions() };
  };

  return app
    .onRequest(
      methods.agent.session.list,
      guarded(methods.agent.session.list, async ({ params }) => {
        const cwd = params.cwd ?? undefined;
        if (cwd !== undefined && !isAbsolute(cwd)) {
          throw invalidParams(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
        }
        const after = params.cursor ? parseListCursor(params.cursor) : undefined;
        const page = await index.page({ cwd, after, limit: LIST_PAGE_SIZE });
        return {
          sessions: page.sessions,
          ...(page.next ? { nextCursor: encodeListCursor(page.next) } : {}),
        };
      }),
    )
    .onRequest(
      methods.agent.session.load,
      guarded(methods.agent.session.load, async ({ params }) => {
        const { sessionId } = params;
        await checkWorkingDirectory(params.cwd);
        checkAdditionalDirectories(params.additionalDirectories);
        const live = state.sessions.find(sessionId);
        const stored = await findStoredSession(sessionId, params.cwd);
        if (!stored && !live && !opening.has(sessionId)) throw unknownSession(sessionId);
        if (!state.client) throw new Error("connection not ready");
        // The answer ends the load: nothing for the session may follow it, not even the
        // command list, until the client prompts again. So the session's options and
        // commands go out before it: from Claude Code's cached start answer (Claude Code
        // then starts after the history is sent), or from Claude Code itself, which then
        // starts at once, while the history is sent.
        let replayed!: () => void;
        const replay = new Promise<void>((resolve) => (replayed = resolve));
        const starting = resumeStored(sessionId, params, replay);
        starting.catch(() => undefined); // awaited below; this only marks it handled
        try {
          if (stored) {
            await replayHistory({
              sessionId,
              transcript: stored.path,
              profile: state.profile,
              flatSubagents:
                state.profile.subagentTranscript ||
                readPassThroughOptions(params._meta).forwardSubagentText === true,
              client: state.client,
            });
          }
        } catch (error) {
          // The history could not be sent: a session this request started does not open.
          starting.then(
            ({ session, fresh }) => fresh && closeSession(state, session.id),
            () => undefined,
          );
          throw error;
        } finally {
          // Claude Code's launch (~10 ms of spawning, on this thread) waits for the answer
          // to be written: the answer reaches the transport as this handler returns, and
          // the transport writes in the next check phase (`StdoutLines`); the second
          // `setImmediate` runs after that one. (While the pipe is full the answer waits
          // for it to drain, and the launch may go first, as it always did before.)
          setImmediate(() => setImmediate(replayed));
        }
        const { session, fresh } = await starting;
        if (fresh) await session.announce();
        session.quietUntilPrompt();
        return { modes: session.modes(), configOptions: session.configOptions() };
      }),
    )
    .onRequest(
      methods.agent.session.resume,
      guarded(methods.agent.session.resume, async ({ params }) => {
        const { sessionId } = params;
        await checkWorkingDirectory(params.cwd);
        const known = state.sessions.find(sessionId) ?? opening.has(sessionId);
        if (!known && !(await findStoredSession(sessionId, params.cwd))) {
          throw unknownSession(sessionId);
        }
        return setupAnswer(await resumeStored(sessionId, params));
      }),
    )
    .onRequest(
      methods.agent.session.fork,
      guarded(methods.agent.session.fork, async ({ params }) => {
        await checkWorkingDirectory(params.cwd);
        const source = await findStoredSession(params.sessionId, params.cwd);
        if (!source) {
          throw state.sessions.find(params.sessionId)
            ? invalidParams("the session has no history to fork yet")
            : unknownSession(params.sessionId);
        }
        // AIR may fork at one message (S000 "Session fork point"); others fork it all.
        const point = state.profile.air.client ? readForkPoint(params._meta) : undefined;
        const upTo = point ? await findForkEntry(source.path, point) : undefined;
        if (point && !upTo) {
          throw invalidParams(
            `no message matches the fork point ${JSON.stringify(point.messageId)}`,
          );
        }
        const sessionId = await forkStoredSession(params.sessionId, upTo);
        return {
          sessionId,
          ...setupAnswer(await resumeStored(sessionId, params)),
        };
      }),
    )
    .onRequest(
      methods.agent.session.close,
      guarded(methods.agent.session.close, ({ params }) => {
        state.sessions.get(params.sessionId); // invalidParams when unknown or closed
        closeSession(state, params.sessionId);
        return {};
      }),
    )
    .onRequest(
      methods.agent.session.delete,
      guarded(methods.agent.session.delete, async ({ params }) => {
        const { sessionId } = params;
        // An id that names nothing succeeds silently, as the spec says it SHOULD: also a
        // malformed one, which never named a session (and never reaches the disk).
        if (!isSessionId(sessionId)) return {};
        closeSession(state, sessionId);
        if (await deleteStoredSession(sessionId)) index.invalidate();
        return {};
      }),
    );
}

/** Ends a live session: its turns end `cancelled`, its Claude Code exits, its id is free. */
function closeSession(state: ConnectionState, sessionId: string): void {
  state.sessions.find(sessionId)?.close();
  state.sessions.remove(sessionId);
}
