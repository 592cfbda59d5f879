import { randomUUID } from "node:crypto";
import type {
  AvailableCommand,
  ContentBlock,
  ListSessionsResponse,
  PromptResponse,
  SessionConfigOption,
} from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import { PLAIN_CLIENT, type ClientProfile } from "../profile/client-profile.js";
import { connectExtensions, negotiateClientProfile } from "../extensions/compose.js";
import { deleteStoredSession, forkStoredSession } from "../sdk/stored-sessions.js";
import { isSessionId } from "../sdk/transcript-paths.js";
import { toAvailableCommands } from "../translation/commands.js";
import { toClaudeContent, type ClaudeUserBlock } from "../translation/prompt.js";
import { invalidInput, isAdapterError, unknownSession } from "../util/adapter-error.js";
import type { AgentOptions } from "./agent-options.js";
import { AuthTracker } from "./auth-tracker.js";
import { LoginControls } from "./login-controls.js";
import { ProviderControls } from "./provider-controls.js";
import { RewindControls } from "./rewind-controls.js";
import { forkEnd } from "./fork-end.js";
import { archiveStoredSession } from "./history/archive-session.js";
import { findStoredSession } from "./history/stored-session.js";
import { SessionIndex } from "./history/session-index.js";
import { loadSession } from "./load-session.js";
import { SessionOpener, type SessionParams } from "./session-opener.js";
import { announced, setupAnswer, type SessionSetupAnswer } from "./setup-answer.js";
import { extensionHost } from "./extension-host.js";
import { SessionControls } from "./session-controls.js";
import { SessionIndexControls } from "./session-index-controls.js";
import { SessionMethods } from "./session-methods.js";
import { AccountControls } from "./account-controls.js";
import { SessionRegistry } from "./session-registry.js";
import { refuseSubscription, renewQueriesOnKindChange } from "./subscription-guard.js";
import { checkSessionParams } from "./session-params.js";
import { listSessions, type ListRequest } from "./session-list.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * What a prompt runs instead of its content, from the prompt's `_meta`; undefined: its
     * content. A malformed request throws `invalidInput`, before anything runs.
     */
    readonly promptCommand?: (meta: unknown) => ClaudeUserBlock[] | undefined;
    /** `session/delete` archives the stored session instead of deleting it. */
    readonly archivesOnDelete?: boolean;
  }
}

/**
 * The agent behind every protocol surface: one method per ACP operation, owning the
 * connection's sessions, the stored-session index and the sessions being opened. A
 * protocol table parses a request, calls one method and sends its answer; it holds no
 * logic of its own, so a second protocol version maps onto this same object.
 */
export class AcpAgent {
  /** `options`: how the host started the adapter (the bin's flags). */
  constructor(readonly options: AgentOptions = {}) {}

  private negotiated: ClientProfile = PLAIN_CLIENT;
  private readonly sessions = new SessionRegistry();
  /** `session/rewind`, `session/edit_prompt` (the session-rewind RFD). */
  readonly rewinds = new RewindControls({
    sessions: this.sessions,
    prompt: (sessionId, prompt, signal, meta) => this.prompt(sessionId, prompt, signal, meta),
  });
  /** `_session/steering` and `_session/goal`. */
  readonly controls = new SessionControls(this.sessions, () => this.negotiated);
  /** Account quota (`quota/read`) and the standard `auth/status`. */
  readonly account = new AccountControls({
    sessions: this.sessions,
    profile: () => this.negotiated,
    client: () => this.client,
    auth: () => this.auth,
  });
  private readonly index = new SessionIndex();
  /** AIR's session index: rename, archive, unarchive, batch get, list subscriptions. */
  readonly sessionIndex = new SessionIndexControls({
    sessions: this.sessions,
    profile: () => this.negotiated,
    client: () => this.client,
    changed: () => this.index.invalidate(),
  });
  /** The extensions' own methods (`_lody/...`, AIR's, `_session/steering`) and state. */
  readonly extensions = connectExtensions(
    extensionHost({
      sessions: this.sessions,
      profile: () => this.negotiated,
      client: () => this.client,
      plan: () => this.auth?.plan,
      controls: this.controls,
      sessionIndex: this.sessionIndex,
      quota: this.account.quota,
    }),
  );
  private port: ClientPort | undefined;
  private auth: AuthTracker | undefined;
  /** The capabilities as the client sent them (markers the ACP SDK's schema drops). */
  private sent: unknown;
  /** The standard `session/status`, `set_title`, `archive`, `unarchive`. */
  readonly sessionMethods = new SessionMethods({
    sessions: this.sessions,
    opening: (sessionId) => this.opener.isOpening(sessionId),
    client: () => this.client,
    close: (sessionId) => this.closeSession(sessionId),
    changed: () => this.index.invalidate(),
    touched: (sessionId) => this.sessionIndex.touched(sessionId),
  });
  /** `providers/*` (unstable ACP) and the gateway sign-in: where Claude Code's requests go. */
  readonly providers = new ProviderControls(
    () => this.auth,
    () => this.negotiated,
  );
  /** `authenticate` and `logout`: what the client signs in and out through ACP. */
  readonly login = new LoginControls({
    profile: () => this.negotiated,
    providers: this.providers,
    auth: () => this.auth,
  });
  private readonly opener = new SessionOpener({
    sessions: this.sessions,
    client: () => this.client,
    profile: () => this.negotiated,
    auth: () => this.auth,
    rateLimits: this.extensions.rateLimits,
    quota: this.account.quota,
  });

