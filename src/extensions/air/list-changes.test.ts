import { describe, expect, it } from "vitest";
import { SentRows, type Observed } from "./list-changes.js";
import { indexRow } from "./session-index-rows.js";

const row = (title: string, updatedAt = "2026-12-01T00:00:00.000Z") =>
  indexRow({ sessionId: "s1", cwd: "/w", title, updatedAt }, false);
const seen = (r: ReturnType<typeof row> | undefined, existed = false, forced = false) =>
  new Map<string, Observed>([["s1", { row: r, existed, forced }]]);

describe("SentRows", () => {
  it("sends a new row, then only a changed one; updatedAt alone is no change", () => {
    const sent = new SentRows("sub");
    expect(sent.changes(seen(row("A")))).toEqual({
      subscriptionId: "sub",
      sessions: [row("A")],
      removed: [],
    });
    expect(sent.changes(seen(row("A", "2026-12-02T00:00:00.000Z")))).toBeUndefined();
    expect(sent.changes(seen(row("[archived] A")))).toEqual({
      subscriptionId: "sub",
      sessions: [row("[archived] A")],
      removed: [],
    });
  });

  it("sends a forced row even when it looks the same", () => {
    const sent = new SentRows("sub");
    sent.changes(seen(row("A")));
    const later = row("A", "2026-12-02T00:00:00.000Z");
    expect(sent.changes(seen(later, true, true))).toEqual({
      subscriptionId: "sub",
      sessions: [later],
      removed: [],
    });
  });

  it("removes a row it sent, or one whose transcript was in scope, once", () => {
    const sent = new SentRows("sub");
    sent.changes(seen(row("A")));
    const removal = { subscriptionId: "sub", sessions: [], removed: ["s1"] };
    expect(sent.changes(seen(undefined))).toEqual(removal);
    expect(sent.changes(seen(undefined))).toBeUndefined();
    expect(new SentRows("sub").changes(seen(undefined, true))).toEqual(removal);
    expect(new SentRows("sub").changes(seen(undefined, false))).toBeUndefined();
  });
});
