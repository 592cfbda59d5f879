import type { QuotaBook } from "../translation/quota/book.js";
import type { McpServer } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { readPassThroughOptions } from "../sdk/query-options.js";
import type { SessionSetup } from "../session/start/query-setup.js";
import { Session } from "../session/session.js";
import type { AuthTracker } from "./auth-tracker.js";
import type { SessionRegistry } from "./session-registry.js";
import {
  checkAdditionalDirectories,
  sessionSystemPrompt,
  wantsRawSdkMessages,
} from "./session-params.js";

/** What a session is started with (new, load, resume, fork): ACP's session params. */
export interface SessionParams {
  readonly cwd: string;
  readonly additionalDirectories?: readonly string[] | null;
  readonly mcpServers?: readonly McpServer[] | null;
  /** The client's system prompt (the ACP client-system-prompt RFD). */
  readonly systemPrompt?: unknown;
  readonly _meta?: Record<string, unknown> | null;
}

/** A session, and whether this request started its Claude Code (false: it was live). */
export interface Opened {
  readonly session: Session;
  readonly fresh: boolean;
}

/** What opening a session needs of the connection. */
export interface OpenerContext {
  readonly sessions: SessionRegistry;
  readonly client: () => ClientPort;
  readonly profile: () => ClientProfile;
  readonly auth: () => AuthTracker | undefined;
  /** The connection's rate-limit book of a Lody client (its sessions report into it). */
  readonly rateLimits: SessionSetup["lodyRateLimits"];
  /** The account's quota, which every session's Claude Code reports into. */
  readonly quota: QuotaBook;
}

/**
 * Starts the Claude Code of a session, new or stored, and registers it. Two requests for
 * the same stored session (a load and a resume racing) share one start.
 */
export class SessionOpener {
  /** Stored sessions whose Claude Code is starting. */
  private readonly opening = new Map<string, Promise<Session>>();

  constructor(private readonly context: OpenerContext) {}

  /** True while a request of this connection starts `sessionId`. */
  isOpening(sessionId: string): boolean {
    return this.opening.has(sessionId);
  }

  /** A new session with a fresh transcript under `sessionId`. */
  async openNew(sessionId: string, params: SessionParams): Promise<Session> {
    return await this.start(sessionId, params, "new");
  }

  /**
   * Starts Claude Code on a stored session so that the next prompt continues it, or
   * returns the live one. `replay`: a load's replay, which Claude Code may start after
   * (see `Session.start`).
   */
  async openStored(
    sessionId: string,
    params: SessionParams,
    replay?: Promise<unknown>,
  ): Promise<Opened> {
    const live = this.context.sessions.find(sessionId);
    if (live) return { session: live, fresh: false };
    const pending = this.opening.get(sessionId);
    if (pending) return { session: await pending, fresh: false };
    const starting = this.start(sessionId, params, "resume", replay);
    this.opening.set(sessionId, starting);
    try {
      return { session: await starting, fresh: true };
    } finally {
      this.opening.delete(sessionId);
    }
  }

  private start(
    sessionId: string,
    params: SessionParams,
    start: "new" | "resume",
    replay?: Promise<unknown>,
  ): Promise<Session> {
    const { sessions, client, profile, auth, rateLimits, quota } = this.context;
    const starting = Session.start(
      {
        sessionId,
        cwd: params.cwd,
        additionalDirectories: checkAdditionalDirectories(params),
        mcpServers: [...(params.mcpServers ?? [])],
        passThrough: readPassThroughOptions(params._meta),
        systemPrompt: sessionSystemPrompt(params, profile()),
        rawSdkMessages: wantsRawSdkMessages(params._meta),
        lodyRateLimits: rateLimits,
        quota,
        accountSeen: (account) => auth()?.sessionStarted(account),
      },
      client(),
      profile(),
      start,
      replay,
    ).then((session) => {
      sessions.add(session);
      return session;
    });
    // Until its Claude Code is up, also after an answer from the cached model list.
    auth()?.starting(starting.then((session) => session.up));
    return starting;
  }
}
