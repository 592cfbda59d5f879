import type { ModelUsage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { ContextWindows, guessedContextWindow } from "./context-window.js";

const table = (rows: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(rows).map(([model, contextWindow]) => [model, { contextWindow } as ModelUsage]),
  );

describe("guessedContextWindow", () => {
  it.each([
    ["claude-opus-4-6-1m", 1_000_000],
    ["claude-sonnet-5[1m]", 1_000_000],
    ["Opus 4.7 (1M context)", 1_000_000],
    ["claude-opus-5-5", 200_000],
    ["claude-10m-x", 200_000],
    ["model1m", 200_000],
    [undefined, 200_000],
  ])("%s → %d", (model, size) => {
    expect(guessedContextWindow(model)).toBe(size);
  });
});

describe("ContextWindows", () => {
  it("binds the process's first measure to the first call's model, a result overrules it", () => {
    const w = new ContextWindows();
    w.processStarted();
    w.measure(1_000_000);
    expect(w.size()).toBe(1_000_000);
    expect(w.callStarted("m")).toBe(false);
    expect(w.size("m")).toBe(1_000_000);
    expect(w.size("other")).toBe(200_000);
    w.learn(table({ m: 900_000, zero: 0 }));
    expect(w.size("m")).toBe(900_000);
    expect(w.size("zero")).toBe(200_000);
  });

  it("a measure that answers after the first call speaks for that call's model", () => {
    const w = new ContextWindows();
    w.processStarted();
    // Still measuring: no second measure is asked for.
    expect(w.callStarted("m")).toBe(false);
    expect(w.size("m")).toBe(200_000);
    w.measure(1_000_000);
    expect(w.size("m")).toBe(1_000_000);
  });

  it("asks once for a measure of a model switched to, and binds it to that model", () => {
    const w = new ContextWindows();
    w.processStarted();
    w.measure(500_000);
    w.callStarted("a");
    expect(w.callStarted("b")).toBe(true);
    expect(w.callStarted("b")).toBe(false);
    expect(w.size("b")).toBe(200_000);
    w.measure(300_000);
    expect([w.size("a"), w.size("b")]).toStrictEqual([500_000, 300_000]);
  });

  it("a failed or senseless measure leaves the guess; a known model asks for none", () => {
    const w = new ContextWindows();
    w.learn(table({ k: 123 }));
    w.processStarted();
    w.measure(undefined);
    expect(w.callStarted("k")).toBe(false);
    expect(w.callStarted("x-1m")).toBe(true);
    w.measure(-5);
    expect(w.size("x-1m")).toBe(1_000_000);
  });

  it("a new process measures again; what results said stays", () => {
    const w = new ContextWindows();
    w.processStarted();
    w.measure(700_000);
    w.callStarted("m");
    w.learn(table({ k: 400_000 }));
    w.processStarted();
    expect([w.size("m"), w.size("k"), w.size()]).toStrictEqual([200_000, 400_000, 200_000]);
  });
});
