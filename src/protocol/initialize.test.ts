import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import { initializeResponse } from "./initialize.js";

const air = (capabilities: unknown) => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

describe("initializeResponse", () => {
  it.each([
    ["an AIR client", air([])],
    ["an AIR client with capabilities", air(["diffPatch", "planFile", "recommendedValue"])],
    ["an AIR client declaring sessionIndex", air(["sessionIndex"])],
  ])("%s gets the AIR agent declaration, the same whatever it declared", (_, caps) => {
    expect(initializeResponse(parseClientProfile(caps))._meta).toEqual({
      jetbrains: {
        air: {
          version: 1,
          capabilities: [
            "sessionFailure",
            "recommendedValue",
            "diffPatch",
            "planFile",
            "agentFileChangeReport",
            "nativeSubagentSessions",
            "asyncTasks",
            "customInstructions",
            "backgroundSubagents",
            "sessionIndex",
            "sessionBatchGet",
            "sessionArchive",
            "sessionRename",
            "sessionListSubscribe",
            "sessionWorktrees",
          ],
          goal: { version: 1, controlMethod: "_session/goal", actions: ["set", "clear"] },
        },
      },
      steering: { supported: true },
    });
  });

  it.each([
    ["a plain client", {}],
    ["a Zed client", { _meta: { terminal_output: true, "terminal-auth": true } }],
    ["a malformed AIR declaration", { _meta: { jetbrains: { air: { version: 0 } } } }],
  ])("%s gets no jetbrains key anywhere, and the steering key", (_, caps) => {
    const answer = initializeResponse(parseClientProfile(caps));
    expect(answer._meta).toStrictEqual({ steering: { supported: true } });
    expect(JSON.stringify(answer)).not.toContain("jetbrains");
  });

  it("gives a Lody client its agent capabilities after the adapter's own, and no one else", () => {
    const meta = (caps: unknown) =>
      initializeResponse(parseClientProfile(caps)).agentCapabilities?._meta ?? {};
    const lody = meta({ _meta: { lody: {} } });
    expect(Object.keys(lody)).toEqual(["claudeCode", "authStatus", "lody"]);
    expect(Object.keys(lody.lody as object)).toContain("steering");
    expect(meta({})).toStrictEqual({ claudeCode: { promptQueueing: true }, authStatus: {} });
    expect(meta(air([]))).toStrictEqual(meta({}));
  });

  it.each([
    ["a plain client", {}],
    ["an RFD subagents client", { subagents: {} }],
    ["an AIR client", air(["nativeSubagentSessions"])],
  ])("%s gets sessionCapabilities.subagents (the subagents RFD)", (_, caps) => {
    const answer = initializeResponse(parseClientProfile(caps));
    expect(answer.agentCapabilities?.sessionCapabilities).toEqual({
      additionalDirectories: {},
      list: {},
      resume: {},
      fork: { atMessageId: true },
      close: {},
      delete: {},
      status: {},
      title: {},
      archive: {},
      systemPrompt: { mode: { override: {} } },
      subagents: {},
    });
  });

  it("advertises the provider methods, logout, auth status and quota to every client", () => {
    const caps = initializeResponse(parseClientProfile({})).agentCapabilities;
    expect(caps?.providers).toStrictEqual({});
    expect(caps?.auth).toStrictEqual({ logout: {}, status: {} });
    expect((caps as { quota?: unknown }).quota).toStrictEqual({});
  });

  it("advertises rewind with edit_prompt (the session-rewind RFD) to every client", () => {
    const caps = initializeResponse(parseClientProfile({})).agentCapabilities;
    expect((caps as Record<string, unknown>).rewindSession).toStrictEqual({
      supported: true,
      supportsEditPrompt: true,
    });
  });
});
