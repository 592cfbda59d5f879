import { describe, expect, it } from "vitest";
import { PLAIN_CLIENT } from "./client-profile.js";
import { parseClientProfile } from "../extensions/compose.js";

const NO_AIR = {
  client: false,
  diffPatch: false,
  sessionFailure: false,
  recommendedValue: false,
  asyncTasks: false,
  agentFileChangeReport: false,
  nativeSubagentSessions: false,
  planFile: false,
  rawInputRendering: false,
  customInstructions: false,
  loadReplayEnd: false,
  sessionIndex: false,
  backgroundSubagents: false,
};
const NO_LODY = { client: false, subagentEvents: false, answerNotes: false };
const NO_ZED = {
  terminalOutput: false,
  terminalOutputDelta: false,
  terminalAuth: false,
  subagentTranscript: false,
};

describe("parseClientProfile", () => {
  it("reads nothing from a plain client", () => {
    expect(parseClientProfile({ fs: { readTextFile: false } })).toEqual({
      fs: { read: false, write: false },
      terminal: false,
      elicitation: { form: false, url: false },
      session: { notices: false, compaction: false, booleanConfigOptions: false, quota: false },
      subagents: false,
      plan: false,
      authTerminal: false,
      authStatusUpdates: false,
      authGateway: false,
      zed: NO_ZED,
      air: NO_AIR,
      lody: NO_LODY,
      v2: { filePatches: false },
      hooks: { extensions: [] },
    });
  });

  it("reads every standard capability", () => {
    const p = parseClientProfile({
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      elicitation: { form: {}, url: {} },
      session: { notices: {}, compaction: {}, configOptions: { boolean: {} }, quota: {} },
      subagents: {},
      plan: {},
      auth: { terminal: true, status: {}, _meta: { gateway: true } },
    });
    expect(p).toEqual({
      fs: { read: true, write: true },
      terminal: true,
      elicitation: { form: true, url: true },
      session: { notices: true, compaction: true, booleanConfigOptions: true, quota: true },
      subagents: true,
      plan: true,
      authTerminal: true,
      authStatusUpdates: true,
      authGateway: true,
      zed: NO_ZED,
      air: NO_AIR,
      lody: NO_LODY,
      v2: { filePatches: false },
      hooks: {
        extensions: ["gateway"],
        signsIn: expect.any(Function),
        authMethods: [expect.any(Function)],
        gatewaySignIn: { route: expect.any(Function), status: expect.any(Function) },
      },
    });
  });

  it.each([
    ["no marker", {}, 1, false],
    ["`session.quota: {}`", { session: { quota: {} } }, 1, true],
    ["`session.quota: true` (not the ACP marker)", { session: { quota: true } }, 1, false],
    ["`session.quota: null`", { session: { quota: null } }, 1, false],
    ["every v2 client (the RFD: no client capability on v2)", {}, 2, true],
  ])("quota updates: %s", (_name, caps, version, quota) => {
    expect(parseClientProfile(caps, version).session.quota).toBe(quota);
  });

  it("reads the markers the ACP SDK drops from the capabilities as sent", () => {
    const sent = { session: { quota: {} }, auth: { status: {} } };
    const parsed = parseClientProfile({ session: {}, auth: {} }, 1, sent);
    expect([parsed.session.quota, parsed.authStatusUpdates]).toEqual([true, true]);
    expect(parseClientProfile({ auth: { status: [] } }).authStatusUpdates).toBe(false);
  });

  it("knows a v2 client by its protocol, not by a capability", () => {
    expect(parseClientProfile({}, 2).v2).toEqual({ filePatches: true });
    expect(parseClientProfile({}, 1).v2).toEqual({ filePatches: false });
    expect(parseClientProfile({ _meta: { "_claude/v2Patch": true } }).v2).toEqual({
      filePatches: false,
    });
  });

  it.each([
    ["a string", { auth: { _meta: { gateway: "true" } } }],
    ["top-level _meta", { _meta: { gateway: true } }],
    ["auth without _meta", { auth: { gateway: true } }],
  ])("a gateway declared as %s is not the gateway capability", (_name, caps) => {
    expect(parseClientProfile(caps).authGateway).toBe(false);
  });

  it.each([
    ["terminal_output", { terminalOutput: true }],
    ["terminal_output_delta", { terminalOutput: true, terminalOutputDelta: true }],
    ["terminal-auth", { terminalAuth: true }],
    ["subagent-transcript", { subagentTranscript: true }],
  ])("reads the Zed flag %s", (key, expected) => {
    expect(parseClientProfile({ _meta: { [key]: true } }).zed).toEqual({ ...NO_ZED, ...expected });
  });

  it.each([
    ["string true", { _meta: { terminal_output: "true" } }],
    ["__proto__ key", JSON.parse('{"_meta": {"__proto__": {"terminal_output": true}}}')],
    ["constructor key", JSON.parse('{"_meta": {"constructor": {"terminal_output": true}}}')],
    ["inherited value", Object.create({ _meta: { terminal_output: true } })],
  ])("a malformed declaration (%s) enables nothing", (_name, caps) => {
    expect(parseClientProfile(caps)).toEqual(PLAIN_CLIENT);
  });

  it.each([
    ["fs as a string", { fs: "yes" }],
    ["an object capability given as true", { subagents: true, plan: true }],
    ["an array for an object capability", { elicitation: { form: [] } }],
  ])("a mistyped standard capability (%s) enables nothing", (_name, caps) => {
    expect(parseClientProfile(caps)).toEqual(PLAIN_CLIENT);
  });

  it("names each declared AIR capability, by its exact name only", () => {
    const p = parseClientProfile({
      _meta: {
        jetbrains: {
          air: { version: 2, capabilities: ["diffPatch", "planfile", 3, "rawInputRendering"] },
        },
      },
    });
    expect(p.air).toEqual({ ...NO_AIR, client: true, diffPatch: true, rawInputRendering: true });
  });

  it("reads every AIR capability", () => {
    const all = Object.keys(NO_AIR).filter((name) => name !== "client");
    const p = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: all } } },
    });
    expect(p.air).toEqual(Object.fromEntries(Object.keys(NO_AIR).map((k) => [k, true])));
  });

  it.each([
    ["version 0", { version: 0, capabilities: ["diffPatch"] }],
    ["fractional version", { version: 1.5, capabilities: ["diffPatch"] }],
    ["infinite version", { version: Infinity, capabilities: ["diffPatch"] }],
    ["string version", { version: "1", capabilities: ["diffPatch"] }],
    ["capabilities not an array", { version: 1, capabilities: "diffPatch" }],
    ["missing", null],
  ])("rejects a malformed AIR declaration (%s)", (_name, air) => {
    expect(parseClientProfile({ _meta: { jetbrains: { air } } }).air).toEqual(NO_AIR);
  });

  it("keeps the other parts when one part is malformed", () => {
    const p = parseClientProfile({
      _meta: { terminal_output: true, jetbrains: { air: { version: "x" } } },
      elicitation: { form: {} },
    });
    expect(p.zed.terminalOutput).toBe(true);
    expect(p.elicitation.form).toBe(true);
    expect(p.air).toEqual(NO_AIR);
  });

  it("is frozen, part by part", () => {
    const p = parseClientProfile({});
    expect([p, p.fs, p.elicitation, p.session, p.zed, p.air, p.lody].every(Object.isFrozen)).toBe(
      true,
    );
  });

  it.each([
    ["true", true],
    ["null", null],
    ["an array", []],
    ["a string", "yes"],
  ])("does not count %s as a declared capability object", (_name, value) => {
    const p = parseClientProfile({
      elicitation: { form: value, url: value },
      session: { notices: value, compaction: value, configOptions: { boolean: value } },
      subagents: value,
      plan: value,
    });
    expect(p).toEqual(PLAIN_CLIENT);
  });
});
