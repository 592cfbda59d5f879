import { describe, expect, it } from "vitest";
import { ReplayedFailures, usageLimitRecord } from "./history.js";

const LIMIT = "You've hit your individual spend limit · run /usage-credits to ask your admin";

describe("ReplayedFailures", () => {
  it("a synthetic usage-limit message after a prompt keeps its live id", () => {
    const replay = new ReplayedFailures("S", (t) => t);
    replay.prompt("U1");
    expect(replay.assistant({ uuid: "A1", model: "<synthetic>", text: LIMIT })).toEqual({
      id: "U1:error",
      revision: 1,
      category: "limit",
      severity: "error",
      title: LIMIT,
      reason: "usage_limit",
      actions: [],
    });
    expect(replay.activeId).toBe("U1:error");
  });

  it("without a prompt before it: a history-error id", () => {
    const replay = new ReplayedFailures("S", (t) => t);
    expect(replay.assistant({ uuid: "A1", model: "<synthetic>", text: LIMIT })?.id).toBe(
      "S:history-error:A1",
    );
  });

  it.each([
    ["model prose that quotes the message", "claude-sonnet-4-5", LIMIT],
    ["another synthetic API error", "<synthetic>", "API Error: 500 boom"],
    ["a synthetic message without text", "<synthetic>", undefined],
  ])("%s is no record", (_name, model, text) => {
    const replay = new ReplayedFailures("S", (t) => t);
    replay.prompt("U1");
    expect(replay.assistant({ uuid: "A1", model, text })).toBeUndefined();
  });

  it("the title is redacted; a text redacted to nothing is no record", () => {
    const replay = new ReplayedFailures("S", (t) => t.replace(/sk-\w+/g, "[key]"));
    replay.prompt("U1");
    expect(
      replay.assistant({ uuid: "A1", model: "<synthetic>", text: `${LIMIT} sk-abc` })?.title,
    ).toBe(`${LIMIT} [key]`);
    const empty = new ReplayedFailures("S", () => "");
    expect(empty.assistant({ uuid: "A1", model: "<synthetic>", text: LIMIT })).toBeUndefined();
  });

  it("the latest match stays active until a later real model answer", () => {
    const replay = new ReplayedFailures("S", (t) => t);
    replay.prompt("U1");
    replay.assistant({ uuid: "A1", model: "<synthetic>", text: LIMIT });
    replay.prompt("U2");
    replay.assistant({ uuid: "A2", model: "<synthetic>", text: LIMIT });
    expect(replay.activeId).toBe("U2:error");
    replay.assistant({ uuid: "A3", model: "<synthetic>", text: "API Error: 500" });
    expect(replay.activeId).toBe("U2:error");
    replay.assistant({ uuid: "A4", model: undefined, text: undefined });
    expect(replay.activeId).toBeUndefined();
  });

  it("usageLimitRecord", () => {
    expect(usageLimitRecord("X:error", "t")).toEqual({
      id: "X:error",
      revision: 1,
      category: "limit",
      severity: "error",
      title: "t",
      reason: "usage_limit",
      actions: [],
    });
  });
});
