import { afterEach, describe, expect, it, vi } from "vitest";
import { Lifecycle, nextKind, type LifecycleEvent, type LifecycleKind } from "./lifecycle.js";
import { Turn } from "./turn/turn.js";

const KINDS: LifecycleKind[] = ["starting", "idle", "running", "draining", "restarting", "closed"];
const EVENTS: LifecycleEvent[] = [
  "started",
  "turnStarted",
  "turnEnded",
  "cancelled",
  "drained",
  "restart",
  "restarted",
  "close",
];

/** Every transition there is; any other event leaves the state as it is. */
const ALLOWED: Array<[LifecycleKind, LifecycleEvent, LifecycleKind]> = [
  ["starting", "started", "idle"],
  ["starting", "close", "closed"],
  ["idle", "turnStarted", "running"],
  ["idle", "restart", "restarting"],
  ["idle", "close", "closed"],
  ["running", "turnEnded", "idle"],
  ["running", "cancelled", "draining"],
  ["running", "close", "closed"],
  ["draining", "drained", "idle"],
  ["draining", "close", "closed"],
  ["restarting", "restarted", "idle"],
  ["restarting", "close", "closed"],
];

const expected = (from: LifecycleKind, event: LifecycleEvent): LifecycleKind | undefined =>
  ALLOWED.find(([f, e]) => f === from && e === event)?.[2];

const ALL_PAIRS = KINDS.flatMap((from) =>
  EVENTS.map((event) => ({ from, event, to: expected(from, event) })),
);

const newTurn = () => new Turn({ content: [], resolve: () => {}, reject: () => {} }, {});

/** A lifecycle brought to `kind` the way a session gets there. */
function at(kind: LifecycleKind, overdue = () => {}): Lifecycle {
  const lifecycle = new Lifecycle();
  if (kind === "starting") return lifecycle;
  if (kind === "closed") return (lifecycle.close(), lifecycle);
  lifecycle.started();
  if (kind === "restarting") lifecycle.restart();
  if (kind === "running" || kind === "draining") lifecycle.startTurn(newTurn());
  if (kind === "draining") lifecycle.cancelTurn(1_000, overdue);
  return lifecycle;
}

/** Raises `event` through the lifecycle's own method for it. */
function raise(lifecycle: Lifecycle, event: LifecycleEvent): void {
  switch (event) {
    case "started":
      return lifecycle.started();
    case "turnStarted":
      return void lifecycle.startTurn(newTurn());
    case "turnEnded":
      return void lifecycle.endTurn(lifecycle.turn ?? newTurn());
    case "cancelled":
      return void lifecycle.cancelTurn(1_000, () => {});
    case "drained":
      return void lifecycle.drained();
    case "restart":
      return lifecycle.restart();
    case "restarted":
      return lifecycle.restarted();
    case "close":
      return void lifecycle.close();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("lifecycle transitions", () => {
  it.each(ALL_PAIRS)("$from + $event → $to", ({ from, event, to }) => {
    expect(nextKind(from, event)).toBe(to);
  });

  it.each(ALL_PAIRS)(
    "a session $from moves on $event to $to (else stays)",
    ({ from, event, to }) => {
      vi.useFakeTimers();
      const lifecycle = at(from);
      expect(lifecycle.kind).toBe(from);
      raise(lifecycle, event);
      expect(lifecycle.kind).toBe(to ?? from);
      expect(lifecycle.closed).toBe((to ?? from) === "closed");
    },
  );
});

describe("Lifecycle", () => {
  it("holds the running turn only while it runs", () => {
    const lifecycle = at("idle");
    const turn = newTurn();
    expect(lifecycle.startTurn(turn)).toBe(true);
    expect(lifecycle.turn).toBe(turn);
    expect(lifecycle.startTurn(newTurn())).toBe(false); // one turn at a time
    expect(lifecycle.turn).toBe(turn);
    expect(lifecycle.endTurn(turn)).toBe(true);
    expect(lifecycle.turn).toBeUndefined();
  });

  it("does not end a turn other than the running one", () => {
    const lifecycle = at("running");
    const running = lifecycle.turn;
    expect(lifecycle.endTurn(newTurn())).toBe(false);
    expect(lifecycle.turn).toBe(running);
  });

  it("cancels the running turn and returns it; none runs: nothing to cancel", () => {
    vi.useFakeTimers();
    const lifecycle = at("running");
    const running = lifecycle.turn;
    expect(lifecycle.cancelTurn(1_000, () => {})).toBe(running);
    expect(lifecycle.turn).toBeUndefined();
    expect(lifecycle.cancelTurn(1_000, () => {})).toBeUndefined();
    expect(lifecycle.kind).toBe("draining");
  });

  it("runs `overdue` when the cancelled turn does not wind down in time", () => {
    vi.useFakeTimers();
    const overdue = vi.fn();
    at("draining", overdue);
    vi.advanceTimersByTime(999);
    expect(overdue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(overdue).toHaveBeenCalledOnce();
  });

  it.each(["drained", "close"] as const)(
    "ends the drain's wait when the session leaves draining (%s)",
    (event) => {
      vi.useFakeTimers();
      const overdue = vi.fn();
      const lifecycle = at("draining", overdue);
      raise(lifecycle, event);
      vi.advanceTimersByTime(10_000);
      expect(overdue).not.toHaveBeenCalled();
    },
  );

  it("stays closed: a late start, restart or close changes nothing", () => {
    const lifecycle = at("closed");
    lifecycle.started();
    lifecycle.restarted();
    expect(lifecycle.close()).toBe(false);
    expect(lifecycle.kind).toBe("closed");
  });
});

describe("Lifecycle.settled", () => {
  const flags = () => ({ settled: false });

  it("settles at once when idle, and once a cancelled turn has drained", async () => {
    const lifecycle = new Lifecycle();
    const early = flags();
    void lifecycle.settled().then(() => (early.settled = true));
    lifecycle.started();
    await Promise.resolve();
    expect(early.settled).toBe(true);
    lifecycle.startTurn(newTurn());
    const timer = lifecycle.cancelTurn(60_000, () => {});
    expect(timer).toBeDefined();
    const waiting = flags();
    void lifecycle.settled().then(() => (waiting.settled = true));
    await Promise.resolve();
    expect(waiting.settled).toBe(false);
    lifecycle.drained();
    await Promise.resolve();
    expect(waiting.settled).toBe(true);
  });

  it("settles when the session closes", async () => {
    const lifecycle = new Lifecycle();
    const seen = flags();
    void lifecycle.settled().then(() => (seen.settled = true));
    lifecycle.close();
    await Promise.resolve();
    expect(seen.settled).toBe(true);
  });
});
