import type { ClientCapabilities, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MCP_ECHO_SERVER, PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

/**
 * AIR permission presentation, recommended config values, presentation hints and the
 * agent declaration (air-extensions.md) against real Claude Code: each key where the
 * spec puts it for an AIR client, with and without `recommendedValue`, and no
 * `jetbrains` key anywhere for a plain client.
 */
const scenario = useScenarios();

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});
const airMeta = (payload: Record<string, unknown>) => ({
  jetbrains: { air: { version: 1, ...payload } },
});
const kind = (k: string) => airMeta({ kind: k });
/** The goal object of the AIR agent declaration (steering-and-goal.test.ts drives it). */
const GOAL = { version: 1, controlMethod: "_session/goal", actions: ["set", "clear"] };
const tool = (id: string, name: string, input: Record<string, unknown>) => ({
  blocks: [{ type: "tool_use" as const, id, name, input }],
});

/** One session: a Bash and an MCP tool that ask, then an ExitPlanMode in plan mode. */
async function run(capabilities: ClientCapabilities) {
  const s = await scenario();
  s.model.push(
    tool("toolu_bash", "Bash", { command: "touch made.txt", description: "Make a file" }),
    tool("toolu_echo", "mcp__echo__echo", { text: "hi" }),
    textTurn("first done"),
    tool("toolu_plan", "ExitPlanMode", { plan: "1. do it" }),
    textTurn("second done"),
  );
  const init = await s.initialize(capabilities);
  const created = await s.agent.request("session/new", {
    cwd: s.workspace,
    mcpServers: [{ name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] }],
  });
  const sessionId = created.sessionId;
  expect((await s.prompt(sessionId, "go")).stopReason).toBe("end_turn");
  await s.agent.request("session/set_mode", { sessionId, modeId: "plan" });
  expect((await s.prompt(sessionId, "plan")).stopReason).toBe("end_turn");
  const request = (id: string): RequestPermissionRequest =>
    s.permissionRequests.find((r) => r.toolCall.toolCallId === id)!;
  return { s, init, created, sessionId, request };
}

/** The session index and its companions, advertised to every AIR client. */
const SESSION_INDEX = [
  "sessionIndex",
  "sessionBatchGet",
  "sessionArchive",
  "sessionRename",
  "sessionListSubscribe",
  "sessionWorktrees",
];

const option = (options: unknown, id: string) =>
  (options as Array<{ id: string } & Record<string, unknown>>).find((o) => o.id === id)!;

describe("an AIR client with recommendedValue", () => {
  it("gets the declaration, the hints, concrete rows and the permission presentation", async () => {
    const { s, init, created, request } = await run(air("recommendedValue", "diffPatch"));

    expect(init._meta).toEqual({
      ...airMeta({
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
          // Whatever the client declared (S000 "Agent declaration"): it did not declare these.
          ...SESSION_INDEX,
        ],
        goal: GOAL,
      }),
      steering: { supported: true },
    });
    expect(init.agentCapabilities?._meta).not.toHaveProperty("jetbrains");

    expect(created.modes?.availableModes.map((m) => [m.id, m._meta])).toEqual([
      ["default", kind("standard")],
      ["acceptEdits", kind("standard")],
      ["plan", kind("plan")],
      ["auto", kind("auto_review")],
    ]);
    const mode = option(created.configOptions, "mode");
    expect(
      (mode.options as Array<{ value: string; _meta: unknown }>).map((o) => [o.value, o._meta]),
    ).toEqual([
      ["default", kind("standard")],
      ["acceptEdits", kind("standard")],
      ["plan", kind("plan")],
      ["auto", kind("auto_review")],
    ]);
    expect(mode).not.toHaveProperty("_meta");

    const model = option(created.configOptions, "model");
    expect(model).toMatchObject({
      currentValue: "opus",
      _meta: airMeta({ recommendedValue: "opus" }),
    });
    expect(
      (model.options as Array<{ value: string; name: string }>).map((o) => [o.value, o.name]),
    ).toEqual([
      ["opus", "Opus 5.5"],
      ["fable", "Fable 5.1"],
      ["sonnet", "Sonnet 5.5"],
      ["haiku", "Haiku 5.5"],
    ]);
    const effort = option(created.configOptions, "effort");
    expect(effort).toMatchObject({
      currentValue: "medium",
      _meta: airMeta({ recommendedValue: "medium" }),
    });
    expect((effort.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
      "low",
      "medium",
      "high",
      "xhigh",
      "max",
    ]);
    // What is shown is what runs: the first request already has the recommended effort.
    expect(s.model.mainRequests()[0]!.body.output_config).toMatchObject({ effort: "medium" });

    const bash = request("toolu_bash");
    // Claude Code names the file the command writes as the blocked path: a location the
    // Bash tool call did not have.
    expect(bash.toolCall).toEqual({
      toolCallId: "toolu_bash",
      title: "touch made.txt",
      rawInput: { command: "touch made.txt", description: "Make a file" },
      locations: [{ path: join(s.workspace, "made.txt") }],
    });
    expect(bash._meta).toEqual(airMeta({ permission: { version: 1, title: "touch made.txt" } }));
    expect(bash.options.map((o) => o.kind)).toEqual(["allow_once", "allow_always", "reject_once"]);

    const echo = request("toolu_echo");
    expect(echo.toolCall._meta).toEqual({ claudeCode: { mcpServer: "echo" } });
    expect(Object.keys(echo.toolCall).sort()).toEqual(["_meta", "rawInput", "title", "toolCallId"]);
    expect(echo._meta).toEqual(airMeta({ permission: { version: 1, title: echo.toolCall.title } }));

    const plan = request("toolu_plan");
    expect(plan._meta).toEqual(airMeta({ permission: { version: 1, title: "Ready to code?" } }));
    // Auto is offered, so it is the elevated choice; Claude Code hands the adapter the
    // plan file's text, empty here, so there is no clear-context variant.
    expect(plan.options.map((o) => o.optionId)).toEqual([
      "exit-plan-default",
      "exit-plan-auto",
      "reject",
    ]);
  });
});

