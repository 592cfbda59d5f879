import { randomUUID } from "node:crypto";
import { methods } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../../client/client-port.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { McpAuthOutcome } from "../../translation/mcp-command.js";
import { log } from "../../util/log.js";
import type { SessionSetup } from "../start/query-setup.js";

/**
 * How often a sign-in reads the server's status while its link is open, and for how
 * long at most: Claude Code keeps its OAuth callback listener to itself, so the status
 * turning `connected` is the only sign that the user finished.
 */
export const SIGN_IN_POLL_MS = 1_000;
export const SIGN_IN_LIMIT_MS = 10 * 60_000;

/** How long the start waits for the client's servers to leave `pending`, and how often it looks. */
const SETTLE_MS = 10_000;
const SETTLE_POLL_MS = 250;

/** What a sign-in uses of Claude Code. */
export type SignInQuery = Pick<ClaudeQuery, "mcpAuthenticate" | "mcpServerStatus">;

/** A Claude Code just started, as a sign-in watches it come up. */
export type StartedQuery = SignInQuery & Pick<ClaudeQuery, "initialized">;

/** What the MCP sign-in needs of its session. */
export interface McpSignInHost {
  readonly sessionId: string;
  readonly client: ClientPort;
  /** The client declared URL elicitation: it can open a sign-in link. */
  readonly urlElicitation: boolean;
  /** The names of the MCP servers the client gave: only these are signed in here. */
  readonly servers: ReadonlySet<string>;
  /** The session's current Claude Code (a sign-in ends when it is replaced). */
  query(): SignInQuery | undefined;
}

/** The server statuses a sign-in reads (`mcpServerStatus`). */
export interface ServerState {
  readonly name: string;
  readonly status: string;
}

/**
 * Signs the client's MCP servers in through OAuth (features 1h, 1i): for a server
 * Claude Code reports as `needs-auth`, Claude Code's `mcpAuthenticate` gives the
 * authorization URL, which the client opens through a URL elicitation; the sign-in
 * watches the server's status until it is `connected` (then `elicitation/complete`),
 * the user declines or cancels, Claude Code is replaced, or ten minutes pass. One
 * sign-in runs at a time, servers one after another. The client's servers are signed
 * in at each start of Claude Code and at `/mcp`; any server at `/mcp auth <server>`. A
 * client without URL elicitation is never asked: `/mcp auth` gives it the URL as text.
 */
export class McpSignIn {
  private running: Promise<void> | undefined;
  /** The servers waiting for their sign-in, and the one signing in now. */
  private readonly queue: string[] = [];
  private current: { readonly name: string; readonly query: SignInQuery } | undefined;
  private starts = 0;
  private readonly closed = new AbortController();

  constructor(private readonly host: McpSignInHost) {}

  /** The sign-in of a session, as its client and setup allow. */
  static for(
    setup: SessionSetup,
    client: ClientPort,
    profile: ClientProfile,
    query: () => SignInQuery | undefined,
  ): McpSignIn {
    return new McpSignIn({
      sessionId: setup.sessionId,
      client,
      urlElicitation: profile.elicitation.url,
      servers: new Set(setup.mcpServers.map((server) => server.name)),
      query,
    });
  }

  /** Whether the client can be asked to sign in. */
  get available(): boolean {
    return this.host.urlElicitation;
  }

  /** The client's servers among `states` that wait for a sign-in. */
  waiting(states: readonly ServerState[]): string[] {
    return states
      .filter((s) => s.status === "needs-auth" && this.host.servers.has(s.name))
      .map((s) => s.name);
  }

  /** Signs in, in the background, those of `states` that wait for it (`/mcp`, a start). */
  start(states: readonly ServerState[]): void {
    this.enqueue(this.waiting(states));
  }

  /**
   * `/mcp auth <server>`: signs `name` in whatever its source (the client's, or Claude
   * Code's own settings), in the background, after any sign-in that runs. False when the
   * client cannot be asked (`link` gives the URL instead).
   */
  request(name: string): boolean {
    if (!this.available) return false;
    this.enqueue([name]);
    return true;
  }

  /** Claude Code's authorization URL for `name`, for a client that opens it itself. */
  async link(name: string): Promise<McpAuthOutcome> {
    const login = await this.host.query()?.mcpAuthenticate(name);
    if (login && !login.requiresUserAction) return { kind: "signed-in" };
    return login?.authUrl ? { kind: "link", url: login.authUrl } : { kind: "no-link" };
  }

  /** Queues `names` (none twice, nor the one signing in); the queue runs one at a time. */
  private enqueue(names: readonly string[]): void {
    const query = this.host.query();
    if (!this.available || !query || this.closed.signal.aborted) return;
    for (const name of names) {
      // A sign-in with the Claude Code before ends by itself: this one asks again.
      const signing = this.current?.name === name && this.current.query === query;
      if (!signing && !this.queue.includes(name)) this.queue.push(name);
    }
    if (this.running || this.queue.length === 0) return;
    const run = this.signInQueued().finally(() => {
      if (this.running !== run) return;
      this.running = undefined;
      this.enqueue([]); // one queued as the run ended
    });
    this.running = run;
  }

