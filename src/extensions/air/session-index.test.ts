import { describe, expect, it } from "vitest";
import { AIR_SESSION_INDEX } from "./session-index.js";

const list = (options: unknown) => ({ jetbrains: { air: { list: options } } });

describe("AIR_SESSION_INDEX (the core's sessionIndex hook)", () => {
  it("lists unarchived sessions, 50 a page, by default", () => {
    const options = AIR_SESSION_INDEX.listOptions(undefined);
    expect(options).toMatchObject({ limit: 50, includeWorktrees: false });
    expect(options.keep("Fix")).toBe(true);
    expect(options.keep("[archived] Fix")).toBe(false);
  });

  it("keeps what the archived filter asks for, with the request's limit and worktrees", () => {
    const archived = AIR_SESSION_INDEX.listOptions(
      list({ archived: "archived", limit: 3, includeWorktrees: true }),
    );
    expect(archived).toMatchObject({ limit: 3, includeWorktrees: true });
    expect(archived.keep("[archived] Fix")).toBe(true);
    expect(archived.keep("Fix")).toBe(false);
    const all = AIR_SESSION_INDEX.listOptions(list({ archived: "all" }));
    expect([all.keep("Fix"), all.keep("[archived] Fix")]).toEqual([true, true]);
  });

  it("refuses bad options", () => {
    expect(() => AIR_SESSION_INDEX.listOptions(list({ archived: "some" }))).toThrow(
      '_meta.jetbrains.air.list.archived must be "unarchived", "archived" or "all"',
    );
  });

  it("sends _session/list/changes, remembering per subscription what it sent", () => {
    expect(AIR_SESSION_INDEX.changesMethod).toBe("_session/list/changes");
    const sent = AIR_SESSION_INDEX.changes("sub-1");
    const row = AIR_SESSION_INDEX.row(
      { sessionId: "s", cwd: "/w", title: "T", updatedAt: "2026-01-01T00:00:00.000Z", facts: {} },
      false,
      undefined,
      Date.parse("2026-01-01T00:00:00.000Z"),
    );
    const observed = new Map([["s", { row, existed: false, forced: false }]]);
    expect(sent.changes(observed)).toEqual({
      subscriptionId: "sub-1",
      sessions: [row],
      removed: [],
    });
    expect(sent.changes(observed)).toBeUndefined();
  });

  it("tells a live session its visible title and archive state", () => {
    expect(AIR_SESSION_INDEX.titleUpdate("[archived] T")).toMatchObject({
      sessionUpdate: "session_info_update",
      title: "T",
    });
  });
});
