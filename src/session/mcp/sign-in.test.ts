import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
} from "@agentclientprotocol/sdk/unstable";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import type { McpSignInStart } from "../../sdk/claude-query.js";
import { McpSignIn, SIGN_IN_LIMIT_MS, type SignInQuery } from "./sign-in.js";

const URL_ = "https://auth.example/authorize?client_id=c";

/** A Claude Code whose server `web` turns `connected` after `connectAfter` status reads. */
function fakeQuery(opts: { connectAfter?: number; start?: McpSignInStart | undefined } = {}) {
  const reads: string[] = [];
  const authenticated: string[] = [];
  let statusReads = 0;
  const query: SignInQuery = {
    mcpAuthenticate: async (name: string) => {
      authenticated.push(name);
      return "start" in opts ? opts.start : { requiresUserAction: true, authUrl: URL_ };
    },
    mcpServerStatus: async () => {
      statusReads++;
      reads.push(`read ${statusReads}`);
      const done = opts.connectAfter !== undefined && statusReads > opts.connectAfter;
      return [
        { name: "web", status: done ? "connected" : "needs-auth" },
        { name: "local", status: "needs-auth" },
      ] as Awaited<ReturnType<SignInQuery["mcpServerStatus"]>>;
    },
  };
  return { query, reads, authenticated, statusReads: () => statusReads };
}

/** A client whose answer to the elicitation is `answer` (pending forever when undefined). */
function fakeClient(answer?: CreateElicitationResponse) {
  const asked: CreateElicitationRequest[] = [];
  const notified: Array<{ method: string; params: unknown }> = [];
  const signals: AbortSignal[] = [];
  const client = {
    elicit: (params: CreateElicitationRequest, signal: AbortSignal) => {
      asked.push(params);
      signals.push(signal);
      if (answer) return Promise.resolve(answer);
      return new Promise<CreateElicitationResponse>((_, reject) =>
        signal.addEventListener("abort", () => reject(new Error("cancelled"))),
      );
    },
    notify: async (method: string, params: unknown) => void notified.push({ method, params }),
  } as unknown as ClientPort;
  return { client, asked, notified, signals };
}

const NEEDS = [
  { name: "web", status: "needs-auth" },
  { name: "local", status: "needs-auth" },
];

