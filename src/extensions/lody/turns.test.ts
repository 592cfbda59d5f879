import { describe, expect, it } from "vitest";
import { lodyForkPoint, readForkAtTurn, turnIdUpdate } from "./turns.js";

const fork = (forkAtTurn: unknown) => ({ lody: { forkAtTurn } });

describe("turnIdUpdate", () => {
  it("carries the assistant message's uuid under _meta.lody", () => {
    expect(turnIdUpdate("u-1")).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { lody: { turnId: "u-1" } },
    });
  });
});

describe("readForkAtTurn", () => {
  it.each([
    ["no _meta", undefined, { kind: "whole" }],
    ["no lody key", { other: 1 }, { kind: "whole" }],
    ["no forkAtTurn", { lody: {} }, { kind: "whole" }],
    ["no turnId", fork({ version: 1 }), { kind: "whole" }],
    ["an empty turnId", fork({ version: 1, turnId: "" }), { kind: "whole" }],
    ["a blank turnId", fork({ version: 1, turnId: "  " }), { kind: "whole" }],
    ["a turnId", fork({ version: 1, turnId: "u-1" }), { kind: "turn", turnId: "u-1" }],
    ["a padded turnId", fork({ version: 1, turnId: " u-1 " }), { kind: "turn", turnId: "u-1" }],
  ])("%s", (_name, meta, expected) => {
    expect(readForkAtTurn(meta)).toStrictEqual(expected);
  });

  it.each([
    ["version 2", fork({ version: 2, turnId: "u-1" })],
    ["no version", fork({ turnId: "u-1" })],
    ["a numeric turnId", fork({ version: 1, turnId: 5 })],
    ["null", fork(null)],
    ["a string", fork("u-1")],
    ["an array", fork([])],
  ])("%s is malformed", (_name, meta) => {
    expect(readForkAtTurn(meta)).toStrictEqual({
      kind: "malformed",
      reason: "_meta.lody.forkAtTurn must be {version: 1, turnId?}",
    });
  });

  it("reads no inherited key", () => {
    const meta = { lody: Object.create({ forkAtTurn: { version: 1, turnId: "u-1" } }) };
    expect(readForkAtTurn(meta)).toStrictEqual({ kind: "whole" });
  });
});

describe("lodyForkPoint (the core's forkPoints hook)", () => {
  it("names the turn's message, and why a fork at it fails when it is none", () => {
    expect(lodyForkPoint(fork({ version: 1, turnId: " u-1 " }))).toStrictEqual({
      uuid: "u-1",
      missing: 'no message of the session has turnId "u-1"',
    });
  });

  it("gives no point for the whole history", () => {
    expect(lodyForkPoint(fork({ version: 1 }))).toBeUndefined();
    expect(lodyForkPoint({})).toBeUndefined();
  });

  it("throws invalid input for a malformed forkAtTurn", () => {
    expect(() => lodyForkPoint(fork({ version: 2 }))).toThrow(
      "_meta.lody.forkAtTurn must be {version: 1, turnId?}",
    );
  });
});
