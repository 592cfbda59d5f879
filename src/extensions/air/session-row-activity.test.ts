import { describe, expect, it } from "vitest";
import { iso, RECENT_UNFINISHED_TURN_MS, rowActivity, rowCost } from "./session-row-activity.js";

const MTIME = Date.parse("2026-12-01T00:00:00.000Z");
const ENDED = Date.parse("2026-11-30T23:59:00.000Z");
const OWN_ENDED = Date.parse("2026-12-01T00:05:00.000Z");

describe("rowActivity", () => {
  it.each([
    [
      "a session this process runs: Claude Code's state",
      {},
      { state: "running" },
      { state: "running" },
    ],
    ["its state before any turn: idle", {}, {}, { state: "idle" }],
    ["waiting for the user", {}, { state: "requires_action" }, { state: "requires_action" }],
    [
      "idle after a failed turn: error",
      {},
      { state: "idle", lastTurnFailed: true },
      { state: "error" },
    ],
    [
      "running after a failed turn",
      {},
      { state: "running", lastTurnFailed: true },
      { state: "running" },
    ],
    [
      "its own turn end wins over the transcript's",
      { turnState: "finished", lastTurnEndedAt: ENDED },
      { state: "idle", lastTurnEndedAt: OWN_ENDED },
      { state: "idle", lastTurnEndedAt: "2026-12-01T00:05:00.000Z" },
    ],
    [
      "own, no turn ended here yet: the transcript's",
      { turnState: "finished", lastTurnEndedAt: ENDED, lastTurnError: true },
      { state: "idle" },
      { state: "idle", lastTurnEndedAt: "2026-11-30T23:59:00.000Z" },
    ],
  ] as const)("%s", (_name, facts, own, expected) => {
    expect(rowActivity(facts, own, MTIME, MTIME)).toStrictEqual(expected);
  });

  it.each([
    [
      "a finished turn: idle",
      { turnState: "finished", lastTurnEndedAt: ENDED },
      0,
      { state: "idle", lastTurnEndedAt: "2026-11-30T23:59:00.000Z" },
    ],
    [
      "after an API error: error",
      { turnState: "finished", lastTurnError: true },
      0,
      { state: "error" },
    ],
    [
      "an unfinished turn written just now: running",
      { turnState: "unfinished" },
      0,
      { state: "running" },
    ],
    [
      "…just under ten minutes ago: running",
      { turnState: "unfinished" },
      RECENT_UNFINISHED_TURN_MS - 1,
      { state: "running" },
    ],
    [
      "…ten minutes ago: idle",
      { turnState: "unfinished" },
      RECENT_UNFINISHED_TURN_MS,
      { state: "idle" },
    ],
    ["no turn seen: idle", {}, 0, { state: "idle" }],
    [
      "an API error flag without a finished turn is no error",
      { turnState: "unfinished", lastTurnError: true },
      RECENT_UNFINISHED_TURN_MS,
      { state: "idle" },
    ],
  ] as const)("another process's session: %s", (_name, facts, age, expected) => {
    expect(rowActivity(facts, undefined, MTIME, MTIME + age)).toStrictEqual(expected);
  });
});

describe("rowCost", () => {
  it.each([
    [undefined, undefined],
    [{}, undefined],
    [{ costUsd: 0 }, undefined],
    [{ costUsd: -1 }, undefined],
    [{ costUsd: Number.NaN }, undefined],
    [{ costUsd: Number.POSITIVE_INFINITY }, undefined],
    [{ costUsd: 0.0123 }, { amount: 0.0123, currency: "USD" }],
  ])("%j → %j", (own, expected) => {
    expect(rowCost(own)).toStrictEqual(expected);
  });
});

describe("iso", () => {
  it("an epoch-ms time as ISO 8601, nothing for none or NaN", () => {
    expect(iso(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(iso(undefined)).toBeUndefined();
    expect(iso(Number.NaN)).toBeUndefined();
  });
});
