import { describe, expect, it } from "vitest";
import { parseClientProfile } from "./client-profile.js";

describe("parseClientProfile", () => {
  it("reads nothing from a plain client", () => {
    const p = parseClientProfile({ fs: { readTextFile: false } });
    expect(p.terminalOutput).toBe(false);
    expect(p.air.client).toBe(false);
  });

  it("reads the Zed terminal flag", () => {
    expect(parseClientProfile({ _meta: { terminal_output: true } }).terminalOutput).toBe(true);
  });

  it("lets terminal_output_delta enable the channel", () => {
    const p = parseClientProfile({ _meta: { terminal_output_delta: true } });
    expect(p.terminalOutput).toBe(true);
    expect(p.terminalOutputDelta).toBe(true);
  });

  it.each([
    ["string true", { _meta: { terminal_output: "true" } }],
    ["__proto__ key", JSON.parse('{"_meta": {"__proto__": {"terminal_output": true}}}')],
    ["constructor key", JSON.parse('{"_meta": {"constructor": {"terminal_output": true}}}')],
    ["inherited value", Object.create({ _meta: { terminal_output: true } })],
  ])("a malformed declaration (%s) enables nothing", (_name, caps) => {
    expect(parseClientProfile(caps).terminalOutput).toBe(false);
  });

  it("accepts a well-formed AIR declaration", () => {
    const p = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: ["diffPatch", 3] } } },
    });
    expect(p.air.client).toBe(true);
    expect([...p.air.capabilities]).toEqual(["diffPatch"]);
  });

  it.each([
    ["version 0", { version: 0, capabilities: [] }],
    ["fractional version", { version: 1.5, capabilities: [] }],
    ["string version", { version: "1", capabilities: [] }],
    ["capabilities not an array", { version: 1, capabilities: "diffPatch" }],
    ["missing", null],
  ])("rejects a malformed AIR declaration (%s)", (_name, air) => {
    const p = parseClientProfile({ _meta: { jetbrains: { air } } });
    expect(p.air.client).toBe(false);
    expect(p.air.capabilities.size).toBe(0);
  });

  it("keeps the other parts when one part is malformed", () => {
    const p = parseClientProfile({
      _meta: { terminal_output: true, jetbrains: { air: { version: "x" } } },
      elicitation: { form: {} },
    });
    expect(p.terminalOutput).toBe(true);
    expect(p.elicitation.form).toBe(true);
    expect(p.air.client).toBe(false);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(parseClientProfile({}))).toBe(true);
  });
});

describe("parseClientProfile: every field", () => {
  it("reads nothing from a client that declared nothing", () => {
    expect(parseClientProfile(undefined)).toEqual({
      terminalOutput: false,
      terminalOutputDelta: false,
      terminalAuth: false,
      subagentTranscript: false,
      fs: { read: false, write: false },
      terminal: false,
      elicitation: { form: false, url: false },
      session: { notices: false, compaction: false, booleanConfigOptions: false },
      subagents: false,
      plan: false,
      authTerminal: false,
      air: { client: false, capabilities: new Set() },
    });
  });

  it("reads each declaration into its own field", () => {
    const p = parseClientProfile({
      _meta: {
        terminal_output: true,
        "terminal-auth": true,
        "subagent-transcript": true,
        jetbrains: { air: { version: 2, capabilities: ["rawInputRendering"] } },
      },
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      elicitation: { form: {}, url: {} },
      session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
      subagents: {},
      plan: {},
      auth: { terminal: true },
    });
    expect(p).toEqual({
      terminalOutput: true,
      terminalOutputDelta: false,
      terminalAuth: true,
      subagentTranscript: true,
      fs: { read: true, write: true },
      terminal: true,
      elicitation: { form: true, url: true },
      session: { notices: true, compaction: true, booleanConfigOptions: true },
      subagents: true,
      plan: true,
      authTerminal: true,
      air: { client: true, capabilities: new Set(["rawInputRendering"]) },
    });
    expect(Object.isFrozen(p.fs) && Object.isFrozen(p.elicitation)).toBe(true);
    expect(Object.isFrozen(p.session) && Object.isFrozen(p.air)).toBe(true);
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
    expect([
      p.elicitation.form,
      p.elicitation.url,
      p.session.notices,
      p.session.compaction,
      p.session.booleanConfigOptions,
      p.subagents,
      p.plan,
    ]).toEqual([false, false, false, false, false, false, false]);
  });

  it("does not count an infinite AIR version", () => {
    expect(
      parseClientProfile({
        _meta: { jetbrains: { air: { version: Number.POSITIVE_INFINITY, capabilities: [] } } },
      }).air.client,
    ).toBe(false);
  });
});
