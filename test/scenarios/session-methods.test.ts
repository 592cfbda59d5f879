import {
  methods,
  RequestError,
  type ClientCapabilities,
  type ListSessionsRequest,
  type SessionInfo,
} from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * The standard unstable methods of ACP v1 against real Claude Code and the scripted
 * model: `session/status`, `session/set_title` (the title Claude Code stores and lists),
 * `session/archive` / `session/unarchive` (archived sessions hidden from `session/list`
 * unless asked; the store AIR's archive uses), `auth/status` and `auth/status_update`.
 * Each is advertised, survives a restart of the adapter (stored state), and bad input
 * gets a clear error and changes nothing.
 */
const scenario = useScenarios();

const m = methods.agent;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function requestError(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error("the request did not fail");
}

/** A session with one turn (so Claude Code stored it). */
async function storedSession(s: Scenario, capabilities: ClientCapabilities = PROFILES.plain) {
  s.model.push({ blocks: [{ type: "text", text: "Done." }] });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  await s.prompt(sessionId, "Something worth keeping");
  return sessionId;
}

async function rows(
  s: Scenario,
  archived?: "exclude" | "include" | "only",
): Promise<SessionInfo[]> {
  const params: ListSessionsRequest = { cwd: s.workspace, ...(archived ? { archived } : {}) };
  return (await s.agent.request(m.session.list, params)).sessions;
}

describe("the standard session methods", () => {
  it("are advertised", async () => {
    const s = await scenario();
    const caps = (await s.initialize()).agentCapabilities;
    expect(caps?.sessionCapabilities).toMatchObject({ status: {}, title: {}, archive: {} });
    expect(caps?.auth).toStrictEqual({ logout: {}, status: {} });
  });

  it("session/status: open while live, saved once closed and after a restart, unknown otherwise", async () => {
    const s = await scenario();
    const sessionId = await storedSession(s);
    expect(await s.agent.request(m.session.status, { sessionId })).toStrictEqual({
      status: "open",
    });
    await s.agent.request(m.session.close, { sessionId });
    expect(await s.agent.request(m.session.status, { sessionId })).toStrictEqual({
      status: "saved",
    });
    await s.restartAdapter();
    await s.initialize();
    expect(await s.agent.request(m.session.status, { sessionId })).toStrictEqual({
      status: "saved",
    });
    for (const params of [{ sessionId: UNKNOWN }, { sessionId: "../x" }, { sessionId: 5 }, {}]) {
      const error = await requestError(s.agent.request(m.session.status, params as never));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
  });

  it("session/set_title: stored (trimmed) before the answer, told to the live session, listed after a restart", async () => {
    const s = await scenario();
    const sessionId = await storedSession(s);
    const answer = await s.agent.request(m.session.setTitle, {
      sessionId,
      title: "  Release notes  ",
    });
    expect(answer).toStrictEqual({ title: "Release notes" });
    await eventually("the title update", () =>
      s.updates(sessionId).some((u) => u.sessionUpdate === "session_info_update"),
    );
    expect(
      s
        .updates(sessionId)
        .filter((u) => u.sessionUpdate === "session_info_update")
        .at(-1),
    ).toStrictEqual({ sessionUpdate: "session_info_update", title: "Release notes" });
    const listed = async () => (await rows(s)).find((r) => r.sessionId === sessionId);
    expect(await listed()).toMatchObject({ title: "Release notes", archived: false });
    await s.restartAdapter();
    await s.initialize();
    expect(await listed()).toMatchObject({ title: "Release notes", archived: false });
    // Bad input changes nothing.
    for (const params of [
      { sessionId, title: "   " },
      { sessionId, title: 5 },
      { sessionId, title: null },
      { sessionId },
      { sessionId: UNKNOWN, title: "x" },
    ]) {
      const error = await requestError(s.agent.request(m.session.setTitle, params as never));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    expect((await listed())?.title).toBe("Release notes");
  });

  it("session/archive closes a live session and hides it from session/list unless asked; unarchive brings it back", async () => {
    const s = await scenario();
    const sessionId = await storedSession(s);
    await s.agent.request(m.session.setTitle, { sessionId, title: "Kept" });
    expect(await s.agent.request(m.session.archive, { sessionId })).toStrictEqual({});
    // Archived while live: the session was closed as session/close does.
    expect(await s.agent.request(m.session.status, { sessionId })).toStrictEqual({
      status: "saved",
    });
    await expect(s.prompt(sessionId, "still here?")).rejects.toMatchObject({ code: -32602 });
    const ids = (list: SessionInfo[]) => list.map((r) => r.sessionId);
    expect(ids(await rows(s))).not.toContain(sessionId);
    expect(ids(await rows(s, "exclude"))).not.toContain(sessionId);
    const archived = { sessionId, title: "Kept", archived: true };
    expect((await rows(s, "only")).find((r) => r.sessionId === sessionId)).toMatchObject(archived);
    expect((await rows(s, "include")).find((r) => r.sessionId === sessionId)).toMatchObject(
      archived,
    );
    // Archiving twice succeeds; a retitle keeps it archived (one store).
    expect(await s.agent.request(m.session.archive, { sessionId })).toStrictEqual({});
    await s.agent.request(m.session.setTitle, { sessionId, title: "Renamed" });
    await s.restartAdapter();
    await s.initialize();
    expect((await rows(s, "only")).find((r) => r.sessionId === sessionId)).toMatchObject({
      title: "Renamed",
      archived: true,
    });
    expect(await s.agent.request(m.session.unarchive, { sessionId })).toStrictEqual({});
    expect((await rows(s)).find((r) => r.sessionId === sessionId)).toMatchObject({
      title: "Renamed",
      archived: false,
    });
    expect(await s.agent.request(m.session.unarchive, { sessionId })).toStrictEqual({});
    for (const [method, params] of [
      [m.session.archive, { sessionId: UNKNOWN }],
      [m.session.unarchive, { sessionId: UNKNOWN }],
      [m.session.list, { cwd: s.workspace, archived: "bogus" }],
    ] as const) {
      const error = await requestError(s.agent.request(method, params as never));
      expect([method, error.code]).toEqual([method, -32602]);
    }
  });

  it("auth/status answers the login state; auth/status_update goes only to a client that declared auth.status", async () => {
    const s = await scenario();
    await s.initialize({ ...PROFILES.plain, auth: { status: {} } } as ClientCapabilities);
    expect(await s.agent.request(m.auth.status, {})).toStrictEqual({
      state: "authenticated",
      accounts: [{ label: "Anthropic API key", active: true }],
    });
    await eventually("auth/status_update", () =>
      s.extNotifications.some((n) => n.method === "auth/status_update"),
    );
    expect(s.extNotifications.filter((n) => n.method === "auth/status_update")).toStrictEqual([
      {
        method: "auth/status_update",
        params: {
          state: "authenticated",
          accounts: [{ label: "Anthropic API key", active: true }],
        },
      },
    ]);

    const plain = await scenario();
    await plain.initialize();
    expect(await plain.agent.request(m.auth.status, {})).toMatchObject({ state: "authenticated" });
    // The same probe told the JetBrains `_auth/status_update` (the standard one would
    // follow it at once): that, then one more round trip, is the sync point.
    await eventually("_auth/status_update", () =>
      plain.extNotifications.some((n) => n.method === "_auth/status_update"),
    );
    await plain.agent.request(m.auth.status, {});
    expect(plain.extNotifications.map((n) => n.method)).not.toContain("auth/status_update");
  });
});
