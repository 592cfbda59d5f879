import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const air = (...capabilities: string[]) =>
  ({ _meta: { jetbrains: { air: { version: 1, capabilities } } } }) satisfies ClientCapabilities;

/** A session with one turn, and a way to read its `session/list` row. */
async function oneSession(s: Scenario, capabilities: ClientCapabilities) {
  s.model.push({ blocks: [{ type: "text", text: "Done." }] });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  await s.prompt(sessionId, "Something to index");
  const row = async () =>
    (await s.agent.request(methods.agent.session.list, { cwd: s.workspace })).sessions.find(
      (r) => r.sessionId === sessionId,
    );
  return { sessionId, row };
}

const archivedUpdates = (s: Scenario, sessionId: string) =>
  s
    .updates(sessionId)
    .filter(
      (u) => u.sessionUpdate === "session_info_update" && JSON.stringify(u).includes("archived"),
    );

describe("AIR session index (sessionIndex)", () => {
  it("renames, archives and unarchives a session; a rename keeps the archive state", async () => {
    const s = await scenario();
    const { sessionId, row } = await oneSession(s, air("sessionIndex"));
    const call = (method: string, params: object) => s.agent.request(method, params);

    expect(await call("_session/rename", { sessionId, title: "  Chosen name " })).toEqual({});
    expect((await row())?.title).toBe("Chosen name");
    expect(await call("_session/archive", { sessionId })).toEqual({});
    expect((await row())?.title).toBe("[archived] Chosen name");
    // The live Claude Code's next turn keeps the stored title.
    s.model.push({ blocks: [{ type: "text", text: "Again." }] });
    await s.prompt(sessionId, "One more turn");
    expect((await row())?.title).toBe("[archived] Chosen name");
    await call("_session/rename", { sessionId, title: "Renamed" });
    expect((await row())?.title).toBe("[archived] Renamed");
    expect(await call("_session/unarchive", { sessionId })).toEqual({});
    expect((await row())?.title).toBe("Renamed");

    // The live session heard of each change: its visible title and archive state.
    expect(archivedUpdates(s, sessionId)).toEqual([
      infoUpdate("Chosen name", false),
      infoUpdate("Chosen name", true),
      infoUpdate("Renamed", true),
      infoUpdate("Renamed", false),
    ]);
  });

  it("answers rows by id with _session/batch_get; unknown ids are left out", async () => {
    const s = await scenario();
    const { sessionId, row } = await oneSession(s, air("sessionIndex"));
    const missing = "00000000-0000-4000-8000-000000000000";
    const answer = await s.agent.request("_session/batch_get", {
      sessionIds: [missing, sessionId],
    });
    expect(answer).toEqual({ sessions: [await row()] });
  });

  it("refuses bad params (-32602) and unknown sessions", async () => {
    const s = await scenario();
    const { sessionId } = await oneSession(s, air("sessionIndex"));
    for (const [method, params] of [
      ["_session/rename", { sessionId, title: " " }],
      ["_session/rename", { sessionId }],
      ["_session/archive", {}],
      ["_session/batch_get", { sessionIds: "x" }],
    ] as const) {
      await expect(s.agent.request(method, params)).rejects.toMatchObject({ code: -32602 });
    }
    await expect(
      s.agent.request("_session/archive", { sessionId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it.each([
    ["an AIR client without sessionIndex", air()],
    ["a plain client", {}],
  ])("is not offered to %s", async (_name, capabilities) => {
    const s = await scenario();
    const { sessionId, row } = await oneSession(s, capabilities);
    for (const [method, params] of [
      ["_session/rename", { sessionId, title: "New" }],
      ["_session/archive", { sessionId }],
      ["_session/unarchive", { sessionId }],
      ["_session/batch_get", { sessionIds: [sessionId] }],
    ] as const) {
      await expect(s.agent.request(method, params)).rejects.toMatchObject({ code: -32601 });
    }
    expect((await row())?.title).not.toContain("New");
    expect(JSON.stringify(s.updates(sessionId))).not.toContain("archived");
  });
});

function infoUpdate(title: string, archived: boolean) {
  return {
    sessionUpdate: "session_info_update",
    title,
    _meta: { jetbrains: { air: { version: 1, archived } } },
  };
}
