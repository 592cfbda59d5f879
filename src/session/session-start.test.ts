import { afterEach, describe, expect, it, vi } from "vitest";
import { spawnBeforeSettings, spawnFor, spawnKeepsPlan, type StartPlan } from "./session-start.js";

const plan = (over: Partial<StartPlan> = {}): StartPlan => ({
  mode: "default",
  bypassAvailable: true,
  autoDisabled: false,
  model: undefined,
  restoredModel: undefined,
  notice: undefined,
  startKey: "key",
  ...over,
});

describe("spawnBeforeSettings", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("leaves a new session's mode to Claude Code's own settings", () => {
    vi.stubEnv("IS_SANDBOX", "1");
    expect(spawnBeforeSettings({})).toEqual({
      mode: undefined,
      allowBypass: true,
      restoredModel: undefined,
    });
  });

  it("starts a resumed session in its stored mode, with its stored model", () => {
    expect(spawnBeforeSettings({}, { permissionMode: "acceptEdits", model: "m1" })).toMatchObject({
      mode: "acceptEdits",
      restoredModel: "m1",
    });
  });

  it("lets the client's model win over the stored one", () => {
    const spawn = spawnBeforeSettings({ model: "mine" }, { permissionMode: "plan", model: "m1" });
    expect(spawn?.restoredModel).toBeUndefined();
  });

  it("waits for the settings when a stored session ran in bypass", () => {
    expect(spawnBeforeSettings({}, { permissionMode: "bypassPermissions", model: undefined })).toBe(
      undefined,
    );
  });

  it("allows bypass only where the client and the root rule allow it", () => {
    vi.stubEnv("IS_SANDBOX", "1");
    expect(spawnBeforeSettings({ allowDangerouslySkipPermissions: false })?.allowBypass).toBe(
      false,
    );
    const asRoot = process.getuid?.() === 0;
    vi.stubEnv("IS_SANDBOX", "yes");
    expect(spawnBeforeSettings({})?.allowBypass).toBe(!asRoot);
    expect(spawnBeforeSettings({ env: { IS_SANDBOX: "1" } })?.allowBypass).toBe(true);
  });
});

describe("spawnKeepsPlan", () => {
  it("holds when the spawn named the mode, or the settings needed no fallback", () => {
    expect(spawnKeepsPlan(spawnFor(plan()), plan())).toBe(true);
    expect(
      spawnKeepsPlan({ mode: undefined, allowBypass: true, restoredModel: undefined }, plan()),
    ).toBe(true);
  });

  it("fails when Claude Code was left to a settings mode it must not start in", () => {
    const fallback = plan({ notice: { title: "Started in Manual mode", description: "…" } });
    expect(
      spawnKeepsPlan({ mode: undefined, allowBypass: false, restoredModel: undefined }, fallback),
    ).toBe(false);
    expect(spawnKeepsPlan(spawnFor(fallback), fallback)).toBe(true);
  });
});
