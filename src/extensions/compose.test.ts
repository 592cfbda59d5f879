import { describe, expect, it } from "vitest";
import { PLAIN_CLIENT } from "../profile/client-profile.js";
import type { MethodHost } from "../profile/extension-methods.js";
import { QuotaBook } from "../translation/quota/book.js";
import { readFileSync } from "node:fs";
import {
  connectExtensions,
  LAZY_HOOK_MODULES,
  loadNegotiatedHooks,
  negotiateClientProfile,
  parseClientProfile,
  type LazyHookModules,
} from "./compose.js";

const AIR = { jetbrains: { air: { version: 1, capabilities: ["nativeSubagentSessions"] } } };
const LODY = { lody: { subagentEvents: { version: 1 } } };

describe("composeHooks", () => {
  it("gives a client that negotiated no extension no hooks", () => {
    expect(parseClientProfile({}).hooks).toEqual({ extensions: [] });
    expect(PLAIN_CLIENT.hooks).toEqual({ extensions: [] });
  });

  it("merges the negotiated extensions' hooks: lists in order, else the first's", () => {
    const both = parseClientProfile({ _meta: { ...AIR, ...LODY } }).hooks;
    expect(both.extensions).toEqual(["air", "lody"]);
    expect(both.compactionMeta).toHaveLength(2);
    expect(both.subagentBridge).toBeDefined();
    expect(both.subagentsReplaced).toBe(true);
    const air = parseClientProfile({ _meta: AIR }).hooks;
    expect(air.extensions).toEqual(["air"]);
    expect(air.compactionMeta).toHaveLength(1);
    expect(air.childRoute).toBeUndefined();
    expect(air.compactionMeta?.[0]).toBe(both.compactionMeta?.[0]);
  });

  it("gives a client that declared the gateway sign-in its gateway, appended last", () => {
    const gateway = parseClientProfile({ auth: { _meta: { gateway: true } }, _meta: AIR }).hooks;
    expect(gateway.extensions).toEqual(["air", "gateway"]);
    expect(gateway.gatewaySignIn?.status("https://gw.example/a")).toEqual({
      kind: "gateway",
      label: "Custom model gateway",
      detail: "gw.example",
    });
    expect(parseClientProfile({ _meta: AIR }).hooks.gatewaySignIn).toBeUndefined();
  });

  it("freezes the hooks (one per connection, shared by its sessions)", () => {
    expect(Object.isFrozen(parseClientProfile({ _meta: LODY }).hooks)).toBe(true);
  });
});

describe("the hooks beside the agent's requests", () => {
  it("signs in through the gateway only for a client that declared it", () => {
    const gateway = parseClientProfile({ auth: { _meta: { gateway: true } } }).hooks;
    expect(gateway.extensions).toEqual(["gateway"]);
    expect(["gateway", "gateway-bedrock", "claude-ai-login"].map(gateway.signsIn!)).toEqual([
      true,
      true,
      false,
    ]);
    expect(parseClientProfile({}).hooks.signsIn).toBeUndefined();
  });

  it("archives on delete for an AIR client without sessionIndex only", () => {
    const air = (capabilities: string[]) =>
      parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities } } } }).hooks;
    expect(air([]).archivesOnDelete).toBe(true);
    expect(air(["sessionIndex"]).archivesOnDelete).toBeUndefined();
    expect(parseClientProfile({ _meta: LODY }).hooks.archivesOnDelete).toBeUndefined();
  });

  it("runs Lody's goalControl instead of a Lody client's prompt", () => {
    const command = parseClientProfile({ _meta: LODY }).hooks.promptCommand;
    const meta = { lody: { goalControl: { version: 1, action: "set", objective: "ship it" } } };
    expect(command?.(meta)).toEqual([{ type: "text", text: "/goal ship it" }]);
    expect(command?.({})).toBeUndefined();
    expect(parseClientProfile({ _meta: AIR }).hooks.promptCommand).toBeUndefined();
  });
});

