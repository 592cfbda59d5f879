import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settledWithin } from "./settled-within.js";

describe("settledWithin", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const state = (promise: Promise<void>): { settled: boolean } => {
    const seen = { settled: false };
    void promise.then(() => (seen.settled = true));
    return seen;
  };

  it("resolves as soon as the promise resolves, before the time is up", async () => {
    let resolve!: () => void;
    const seen = state(settledWithin(new Promise<void>((r) => (resolve = r)), 1000));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen.settled).toBe(false);
    resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.settled).toBe(true);
  });

  it("resolves when the promise rejects, without an unhandled rejection", async () => {
    let reject!: (error: Error) => void;
    const seen = state(settledWithin(new Promise<void>((_, r) => (reject = r)), 1000));
    reject(new Error("gone"));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.settled).toBe(true);
  });

  it("resolves after the time is up when the promise never settles", async () => {
    const seen = state(settledWithin(new Promise<void>(() => {}), 1000));
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.settled).toBe(true);
  });
});