  /** The client this agent talks to; the login state is pushed to it. */
  connect(client: ClientPort): void {
    this.port = client;
    this.auth = new AuthTracker((method, params) => client.notify(method, params));
    this.auth.onChange((status) => this.account.authChanged(status));
    renewQueriesOnKindChange(this.options, this.auth);
  }

  /** The `initialize` about to be handled, as the client sent it (`initialize-guard.ts`). */
  capabilitiesSent(clientCapabilities: unknown): void {
    this.sent = clientCapabilities;
  }

  /**
   * `initialize`: reads the client's capabilities (as v1's, for a v2 client:
   * `protocolVersion` 2); the protocol builds the answer. The hooks of the extensions the
   * client negotiated load here, on demand (`negotiateClientProfile`).
   */
  async initialize(clientCapabilities: unknown, protocolVersion?: number): Promise<ClientProfile> {
    this.negotiated = await negotiateClientProfile(
      clientCapabilities ?? {},
      protocolVersion,
      this.sent,
    );
    // The login state is probed in the background: it never delays initialize.
    this.auth?.refreshSoon();
    return this.negotiated;
  }

  newSession(params: SessionParams): Promise<{ sessionId: string } & SessionSetupAnswer> {
    return this.opening(this.openNew(params));
  }

  private async openNew(
    params: SessionParams,
  ): Promise<{ sessionId: string } & SessionSetupAnswer> {
    await checkSessionParams(params);
    const session = await this.opener.openNew(randomUUID(), params);
    setImmediate(() => void session.announce());
    return { sessionId: session.id, ...setupAnswer(session) };
  }

  /** `session/load`: the stored history is replayed before the answer. */
  load(sessionId: string, params: SessionParams): Promise<SessionSetupAnswer> {
    return this.opening(this.openLoad(sessionId, params));
  }

  private async openLoad(sessionId: string, params: SessionParams): Promise<SessionSetupAnswer> {
    await checkSessionParams(params);
    const session = await loadSession(sessionId, params, {
      opener: this.opener,
      live: this.sessions.find(sessionId),
      client: this.client,
      profile: this.negotiated,
      close: (id) => this.closeSession(id),
    });
    return setupAnswer(session);
  }

  resume(sessionId: string, params: SessionParams): Promise<SessionSetupAnswer> {
    return this.opening(this.openResumed(sessionId, params));
  }

  private async openResumed(sessionId: string, params: SessionParams): Promise<SessionSetupAnswer> {
    await checkSessionParams(params);
    const known = this.sessions.find(sessionId) ?? this.opener.isOpening(sessionId);
    if (!known && !(await findStoredSession(sessionId, params.cwd))) {
      throw unknownSession(sessionId);
    }
    return announced(await this.opener.openStored(sessionId, params));
  }

  /** `messageId` (the fork-at-message RFD): the fork ends with that message. */
  fork(sessionId: string, params: ForkParams): Promise<{ sessionId: string } & SessionSetupAnswer> {
    return this.opening(this.openFork(sessionId, params));
  }

  /**
   * A session's Claude Code start is under way from the arrival of its request (`session/new`,
   * `load`, `resume`, `fork`) until its `answer` (then the session's own start, `SessionOpener`):
   * marked before any check reads the disk, so a login probe due meanwhile waits for it.
   */
  private opening<T>(answer: Promise<T>): Promise<T> {
    this.auth?.starting(answer);
    return answer;
  }

  private async openFork(sessionId: string, params: ForkParams) {
    await checkSessionParams(params);
    const source = await findStoredSession(sessionId, params.cwd);
    if (!source) {
      throw this.sessions.find(sessionId)
        ? invalidInput("the session has no history to fork yet")
        : unknownSession(sessionId);
    }
    const upTo = await forkEnd(this.negotiated, params, source.path);
    const forkId = await forkStoredSession(sessionId, upTo);
    // A list subscriber learns of the fork after its answer (written after this resolves).
    const release = this.sessionIndex.holdBack(forkId);
    try {
      return { sessionId: forkId, ...announced(await this.opener.openStored(forkId, params)) };
    } finally {
      setImmediate(release);
    }
  }

