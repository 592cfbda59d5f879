import { describe, expect, it } from "vitest";
import { ModeEchoes } from "./mode-echoes.js";

describe("ModeEchoes", () => {
  it("recognises the echo of each mode asked for, also one that arrives late", () => {
    const echoes = new ModeEchoes();
    echoes.asked("acceptEdits");
    echoes.asked("default");
    expect(echoes.echoed("acceptEdits")).toBe(true);
    expect(echoes.echoed("default")).toBe(true);
    // Nothing is pending now: a report of a mode is Claude Code's own switch.
    expect(echoes.echoed("default")).toBe(false);
  });

  it("takes a mode nobody asked for as Claude Code's own switch", () => {
    const echoes = new ModeEchoes();
    echoes.asked("acceptEdits");
    expect(echoes.echoed("plan")).toBe(false);
    expect(echoes.echoed("acceptEdits")).toBe(true);
  });

  it("settles the older changes with a newer echo", () => {
    const echoes = new ModeEchoes();
    echoes.asked("acceptEdits");
    echoes.asked("plan");
    expect(echoes.echoed("plan")).toBe(true);
    expect(echoes.echoed("acceptEdits")).toBe(false);
  });

  it("expects no echo of a refused change", () => {
    const echoes = new ModeEchoes();
    echoes.asked("plan");
    echoes.refused("plan");
    expect(echoes.echoed("plan")).toBe(false);
  });
});