  /**
   * A Claude Code started. The first start is the start announcements' (`atStart`); a
   * replacement (a restart, a plan handoff) signs in again as the first did, once it is
   * up: the servers it starts wait for a sign-in anew when none was finished.
   */
  queryStarted(query: StartedQuery, unsigned: (names: string[]) => void): void {
    if (this.starts++ === 0) return;
    void query.initialized().then(
      () => {
        if (this.host.query() === query) this.atStart(unsigned);
      },
      () => undefined,
    );
  }

  /**
   * Claude Code started: once none of the client's servers is still connecting, signs
   * in those that wait for it (Claude Code learns that an http server needs one from
   * its first answer, after it is up); `unsigned` gets them when the client cannot
   * show a sign-in link.
   */
  atStart(unsigned: (names: string[]) => void): void {
    if (this.host.servers.size === 0) return;
    void this.settled().then((states) => {
      if (!states) return;
      if (this.available) return this.start(states);
      const names = this.waiting(states);
      if (names.length > 0) unsigned(names);
    });
  }

  private async settled(): Promise<readonly ServerState[] | undefined> {
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const states = await this.host
        .query()
        ?.mcpServerStatus()
        .catch(() => undefined);
      if (!states) return undefined;
      const pending = states.some((s) => s.status === "pending" && this.host.servers.has(s.name));
      if (!pending || Date.now() > deadline) return states;
      if (!(await pause(SETTLE_POLL_MS, this.closed.signal))) return undefined;
    }
  }

  /** Settles once no sign-in runs (for tests and orderly shutdown). */
  get idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** The session ended: an open sign-in stops (its elicitation is cancelled). */
  close(): void {
    this.closed.abort();
  }

  /** Signs the queued servers in one after another, each with the Claude Code then current. */
  private async signInQueued(): Promise<void> {
    for (let name = this.queue.shift(); name; name = this.queue.shift()) {
      const query = this.host.query();
      if (this.closed.signal.aborted || !query) break;
      this.current = { name, query };
      try {
        await this.signIn(query, name);
      } catch (error) {
        if (!this.closed.signal.aborted)
          log.warn("MCP sign-in failed", {
            sessionId: this.host.sessionId,
            server: name,
            message: String(error),
          });
      } finally {
        this.current = undefined;
      }
    }
    this.queue.length = 0;
  }

  private async signIn(query: SignInQuery, name: string): Promise<void> {
    const login = await query.mcpAuthenticate(name);
    if (!login?.requiresUserAction) return;
    if (!login.authUrl) throw new Error("Claude Code gave no authorization URL");
    const elicitationId = `mcp-oauth-${randomUUID()}`;
    const flow = new AbortController();
    const stop = (): void => flow.abort();
    this.closed.signal.addEventListener("abort", stop, { once: true });
    try {
      const connected = this.connected(query, name, flow.signal);
      const answer = this.host.client
        .elicit(
          {
            mode: "url",
            sessionId: this.host.sessionId,
            message: `Sign in to the MCP server ${name}`,
            url: login.authUrl,
            elicitationId,
          },
          flow.signal,
        )
        .catch((error: unknown) => {
          if (!flow.signal.aborted) throw error;
          return undefined;
        });
      const first = await Promise.race([
        connected.then((ok) => ({ ok })),
        answer.then((response) => ({ response })),
      ]);
      // The user closed the link without signing in: the server stays as it is.
      if ("response" in first && first.response?.action !== "accept") return;
      if (!("ok" in first ? first.ok : await connected)) return;
      await this.host.client.notify(methods.client.elicitation.complete, { elicitationId });
    } finally {
      flow.abort(); // an elicitation still open is cancelled; the status reads stop
      this.closed.signal.removeEventListener("abort", stop);
    }
  }

  /** True once `name` is connected; false when it fails, Claude Code changes, or time is up. */
  private async connected(query: SignInQuery, name: string, signal: AbortSignal): Promise<boolean> {
    const deadline = Date.now() + SIGN_IN_LIMIT_MS;
    try {
      while (!signal.aborted && Date.now() < deadline) {
        if (this.host.query() !== query) return false;
        const status = (await query.mcpServerStatus()).find((s) => s.name === name)?.status;
        if (status === "connected") return true;
        if (status === undefined || status === "failed" || status === "disabled") return false;
        if (!(await pause(SIGN_IN_POLL_MS, signal))) return false;
      }
    } catch (error) {
      if (!signal.aborted)
        log.warn("MCP server status unreadable", {
          sessionId: this.host.sessionId,
          server: name,
          message: String(error),
        });
    }
    return false;
  }
}

/** Waits `ms`; false when `signal` ends the wait first (its timer is cleared). */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", done);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