  list(request: ListRequest): Promise<ListSessionsResponse> {
    return listSessions(this.index, this.negotiated, request, this.sessions.activityOf);
  }

  close(sessionId: string): void {
    this.sessions.get(sessionId); // unknownSession when unknown or closed
    this.closeSession(sessionId);
  }

  /**
   * An id that names nothing succeeds silently, as the spec says it SHOULD: also a
   * malformed one, which never named a session (and never reaches the disk). A client
   * whose extension says so gets an archive instead (AIR without `sessionIndex`, as the
   * reference).
   */
  async delete(sessionId: string): Promise<void> {
    if (!isSessionId(sessionId)) return;
    this.closeSession(sessionId);
    const archives = this.negotiated.hooks.archivesOnDelete === true;
    const remove = archives ? archiveStoredSession : deleteStoredSession;
    if (await remove(sessionId)) this.index.invalidate();
    this.sessionIndex.touched(sessionId);
  }

  /**
   * `session/prompt`; `signal` (`$/cancel_request`) cancels its turn like `session/cancel`.
   * `meta`: the request's `_meta` (AIR's file-change report request, Lody's goalControl).
   */
  async prompt(
    sessionId: string,
    prompt: readonly ContentBlock[],
    signal?: AbortSignal,
    meta?: unknown,
  ): Promise<PromptResponse> {
    const session = this.sessions.get(sessionId);
    // The login may have changed in a terminal: read again, beside the turn (features 1j).
    // Every start is paired with an end: the tracker counts the prompts under way.
    this.auth?.promptStarted();
    try {
      // Only with the flag: an await here would let a cancel overtake the prompt.
      if (this.options.hideClaudeAuth) await refuseSubscription(this.options, this.auth);
      signal?.addEventListener("abort", () => session.cancel(), { once: true });
      const asked = toClaudeContent(prompt);
      // An extension's command instead (Lody's goalControl: the native goal command).
      const content = this.negotiated.hooks.promptCommand?.(meta) ?? asked;
      return await session
        .prompt(content, meta)
        .catch((error: unknown) => {
          // A prompt that found no credentials: the login state may have changed.
          if (isAdapterError(error, "authRequired")) void this.auth?.refresh();
          throw error;
        })
        .finally(() => this.sessionIndex.touched(sessionId, true));
    } finally {
      this.auth?.promptEnded();
    }
  }

  /** Throws `unknownSession` unless the session is live (v2 checks before it answers a prompt). */
  checkSession(sessionId: string): void {
    this.sessions.get(sessionId);
  }

  /**
   * The commands a session's setup answer can carry (v2's `session/new` has them):
   * Claude Code's, or the cached ones it was answered with; undefined while none is known.
   */
  setupCommands(sessionId: string): AvailableCommand[] | undefined {
    const commands = this.sessions.get(sessionId).setupCommands();
    return commands && toAvailableCommands(commands, this.negotiated);
  }

  /** `session/cancel` (a notification: an unknown session is ignored). */
  cancel(sessionId: unknown): void {
    const session = this.sessions.find(sessionId);
    if (session) return session.cancel();
    // A subagent's child session: only that child stops.
    if (typeof sessionId === "string")
      this.sessions.ownerOfChild(sessionId)?.children?.cancel(sessionId);
  }

  /**
   * Stops a running tool call's Claude Code task (ACP v2 `tool_call/cancel`); a child
   * session's tool call runs in its parent's Claude Code.
   */
  stopToolCall(sessionId: string, toolCallId: string): void {
    const session = this.sessions.find(sessionId) ?? this.sessions.ownerOfChild(sessionId);
    if (!session) throw unknownSession(sessionId);
    session.stopToolCall(toolCallId);
  }

  setMode(sessionId: string, modeId: unknown): Promise<void> {
    return this.sessions.get(sessionId).setMode(modeId);
  }

  setConfigOption(
    sessionId: string,
    configId: unknown,
    value: unknown,
  ): Promise<SessionConfigOption[]> {
    return this.sessions.get(sessionId).setConfigOption(configId, value);
  }

  /** Ends every session and its Claude Code (the client went away). */
  closeAll(): void {
    this.sessions.closeAll();
    this.sessionIndex.closeAll();
  }

  private get client(): ClientPort {
    if (!this.port) throw new Error("connection not ready");
    return this.port;
  }

  /** Ends a live session: its turns end `cancelled`, its Claude Code exits, its id is free. */
  private closeSession(sessionId: string): void {
    this.sessions.find(sessionId)?.close();
    this.sessions.remove(sessionId);
  }
}

type ForkParams = SessionParams & { readonly messageId?: string };
