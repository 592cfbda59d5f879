import { describe, expect, it } from "vitest";
import { QuotaBook, quotaUpdate } from "./book.js";

const at = (utilization: number, status = "allowed") => ({
  status,
  rateLimitType: "five_hour",
  unifiedWindows: { five_hour: { utilization, resetsAt: 1796648400, status } },
});

const NOW = Date.parse("2026-12-07T12:00:00.000Z");

describe("QuotaBook", () => {
  it("knows nothing until Claude Code reports a window (an API key): {pools: []}", () => {
    const book = new QuotaBook();
    expect(book.snapshot()).toStrictEqual({ pools: [] });
    expect(book.record({ status: "allowed" }, NOW)).toBe(false);
    expect(book.snapshot()).toStrictEqual({ pools: [] });
  });

  it("stamps a change with the time it arrived; the same pools again change nothing", () => {
    const book = new QuotaBook();
    expect(book.record(at(0.25), NOW)).toBe(true);
    expect(book.snapshot().updatedAt).toBe("2026-12-07T12:00:00.000Z");
    expect(book.snapshot().pools[0]?.meters[0]?.usedPercent).toBe(25);
    expect(book.record(at(0.25), NOW + 5000)).toBe(false);
    expect(book.snapshot().updatedAt).toBe("2026-12-07T12:00:00.000Z");
  });

  it("never moves updatedAt back, and moves it on within one millisecond", () => {
    const book = new QuotaBook();
    book.record(at(0.25), NOW);
    expect(book.record(at(0.3), NOW - 60_000)).toBe(true);
    expect(book.snapshot().updatedAt).toBe("2026-12-07T12:00:00.001Z");
    expect(book.record(at(0.35), NOW + 1)).toBe(true);
    expect(book.snapshot().updatedAt).toBe("2026-12-07T12:00:00.002Z");
  });

  it("remembers the limit the last report said refused, and forgets it once allowed", () => {
    const book = new QuotaBook();
    book.record(at(1, "rejected"), NOW);
    expect(book.exceeded).toStrictEqual({
      poolId: "plan",
      meterId: "five_hour",
      resetsAt: "2026-12-07T13:00:00.000Z",
    });
    book.record(at(0.1), NOW + 1);
    expect(book.exceeded).toBeUndefined();
  });

  it("quota_update carries the whole snapshot", () => {
    const book = new QuotaBook();
    book.record(at(0.25), NOW);
    expect(quotaUpdate(book.snapshot())).toStrictEqual({
      sessionUpdate: "quota_update",
      ...book.snapshot(),
    });
  });

  it("tells its listeners each changed snapshot with its source, until they unsubscribe", () => {
    const book = new QuotaBook();
    const heard: unknown[] = [];
    const stop = book.subscribe((snapshot, source) => heard.push([source, snapshot]));
    book.subscribe((snapshot) => heard.push(["second", snapshot.updatedAt]));
    const info = { unifiedWindows: { five_hour: { utilization: 0.25 } } };
    expect(book.record(info, 1000, "session a")).toBe(true);
    expect(book.record(info, 2000, "session b")).toBe(false); // unchanged: nobody told
    expect(heard).toStrictEqual([
      ["session a", book.snapshot()],
      ["second", "1970-01-01T00:00:01.000Z"],
    ]);
    stop();
    book.record({ unifiedWindows: { five_hour: { utilization: 0.5 } } }, 3000);
    expect(heard.slice(2)).toStrictEqual([["second", "1970-01-01T00:00:03.000Z"]]);
  });
});
