import { describe, expect, it } from "vitest";
import { PLAIN_CLIENT } from "../profile/client-profile.js";
import { parseClientProfile } from "./compose.js";

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