describe("connectExtensions", () => {
  it("gives every connection the extensions' own methods, whatever it negotiates", () => {
    const host = {} as MethodHost;
    expect(connectExtensions(host).methods.map((m) => m.method)).toEqual([
      "_session/steering",
      "_session/goal",
      "_session/rename",
      "_session/archive",
      "_session/unarchive",
      "_session/batch_get",
      "_session/list/subscribe",
      "_session/list/unsubscribe",
      "_session/async_task/stop",
      "_lody/session/steer",
      "_lody/rate_limits/get",
      "_lody/session/goal",
    ]);
  });

  it("answers `_lody/...` to a Lody client only, and reads the connection's plan windows", () => {
    let profile = parseClientProfile({});
    const quota = new QuotaBook();
    const host = { profile: () => profile, plan: () => "max", quota } as MethodHost;
    const connection = connectExtensions(host);
    const get = connection.methods.find((m) => m.method === "_lody/rate_limits/get")!;
    expect(() => get.handle(get.params.parse(undefined))).toThrow(
      "method not found: _lody/rate_limits/get",
    );
    profile = parseClientProfile({ _meta: LODY });
    expect(get.handle(get.params.parse({}))).toMatchObject({ rateLimits: [] });
    quota.record({ unifiedWindows: { five_hour: { utilization: 0.5 } } }, Date.now());
    expect(get.handle(undefined)).toMatchObject({
      rateLimits: [{ planName: "max", windows: [expect.objectContaining({ usedPercent: 50 })] }],
    });
  });
});

describe("the extensions' hooks loaded on demand", () => {
  /** The lazy modules with their real `negotiated` tests and loaders that record the load. */
  const recording = (): { modules: LazyHookModules; loads: string[] } => {
    const loads: string[] = [];
    const modules = Object.fromEntries(
      Object.entries(LAZY_HOOK_MODULES).map(([key, module]) => [
        key,
        { negotiated: module.negotiated, load: () => (loads.push(key), module.load()) },
      ]),
    ) as unknown as LazyHookModules;
    return { modules, loads };
  };
  const flagsOf = (capabilities: unknown, protocolVersion = 1) => {
    const { hooks: _hooks, ...flags } = parseClientProfile(capabilities, protocolVersion);
    return flags;
  };

  it("loads no extension's hooks for a plain client, and only the negotiated ones otherwise", async () => {
    const plain = recording();
    await loadNegotiatedHooks(flagsOf({}), plain.modules, {});
    expect(plain.loads).toEqual([]);
    const air = recording();
    await loadNegotiatedHooks(flagsOf({ _meta: AIR }), air.modules, {});
    expect(air.loads).toEqual(["air"]);
    const lody = recording();
    await loadNegotiatedHooks(flagsOf({ _meta: LODY }), lody.modules, {});
    expect(lody.loads).toEqual(["lody"]);
    const v2 = recording();
    await loadNegotiatedHooks(flagsOf({}, 2), v2.modules, {});
    expect(v2.loads).toEqual(["v2"]);
  });

  it("loads a module once per process", async () => {
    const once = recording();
    const into = {};
    await loadNegotiatedHooks(flagsOf({ _meta: AIR }), once.modules, into);
    await loadNegotiatedHooks(flagsOf({ _meta: { ...AIR, ...LODY } }), once.modules, into);
    expect(once.loads).toEqual(["air", "lody"]);
  });

  it("negotiates the same profile as the synchronous parse, hooks loaded", async () => {
    const negotiated = await negotiateClientProfile({ _meta: { ...AIR, ...LODY } });
    expect(negotiated.hooks.extensions).toEqual(["air", "lody"]);
    expect(negotiated.hooks.compactionMeta).toHaveLength(2);
  });

  it("imports no lazily loaded hooks module statically (the bundle would evaluate it at start)", () => {
    const source = readFileSync(new URL("./compose.ts", import.meta.url), "utf8");
    for (const name of ["air", "lody", "v2"]) {
      expect(source).not.toMatch(
        new RegExp(`^import \\{[^}]*\\} from "\\./${name}/hooks\\.js";`, "m"),
      );
      expect(source).toMatch(
        new RegExp(`^import type \\{[^}]*\\} from "\\./${name}/hooks\\.js";`, "m"),
      );
    }
  });
});
