import { describe, expect, it } from "vitest";
import { indexRow, keptBy, parseListOptions, rowSignature } from "./session-index-rows.js";

const list = (options: unknown) => ({ jetbrains: { air: { version: 1, list: options } } });
const stored = (title: string) => ({
  sessionId: "s1",
  cwd: "/w",
  title,
  updatedAt: "2026-12-01T00:00:00.000Z",
});

describe("parseListOptions", () => {
  it.each([
    [undefined, { limit: 50, archived: "unarchived", includeWorktrees: false }],
    [{}, { limit: 50, archived: "unarchived", includeWorktrees: false }],
    [list(null), { limit: 50, archived: "unarchived", includeWorktrees: false }],
    [
      list({ limit: null, archived: null, includeWorktrees: null }),
      { limit: 50, archived: "unarchived", includeWorktrees: false },
    ],
    [
      list({ limit: 1, archived: "archived" }),
      { limit: 1, archived: "archived", includeWorktrees: false },
    ],
    [
      list({ limit: 500, archived: "all", includeWorktrees: true }),
      { limit: 200, archived: "all", includeWorktrees: true },
    ],
  ])("%#: reads %j", (meta, expected) => {
    expect(parseListOptions(meta)).toEqual(expected);
  });

  it.each([
    [list([]), "_meta.jetbrains.air.list must be an object"],
    [list("all"), "_meta.jetbrains.air.list must be an object"],
    [list({ limit: 0 }), "_meta.jetbrains.air.list.limit must be an integer of at least 1"],
    [list({ limit: 1.5 }), "_meta.jetbrains.air.list.limit must be an integer of at least 1"],
    [list({ limit: "5" }), "_meta.jetbrains.air.list.limit must be an integer of at least 1"],
    [
      list({ archived: "none" }),
      '_meta.jetbrains.air.list.archived must be "unarchived", "archived" or "all"',
    ],
    [
      list({ includeWorktrees: "yes" }),
      "_meta.jetbrains.air.list.includeWorktrees must be a boolean",
    ],
  ])("%#: refuses %j", (meta, reason) => {
    expect(() => parseListOptions(meta)).toThrow(
      expect.objectContaining({ code: "invalidInput", message: reason }),
    );
  });
});

describe("keptBy", () => {
  it.each([
    ["unarchived", "A", true],
    ["unarchived", "[archived] A", false],
    ["archived", "A", false],
    ["archived", "[archived] A", true],
    ["all", "A", true],
    ["all", "[archived] A", true],
  ] as const)("%s keeps %j: %s", (filter, title, kept) => {
    expect(keptBy(filter, title)).toBe(kept);
  });
});

describe("indexRow", () => {
  it("shows the visible title and the archive state; agentWorktree only when true", () => {
    expect(indexRow(stored("[archived] A"), false)).toStrictEqual({
      ...stored("A"),
      _meta: { jetbrains: { air: { version: 1, archived: true, state: "idle" } } },
    });
    expect(indexRow(stored("A"), true)).toStrictEqual({
      ...stored("A"),
      _meta: {
        jetbrains: { air: { version: 1, archived: false, agentWorktree: true, state: "idle" } },
      },
    });
  });

  it("signs everything but updatedAt", () => {
    const a = indexRow(stored("A"), false);
    expect(rowSignature(a)).toBe(
      JSON.stringify([
        "s1",
        "/w",
        "A",
        { jetbrains: { air: { version: 1, archived: false, state: "idle" } } },
      ]),
    );
    expect(rowSignature({ ...a, updatedAt: "x" })).toBe(rowSignature(a));
  });
});

describe("indexRow with the transcript's facts and this process's own state", () => {
  const facts = {
    lastPromptAt: Date.parse("2026-11-30T10:00:00.000Z"),
    model: "claude-opus-5-5",
    forkedFrom: "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb",
    turnState: "finished" as const,
    lastTurnEndedAt: Date.parse("2026-11-30T10:01:00.000Z"),
  };

  it("shows every field in the reference's order, each only when known", () => {
    const row = indexRow({ ...stored("A"), facts }, true, {
      state: "running",
      lastTurnEndedAt: Date.parse("2026-11-30T11:00:00.000Z"),
      costUsd: 0.25,
    });
    expect(row).toStrictEqual({
      ...stored("A"),
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            archived: false,
            lastPromptAt: "2026-11-30T10:00:00.000Z",
            model: "claude-opus-5-5",
            forkedFrom: "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb",
            agentWorktree: true,
            state: "running",
            lastTurnEndedAt: "2026-11-30T11:00:00.000Z",
            cost: { amount: 0.25, currency: "USD" },
          },
        },
      },
    });
    expect(Object.keys(row._meta.jetbrains as object)).toEqual(["air"]);
    expect(Object.keys((row._meta.jetbrains as { air: object }).air).join()).toBe(
      "version,archived,lastPromptAt,model,forkedFrom,agentWorktree,state,lastTurnEndedAt,cost",
    );
  });

  it("another process's session: the transcript's turn end, no cost", () => {
    expect(
      indexRow({ ...stored("A"), facts: { ...facts, lastTurnError: true } }, false),
    ).toStrictEqual({
      ...stored("A"),
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            archived: false,
            lastPromptAt: "2026-11-30T10:00:00.000Z",
            model: "claude-opus-5-5",
            forkedFrom: "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb",
            state: "error",
            lastTurnEndedAt: "2026-11-30T10:01:00.000Z",
          },
        },
      },
    });
  });
});
