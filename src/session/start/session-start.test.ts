import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoredRunState } from "../../sdk/transcripts/current-title.js";
import {
  refusedStartMode,
  spawnBeforeSettings,
  spawnFor,
  spawnKeepsPlan,
  startClaude,
  type StartPlan,
  type StartSteps,
} from "./session-start.js";

const plan = (over: Partial<StartPlan> = {}): StartPlan => ({
  mode: "default",
  bypassAvailable: true,
  autoDisabled: false,
  model: undefined,
  restoredModel: undefined,
  clientModel: undefined,
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

/** A start whose steps are recorded, with the settings and Claude Code's start held until released. */
function recordedStart(
  over: {
    plan?: StartPlan;
    stored?: StoredRunState;
    cached?: boolean;
    startAfter?: Promise<unknown>;
  } = {},
) {
  const log: string[] = [];
  let releasePlan!: () => void;
  const planned = new Promise<void>((resolve) => (releasePlan = resolve));
  const steps: StartSteps<string, string[]> = {
    passThrough: { env: { IS_SANDBOX: "1" } },
    stored: over.stored,
    startAfter: over.startAfter,
    plan: async () => {
      log.push("plan");
      await planned;
      return over.plan ?? plan();
    },
    cached: () => (over.cached ? [] : undefined),
    launch: (spawn) => {
      log.push(`launch ${spawn.mode ?? "(settings)"}`);
      return Promise.resolve(`up ${spawn.mode ?? "(settings)"}`);
    },
    stop: () => log.push("stop"),
  };
  return { log, steps, releasePlan };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("startClaude", () => {
  it("launches a new session's Claude Code before the settings are read", async () => {
    const { log, steps, releasePlan } = recordedStart();
    const starting = startClaude(steps);
    await tick();
    expect(log).toEqual(["launch (settings)", "plan"]);
    releasePlan();
    const start = await starting;
    expect(await start.up).toBe("up (settings)");
    expect(log).toEqual(["launch (settings)", "plan"]);
  });

  it("launches again in the settings' mode when the first launch may not run", async () => {
    const fallback = plan({ notice: { title: "Started in Manual mode", description: "…" } });
    const { log, steps, releasePlan } = recordedStart({ plan: fallback });
    const starting = startClaude(steps);
    releasePlan();
    expect(await (await starting).up).toBe("up default");
    expect(log).toEqual(["launch (settings)", "plan", "stop", "launch default"]);
  });

  it("reads the settings first for a stored bypass session", async () => {
    const stored: StoredRunState = { permissionMode: "bypassPermissions", model: undefined };
    const { log, steps, releasePlan } = recordedStart({
      stored,
      plan: plan({ mode: "bypassPermissions" }),
    });
    const starting = startClaude(steps);
    await tick();
    expect(log).toEqual(["plan"]);
    releasePlan();
    await (
      await starting
    ).up;
    expect(log).toEqual(["plan", "launch bypassPermissions"]);
  });

  it("looks up the cached model list under the settings' start key", async () => {
    const { steps, releasePlan } = recordedStart({ plan: plan({ startKey: "settings-key" }) });
    const keys: string[] = [];
    releasePlan();
    const start = await startClaude({
      ...steps,
      cached: (key) => (keys.push(key), []),
    });
    expect(keys).toEqual(["settings-key"]);
    expect(start.cached).toEqual([]);
  });

  it("holds a load's Claude Code back until its replay when a cached answer can stand in", async () => {
    let replayed!: () => void;
    const startAfter = new Promise<void>((resolve) => (replayed = resolve));
    const { log, steps, releasePlan } = recordedStart({ cached: true, startAfter });
    releasePlan();
    const start = await startClaude(steps);
    expect(start.cached).toEqual([]);
    await tick();
    expect(log).toEqual(["plan"]);
    replayed();
    expect(await start.up).toBe("up default");
    expect(log).toEqual(["plan", "launch default"]);
  });

  it("launches a load's Claude Code at once without a cached answer, and after a failed replay", async () => {
    const never = new Promise<void>(() => undefined);
    const uncached = recordedStart({ startAfter: never });
    uncached.releasePlan();
    const start = await startClaude(uncached.steps);
    expect(start.cached).toBeUndefined();
    expect(await start.up).toBe("up default");
    expect(uncached.log).toEqual(["plan", "launch default"]);

    const failed = recordedStart({ cached: true, startAfter: Promise.reject(new Error("replay")) });
    failed.releasePlan();
    expect(await (await startClaude(failed.steps)).up).toBe("up default");
  });
});

describe("refusedStartMode", () => {
  const can = { bypassAvailable: true, refusedAsRoot: false, autoDisabled: false };
  it.each([
    ["default", can, undefined],
    ["auto", can, undefined],
    ["bypassPermissions", can, undefined],
    [
      "bypassPermissions",
      { ...can, bypassAvailable: false },
      "Bypass permissions was asked for. Bypass permissions is turned off for this session.",
    ],
    [
      "bypassPermissions",
      { ...can, bypassAvailable: false, refusedAsRoot: true },
      "Bypass permissions was asked for. Claude Code refuses to bypass permissions as root unless IS_SANDBOX=1 is set.",
    ],
    [
      "auto",
      { ...can, autoDisabled: true },
      "Auto mode was asked for. Auto mode is turned off for this session.",
    ],
    ["acceptEdits", { ...can, autoDisabled: true, bypassAvailable: false }, undefined],
  ] as const)("%s with %o", (wanted, abilities, description) => {
    expect(refusedStartMode(wanted, abilities)).toStrictEqual(
      description === undefined ? undefined : { title: "Started in Manual mode", description },
    );
  });
});