function signInFor(
  client: ClientPort,
  query: SignInQuery | undefined,
  urlElicitation = true,
): McpSignIn {
  return new McpSignIn({
    sessionId: "S",
    client,
    urlElicitation,
    servers: new Set(["web"]),
    query: () => query,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("McpSignIn", () => {
  it("asks the client to open Claude Code's URL and completes it once the server is connected", async () => {
    const q = fakeQuery({ connectAfter: 2 });
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(5_000);
    await signIn.idle;
    // Only the client's own server, never one from Claude Code's settings.
    expect(q.authenticated).toEqual(["web"]);
    expect(c.asked).toEqual([
      {
        mode: "url",
        sessionId: "S",
        message: "Sign in to the MCP server web",
        url: URL_,
        elicitationId: expect.stringMatching(/^mcp-oauth-[0-9a-f-]{36}$/),
      },
    ]);
    expect(c.notified).toEqual([
      {
        method: "elicitation/complete",
        params: { elicitationId: (c.asked[0] as { elicitationId: string }).elicitationId },
      },
    ]);
    // Read once a second until connected; the open elicitation is withdrawn.
    expect(q.statusReads()).toBe(3);
    expect(c.signals[0]!.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([["decline"], ["cancel"]] as const)(
    "a %s ends the sign-in: no completion, no timer left",
    async (action) => {
      const q = fakeQuery();
      const c = fakeClient({ action });
      const signIn = signInFor(c.client, q.query);
      signIn.start(NEEDS);
      await vi.advanceTimersByTimeAsync(0);
      await signIn.idle;
      expect(c.asked).toHaveLength(1);
      expect(c.notified).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
      const reads = q.statusReads();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(q.statusReads()).toBe(reads);
    },
  );

  it("an accept waits for the server to connect before completing", async () => {
    const q = fakeQuery({ connectAfter: 4 });
    const c = fakeClient({ action: "accept" });
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(10_000);
    await signIn.idle;
    expect(q.statusReads()).toBe(5);
    expect(c.notified.map((n) => n.method)).toEqual(["elicitation/complete"]);
  });

  it("gives up after ten minutes and withdraws the elicitation", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(SIGN_IN_LIMIT_MS + 2_000);
    await signIn.idle;
    expect(c.signals[0]!.aborted).toBe(true);
    expect(c.notified).toEqual([]);
    expect(q.statusReads()).toBe(SIGN_IN_LIMIT_MS / 1_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("closing the session ends an open sign-in at once", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(1_500);
    signIn.close();
    await signIn.idle;
    expect(c.signals[0]!.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    signIn.start(NEEDS);
    expect(q.authenticated).toEqual(["web"]);
  });

  it("one sign-in at a time: a second start while one runs does nothing", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.asked).toHaveLength(1);
    signIn.close();
    await signIn.idle;
  });

  it.each([
    ["a client without URL elicitation", false, { requiresUserAction: true, authUrl: URL_ }],
    ["a server signed in already", true, { requiresUserAction: false, authUrl: undefined }],
    ["no URL from Claude Code", true, { requiresUserAction: true, authUrl: undefined }],
    ["an SDK without mcpAuthenticate", true, undefined],
  ])("%s: the client is not asked", async (_, url, start) => {
    const q = fakeQuery({ start });
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query, url);
    signIn.start(NEEDS);
    await vi.advanceTimersByTimeAsync(0);
    await signIn.idle;
    expect(c.asked).toEqual([]);
    expect(signIn.available).toBe(url);
  });

  it("waiting: the client's servers that need a sign-in", () => {
    const signIn = signInFor(fakeClient().client, undefined);
    expect(
      signIn.waiting([
        { name: "web", status: "needs-auth" },
        { name: "local", status: "needs-auth" },
      ]),
    ).toEqual(["web"]);
    expect(signIn.waiting([{ name: "web", status: "connected" }])).toEqual([]);
  });
});

describe("McpSignIn.atStart", () => {
  it("waits for the client's servers to leave pending, then signs in", async () => {
    const states = [
      [{ name: "web", status: "pending" }],
      [{ name: "web", status: "pending" }],
      [{ name: "web", status: "needs-auth" }],
    ];
    let reads = 0;
    const query: SignInQuery = {
      mcpAuthenticate: async () => ({ requiresUserAction: true, authUrl: URL_ }),
      mcpServerStatus: async () =>
        (states[Math.min(reads++, 2)] ?? []) as Awaited<ReturnType<SignInQuery["mcpServerStatus"]>>,
    };
    const c = fakeClient({ action: "decline" });
    const signIn = signInFor(c.client, query);
    const unsigned: string[][] = [];
    signIn.atStart((names) => unsigned.push(names));
    await vi.advanceTimersByTimeAsync(1_000);
    await signIn.idle;
    expect(reads).toBe(4); // two pending, needs-auth, then the sign-in's own read
    expect(c.asked).toHaveLength(1);
    expect(unsigned).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a client without URL elicitation hears of the servers instead", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query, false);
    const unsigned: string[][] = [];
    signIn.atStart((names) => unsigned.push(names));
    await vi.advanceTimersByTimeAsync(0);
    expect(unsigned).toEqual([["web"]]);
    expect(c.asked).toEqual([]);
  });
});

describe("McpSignIn on demand (/mcp auth)", () => {
  it("request signs in a server from Claude Code's settings, after the one that runs", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const signIn = signInFor(c.client, q.query);
    signIn.start(NEEDS); // `web`, the client's: its link stays open
    expect(signIn.request("local")).toBe(true);
    expect(signIn.request("local")).toBe(true); // queued once
    await vi.advanceTimersByTimeAsync(0);
    expect(c.asked.map((a) => (a as { message: string }).message)).toEqual([
      "Sign in to the MCP server web",
    ]);
    await vi.advanceTimersByTimeAsync(SIGN_IN_LIMIT_MS + 2_000); // `web` gives up
    expect(q.authenticated).toEqual(["web", "local"]);
    expect(c.asked.map((a) => (a as { message: string }).message)).toEqual([
      "Sign in to the MCP server web",
      "Sign in to the MCP server local",
    ]);
    signIn.close();
    await signIn.idle;
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a request after a sign-in ended starts a new one", async () => {
    const q = fakeQuery();
    const c = fakeClient({ action: "decline" });
    const signIn = signInFor(c.client, q.query);
    signIn.request("local");
    await vi.advanceTimersByTimeAsync(0);
    await signIn.idle;
    signIn.request("local");
    await vi.advanceTimersByTimeAsync(0);
    await signIn.idle;
    expect(q.authenticated).toEqual(["local", "local"]);
    expect(c.asked).toHaveLength(2);
  });

  it("a client without URL elicitation is not asked: link gives the URL", async () => {
    const c = fakeClient();
    const signIn = signInFor(c.client, fakeQuery().query, false);
    expect(signIn.request("local")).toBe(false);
    await expect(signIn.link("local")).resolves.toEqual({ kind: "link", url: URL_ });
    expect(c.asked).toEqual([]);
  });

  it.each([
    [{ requiresUserAction: false, authUrl: undefined }, { kind: "signed-in" }],
    [{ requiresUserAction: true, authUrl: undefined }, { kind: "no-link" }],
    [undefined, { kind: "no-link" }],
  ])("link with Claude Code's answer %j: %j", async (start, outcome) => {
    const signIn = signInFor(fakeClient().client, fakeQuery({ start }).query, false);
    await expect(signIn.link("local")).resolves.toEqual(outcome);
  });
});

describe("McpSignIn.queryStarted", () => {
  function started(query: SignInQuery) {
    let up!: () => void;
    const initialized = new Promise<void>((resolve) => (up = resolve));
    return { query: { ...query, initialized: () => initialized }, up };
  }

  it("the first start is left to the start announcements; a replacement signs in again once up", async () => {
    const first = fakeQuery();
    const second = fakeQuery();
    const c = fakeClient({ action: "decline" });
    let current: SignInQuery = first.query;
    const signIn = new McpSignIn({
      sessionId: "S",
      client: c.client,
      urlElicitation: true,
      servers: new Set(["web"]),
      query: () => current,
    });
    const a = started(first.query);
    signIn.queryStarted(a.query, () => undefined);
    a.up();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.authenticated).toEqual([]);

    const b = started(second.query);
    current = b.query;
    signIn.queryStarted(b.query, () => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(second.authenticated).toEqual([]); // not before Claude Code is up
    b.up();
    await vi.advanceTimersByTimeAsync(1_000);
    await signIn.idle;
    expect(second.authenticated).toEqual(["web"]); // the client's server only
    expect(c.asked).toHaveLength(1);
  });

  it("a replacement tells a client without URL elicitation, as the first start did", async () => {
    const q = fakeQuery();
    const a = started(q.query);
    const b = started(q.query);
    let current: SignInQuery = a.query;
    const signIn = new McpSignIn({
      sessionId: "S",
      client: fakeClient().client,
      urlElicitation: false,
      servers: new Set(["web"]),
      query: () => current,
    });
    const unsigned: string[][] = [];
    signIn.queryStarted(a.query, (names) => unsigned.push(names));
    a.up();
    current = b.query;
    signIn.queryStarted(b.query, (names) => unsigned.push(names));
    b.up();
    await vi.advanceTimersByTimeAsync(0);
    expect(unsigned).toEqual([["web"]]);
    expect(q.authenticated).toEqual([]);
  });

  it("a Claude Code replaced again before it is up signs nothing in", async () => {
    const q = fakeQuery();
    const c = fakeClient();
    const b = started(q.query);
    let current: SignInQuery = q.query;
    const signIn = new McpSignIn({
      sessionId: "S",
      client: c.client,
      urlElicitation: true,
      servers: new Set(["web"]),
      query: () => current,
    });
    signIn.queryStarted(started(q.query).query, () => undefined);
    signIn.queryStarted(b.query, () => undefined);
    current = fakeQuery().query;
    b.up();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(q.authenticated).toEqual([]);
  });
});