describe("an AIR client with recommendedValue switching models", () => {
  it("applies the shown effort at a switch and keeps a picked one", async () => {
    const s = await scenario();
    s.model.push(textTurn("one"), textTurn("two"));
    await s.initialize(air("recommendedValue"));
    const sessionId = await s.newSession();
    const set = (configId: string, value: string) =>
      s.agent.request("session/set_config_option", { sessionId, configId, value });
    const afterModel = await set("model", "sonnet");
    expect(option(afterModel.configOptions, "model")).toMatchObject({
      currentValue: "sonnet",
      _meta: airMeta({ recommendedValue: "opus" }),
    });
    expect(option(afterModel.configOptions, "effort")).toMatchObject({ currentValue: "medium" });
    await s.prompt(sessionId, "first");
    await set("effort", "high");
    await expect(set("effort", "default")).rejects.toMatchObject({ code: -32602 });
    const back = await set("model", "opus");
    expect(option(back.configOptions, "effort")).toMatchObject({ currentValue: "high" });
    await s.prompt(sessionId, "second");
    const [first, second] = s.model.mainRequests().map((r) => r.body);
    expect(first).toMatchObject({
      model: "claude-sonnet-5-5",
      output_config: { effort: "medium" },
    });
    expect(second).toMatchObject({ model: "claude-opus-5-5", output_config: { effort: "high" } });
  });
});

describe("an AIR client without recommendedValue", () => {
  it("keeps the default rows, with the hints and the permission record", async () => {
    const { s, init, created, request } = await run(air());
    expect(init._meta).toEqual({
      ...airMeta({
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
          // Whatever the client declared (S000 "Agent declaration"): it did not declare these.
          ...SESSION_INDEX,
        ],
        goal: GOAL,
      }),
      steering: { supported: true },
    });
    const model = option(created.configOptions, "model");
    expect(model).toMatchObject({ currentValue: "default" });
    expect(model).not.toHaveProperty("_meta");
    const effort = option(created.configOptions, "effort");
    expect(effort).toMatchObject({ currentValue: "default" });
    expect(effort).not.toHaveProperty("_meta");
    expect(created.modes?.availableModes[0]?._meta).toEqual(kind("standard"));
    expect(request("toolu_bash")._meta).toEqual(
      airMeta({ permission: { version: 1, title: "touch made.txt" } }),
    );
    const sent = JSON.stringify(s.sentByAdapter());
    expect(sent).not.toContain('"recommendedValue":"');
  });
});

describe("a plain client", () => {
  it("gets no jetbrains key anywhere and the whole tool call in its requests", async () => {
    const { s, init, created, request } = await run(PROFILES.plain);
    expect(init._meta).toStrictEqual({ steering: { supported: true } });
    expect(option(created.configOptions, "model")).toMatchObject({ currentValue: "default" });
    const bash = request("toolu_bash");
    expect(bash.toolCall).toMatchObject({
      toolCallId: "toolu_bash",
      kind: "execute",
      rawInput: { command: "touch made.txt", description: "Make a file" },
    });
    expect(bash._meta).toBeUndefined();
    // The MCP server as upstream names it: its name and where it is configured.
    expect(request("toolu_echo").toolCall._meta).toMatchObject({
      claudeCode: { toolName: "mcp__echo__echo", mcpServer: { name: "echo", source: "dynamic" } },
    });
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("jetbrains");
    for (const removed of ['"kind":"standard"', '"kind":"auto_review"', '"permission":{']) {
      expect(JSON.stringify(s.sentByAdapter())).not.toContain(removed);
    }
  });
});
