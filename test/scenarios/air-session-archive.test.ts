import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const air = (...capabilities: string[]) =>
  ({ _meta: { jetbrains: { air: { version: 1, capabilities } } } }) satisfies ClientCapabilities;

/** A session with one turn, deleted by `session/delete`; then its `session/list` rows. */
async function deleteOneSession(s: Scenario, capabilities: ClientCapabilities) {
  s.model.push({ blocks: [{ type: "text", text: "Done." }] });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  await s.prompt(sessionId, "Something worth keeping");
  const listed = async () =>
    (await s.agent.request(methods.agent.session.list, { cwd: s.workspace })).sessions.filter(
      (row) => row.sessionId === sessionId,
    );
  expect(await listed()).toHaveLength(1);
  expect(await s.agent.request(methods.agent.session.delete, { sessionId })).toEqual({});
  return { sessionId, listed };
}

describe("session/delete for AIR clients", () => {
  it("archives for an AIR client without sessionIndex: the session stays, its title marked", async () => {
    const s = await scenario();
    const { sessionId, listed } = await deleteOneSession(s, air());
    // Hidden from its list, as if deleted (the reference's behaviour)…
    expect(await listed()).toEqual([]);
    // …and stored archived, in the one store the standard archive reads: a plain client
    // sees it archived when it asks for archived sessions, under its visible title.
    await s.initialize({});
    expect(await listed()).toEqual([]);
    const archivedRows = async () =>
      (
        await s.agent.request(methods.agent.session.list, { cwd: s.workspace, archived: "only" })
      ).sessions.filter((row) => row.sessionId === sessionId);
    const [row] = await archivedRows();
    expect(row?.archived).toBe(true);
    expect(row?.title).toMatch(/^(?!\[archived\])\S/);
    // A second delete keeps the one prefix.
    await s.initialize(air());
    await s.agent.request(methods.agent.session.delete, { sessionId });
    await s.initialize({});
    expect((await archivedRows())[0]?.title).toBe(row?.title);
    // The closed session is gone from this connection; its history is still there to load.
    await expect(s.prompt(sessionId, "still here?")).rejects.toMatchObject({});
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(JSON.stringify(s.updates(sessionId))).toContain("Something worth keeping");
  });

  it.each([
    ["an AIR client with sessionIndex", air("sessionIndex")],
    ["a plain client", {}],
  ])("deletes for %s", async (_name, capabilities) => {
    const s = await scenario();
    const { listed } = await deleteOneSession(s, capabilities);
    expect(await listed()).toEqual([]);
  });
});
