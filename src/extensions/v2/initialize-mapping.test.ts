import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import { v1ClientCapabilities, v2AuthMethod, v2InitializeResponse } from "./initialize-mapping.js";

const V1_ANSWER: v1.InitializeResponse = {
  protocolVersion: 1,
  agentInfo: { name: "claude-agent-acp", title: "Claude Agent", version: "1.2.3" },
  agentCapabilities: {
    loadSession: true,
    promptCapabilities: { image: true, embeddedContext: true, audio: false },
    mcpCapabilities: { http: true, sse: true },
    sessionCapabilities: {
      additionalDirectories: {},
      list: {},
      resume: {},
      fork: {},
      close: {},
      delete: {},
      status: {},
      title: {},
      archive: {},
      systemPrompt: { mode: { override: {} } },
    },
    auth: { logout: {}, status: {} },
    providers: {},
    ...{ quota: {} },
    _meta: { claudeCode: { promptQueueing: true }, authStatus: {} },
  },
  authMethods: [],
  _meta: { jetbrains: { air: {} } },
};

/** Every v2 client takes the terminal extension (mapped to display terminals). */
const TERMINALS = { terminal_output: true };
/** And what v2 makes baseline: child sessions, notices, compaction, boolean options. */
const SUBAGENTS = {
  session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
  subagents: {},
  plan: {},
};

describe("v1ClientCapabilities", () => {
  it.each([
    [undefined, { auth: { terminal: false }, ...SUBAGENTS, _meta: TERMINALS }],
    [{}, { auth: { terminal: false }, ...SUBAGENTS, _meta: TERMINALS }],
    [{ auth: { terminal: {} } }, { auth: { terminal: true }, ...SUBAGENTS, _meta: TERMINALS }],
    [{ auth: { terminal: null } }, { auth: { terminal: false }, ...SUBAGENTS, _meta: TERMINALS }],
    [
      { auth: { _meta: { gateway: true } } },
      { auth: { terminal: false, _meta: { gateway: true } }, ...SUBAGENTS, _meta: TERMINALS },
    ],
    [
      { elicitation: { form: {} } },
      { auth: { terminal: false }, elicitation: { form: {} }, ...SUBAGENTS, _meta: TERMINALS },
    ],
  ])("%j → %j", (v2caps, expected) => {
    expect(v1ClientCapabilities(v2caps)).toEqual(expected);
  });

  it("reads as the v1 profile v2's baseline needs", () => {
    const profile = parseClientProfile(v1ClientCapabilities({}), 2);
    expect(profile.session).toEqual({
      notices: true,
      compaction: true,
      booleanConfigOptions: true,
      quota: true,
    });
    expect(profile.subagents).toBe(true);
    expect(profile.zed.terminalOutput).toBe(true);
    // ExitPlanMode's markdown plan: v2 has the variant and no capability to ask for it.
    expect(profile.plan).toBe(true);
  });
});

describe("v2InitializeResponse", () => {
  it("answers version 2 with info and the v2 capabilities, no v1-only _meta of the answer", () => {
    expect(v2InitializeResponse(V1_ANSWER)).toEqual({
      protocolVersion: 2,
      info: { name: "claude-agent-acp", title: "Claude Agent", version: "1.2.3" },
      capabilities: {
        session: {
          prompt: { image: {}, embeddedContext: {} },
          mcp: { stdio: {}, http: {} },
          delete: {},
          fork: {},
          additionalDirectories: {},
          systemPrompt: { mode: { override: {} } },
          archive: {},
          status: {},
          title: {},
        },
        providers: {},
        auth: { status: {} },
        quota: {},
        // Upstream's v2 keeps these v1 keys: prompt queueing, the sign-in state push.
        _meta: { claudeCode: { promptQueueing: true }, authStatus: {} },
      },
      authMethods: [],
    });
  });

  it("keeps no other key of the v1 capabilities' _meta", () => {
    const answer = {
      ...V1_ANSWER,
      agentCapabilities: { ...V1_ANSWER.agentCapabilities, _meta: { lody: { x: 1 } } },
    };
    expect(v2InitializeResponse(answer).capabilities).not.toHaveProperty("_meta");
  });

  it("advertises only what the v1 answer does", () => {
    const bare: v1.InitializeResponse = {
      protocolVersion: 1,
      agentInfo: { name: "a", version: "1" },
      agentCapabilities: {},
    };
    expect(v2InitializeResponse(bare)).toEqual({
      protocolVersion: 2,
      info: { name: "a", version: "1" },
      capabilities: { session: { prompt: {}, mcp: { stdio: {} } } },
      // Always listed, as upstream's v2 answer.
      authMethods: [],
    });
  });

  it("carries the auth methods in their v2 form", () => {
    const answer = {
      ...V1_ANSWER,
      authMethods: [
        { id: "claude-login", name: "Log in", type: "terminal" as const, args: ["--cli"] },
      ],
    };
    expect(v2InitializeResponse(answer).authMethods).toEqual([
      { type: "terminal", methodId: "claude-login", name: "Log in", args: ["--cli"] },
    ]);
  });
});

describe("v2AuthMethod", () => {
  it.each<[v1.AuthMethod, unknown[]]>([
    [
      { id: "x", name: "X", description: "d", type: "terminal", args: ["a"], env: { K: "v" } },
      [
        {
          type: "terminal",
          methodId: "x",
          name: "X",
          description: "d",
          args: ["a"],
          env: [{ name: "K", value: "v" }],
        },
      ],
    ],
    [{ id: "x", name: "X" }, [{ type: "agent", methodId: "x", name: "X" }]],
    // Zed's terminal-auth lives in _meta: v2 has no form for it.
    [{ id: "x", name: "X", _meta: { "terminal-auth": {} } }, []],
    // Another _meta (a gateway's protocol) stays with the method.
    [
      { id: "g", name: "G", _meta: { gateway: { protocol: "anthropic" } } },
      [{ type: "agent", methodId: "g", name: "G", _meta: { gateway: { protocol: "anthropic" } } }],
    ],
  ])("%j → %j", (method, expected) => {
    expect(v2AuthMethod(method)).toEqual(expected);
  });
});
