import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { MCP_ECHO_SERVER, PROFILES, toolCallUpdates } from "../support/acp-harness.js";
import type { RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { SUBAGENT_SCRIPT } from "../support/script-turns.js";

/**
 * The AIR tool call contract (air-extensions.md "Tool call contract", "Claude tools and
 * ACP fields", "AIR metadata keys", "JetBrains shared keys", "Plan file") against real
 * Claude Code: each AIR key exactly where the spec puts it, once, and none of them for a
 * plain client running the same tools.
 */
const scenario = useScenarios();

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});
const echoServer = { name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] };
const tool = (id: string, name: string, input: Record<string, unknown>): ScriptedTurn => ({
  blocks: [{ type: "tool_use", id, name, input }],
});
const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });

/**
 * "Removed keys": no client gets the old upstream copies of an AIR key. The claudeCode
 * keys a tool call may carry (so no `claudeCode.skillPath`: AIR's `skillPath` lives on a
 * skill's command), and strings no message may hold.
 */
const CLAUDE_CODE_KEYS = ["toolName", "parentToolUseId", "toolResponse", "nonExecutionKind"];
const REMOVED = ['"diffStats"', '"_askUserQuestionCustomAnswer"'];

function expectNoRemovedKeys(updates: readonly unknown[], requests: readonly unknown[]): void {
  const traffic = JSON.stringify([updates, requests]);
  for (const removed of REMOVED)
    expect([removed, traffic.includes(removed)]).toEqual([removed, false]);
  for (const update of updates) {
    const claudeCode = (update as { _meta?: { claudeCode?: object } })._meta?.claudeCode ?? {};
    const extra = Object.keys(claudeCode).filter((key) => !CLAUDE_CODE_KEYS.includes(key));
    expect(extra).toEqual([]);
  }
}

/** Claude Code's refusal of the denied command (`permission_denied` `message`). */
const DENIED = "Permission to use Bash with command rm kept.txt has been denied.";

const IDS = [
  "toolu_read",
  "toolu_edit",
  "toolu_write",
  "toolu_bash",
  "toolu_rm",
  "toolu_skill",
  "toolu_echo",
  "toolu_agent",
  "toolu_nb",
];

/**
 * Read, Edit, Write, Bash, Skill, an MCP tool, a subagent and NotebookEdit, in one turn;
 * and a Bash command a deny rule refuses (`system/permission_denied`).
 */
async function runTools(profile: ClientCapabilities) {
  const s = await scenario({
    settings: {
      permissions: {
        defaultMode: "acceptEdits",
        allow: ["Bash", "Agent", "Skill", "Read", "mcp__echo__echo"],
        deny: ["Bash(rm:*)"],
      },
    },
  });
  const ws = s.workspace;
  writeFileSync(join(ws, "a.txt"), "alpha\nbeta\n");
  writeFileSync(join(ws, "kept.txt"), "kept\n");
  mkdirSync(join(ws, ".claude/skills/greeter"), { recursive: true });
  writeFileSync(
    join(ws, ".claude/skills/greeter/SKILL.md"),
    "---\nname: greeter\ndescription: Greets\n---\nSay hello.\n",
  );
  const cell = { cell_type: "code", id: "c1", source: ["print(1)"], metadata: {}, outputs: [] };
  writeFileSync(
    join(ws, "nb.ipynb"),
    JSON.stringify({
      cells: [{ ...cell, execution_count: null }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );
  s.model.push(
    tool("toolu_read", "Read", { file_path: join(ws, "a.txt") }),
    tool("toolu_edit", "Edit", {
      file_path: join(ws, "a.txt"),
      old_string: "beta",
      new_string: "BETA",
    }),
    tool("toolu_write", "Write", { file_path: join(ws, "b.txt"), content: "fresh\n" }),
    tool("toolu_bash", "Bash", { command: "echo hi", description: "Say hi" }),
    tool("toolu_rm", "Bash", { command: "rm kept.txt", description: "Remove it" }),
    tool("toolu_skill", "Skill", { skill: "greeter" }),
    tool("toolu_echo", "mcp__echo__echo", { text: "ping" }),
    // Claude Code edits only a notebook it has read.
    tool("toolu_read_nb", "Read", { file_path: join(ws, "nb.ipynb") }),
    tool("toolu_nb", "NotebookEdit", {
      notebook_path: join(ws, "nb.ipynb"),
      cell_id: "c1",
      new_source: "print(2)",
    }),
    ...SUBAGENT_SCRIPT,
  );
  await s.initialize(profile);
  const sessionId = await s.newSession({ mcpServers: [echoServer] });
  expect((await s.prompt(sessionId, "go")).stopReason).toBe("end_turn");
  // The deny rule refused the command without asking: the file is still there.
  expect(readFileSync(join(ws, "kept.txt"), "utf8")).toBe("kept\n");
  expect(s.permissionRequests.map((r) => r.toolCall.toolCallId)).not.toContain("toolu_rm");
  const of = (id: string) => toolCallUpdates(s, sessionId, id);
  /** Each present value of `field` in the reports of one tool call, in order. */
  const values = (id: string, field: string) =>
    of(id).flatMap((u) => (u[field] !== undefined ? [u[field]] : []));
  return { s, sessionId, of, values };
}

/** The `_meta` each report of a tool call carried, in order (for AIR, each key once). */
const AIR_META = {
  toolu_read: [{ claudeCode: { toolName: "Read" } }],
  toolu_edit: [{ claudeCode: { toolName: "Edit" } }],
  toolu_write: [{ claudeCode: { toolName: "Write" } }],
  toolu_bash: [
    { claudeCode: { toolName: "Bash" } },
    { jetbrains: { air: { version: 1, commandTitle: "Say hi" } } },
  ],
  // The denial's reason is the result in content; the kind says why it did not run.
  toolu_rm: [
    { claudeCode: { toolName: "Bash" } },
    { jetbrains: { air: { version: 1, commandTitle: "Remove it" } } },
    { claudeCode: { nonExecutionKind: "permission-rule" } },
  ],
  toolu_skill: [
    { claudeCode: { toolName: "Skill" } },
    { jetbrains: { air: { version: 1, skill: { name: "greeter" } } } },
  ],
  toolu_echo: [{ claudeCode: { toolName: "mcp__echo__echo" }, is_mcp_tool_call: true }],
  toolu_agent: [
    { claudeCode: { toolName: "Agent" }, jetbrains: { air: { version: 1, subagent: true } } },
    // Claude Code's Agent result carries `status` (0.3.318); AIR gets only the markers.
    { claudeCode: { toolResponse: { status: "completed" } } },
  ],
  toolu_nb: [{ claudeCode: { toolName: "NotebookEdit" } }],
};

const AIR_RAW_INPUT = {
  toolu_read: [{ file_path: "<ws>/a.txt" }],
  // No file text: the diff carries it.
  toolu_edit: [{ replace_all: false, file_path: "<ws>/a.txt" }],
  toolu_write: [{ file_path: "<ws>/b.txt" }],
  toolu_bash: [{ command: "echo hi", description: "Say hi" }],
  toolu_rm: [{ command: "rm kept.txt", description: "Remove it" }],
  toolu_skill: [{ skill: "greeter" }],
  toolu_echo: [{ text: "ping" }],
  toolu_agent: [
    {
      description: "Explore the code",
      prompt: "List the files",
      subagent_type: "general-purpose",
      run_in_background: false,
    },
  ],
  toolu_nb: [{ notebook_path: "<ws>/nb.ipynb", cell_id: "c1", new_source: "print(2)" }],
};

describe.each([
  ["AIR", air(), true],
  ["AIR with rawInputRendering", air("rawInputRendering"), false],
])("the AIR tool call contract (%s)", (_name, profile, displayCopy) => {
  it("puts each AIR key where the spec does, once, and rawInput only complete", async () => {
    const { s, sessionId, of, values } = await runTools(profile);
    expectNoRemovedKeys(s.updates(sessionId), s.permissionRequests);
    for (const id of IDS) {
      expect([id, values(id, "_meta")]).toEqual([id, AIR_META[id as keyof typeof AIR_META]]);
      expect([id, values(id, "rawInput")]).toEqual([
        id,
        AIR_RAW_INPUT[id as keyof typeof AIR_RAW_INPUT],
      ]);
      // Each result with a field of its own (content, the diff) has no rawOutput; the
      // notebook's shows the cell source, so its result text has only rawOutput.
      expect([id, values(id, "rawOutput").length]).toEqual([id, id === "toolu_nb" ? 1 : 0]);
    }
    expect(of("toolu_nb")[0]).toMatchObject({ kind: "edit" });
    expect(values("toolu_nb", "title").at(-1)).toBe("Edit cell in <ws>/nb.ipynb");
    expect(values("toolu_nb", "content")).toEqual(displayCopy ? [[], [text("print(2)")]] : [[]]);
    // The readable input is copied to content only without rawInputRendering.
    const shown = (id: string) => values(id, "content").at(-1);
    expect(shown("toolu_bash")).toEqual([
      ...(displayCopy ? [text("Say hi")] : []),
      text("```console\nhi\n```"),
    ]);
    expect(shown("toolu_rm")).toEqual([
      ...(displayCopy ? [text("Remove it")] : []),
      text(`Permission denied: ${DENIED}`),
    ]);
    expect(values("toolu_rm", "status")).toEqual(["pending", "failed"]);
    expect(shown("toolu_agent")).toEqual([
      ...(displayCopy ? [text("List the files")] : []),
      text("Child report."),
    ]);
    expect(of("toolu_edit").at(-1)).toMatchObject({ status: "completed" });
    // The skill's command names its SKILL.md; no other command carries AIR keys.
    const commands = s
      .updates(sessionId)
      .flatMap((u) => (u.sessionUpdate === "available_commands_update" ? u.availableCommands : []));
    const withMeta = commands.filter((c) => c._meta !== undefined);
    expect(withMeta.length).toBeGreaterThan(0);
    expect(new Set(withMeta.map((c) => JSON.stringify([c.name, c._meta])))).toEqual(
      new Set([
        JSON.stringify([
          "greeter",
          {
            jetbrains: {
              air: {
                version: 1,
                kind: "skill",
                skillPath: join(s.workspace, ".claude/skills/greeter/SKILL.md"),
              },
            },
          },
        ]),
      ]),
    );
    expect(commands.some((c) => c.name === "compact" && c._meta === undefined)).toBe(true);
  });
});

describe.each([
  ["plain", PROFILES.plain],
  ["Zed", PROFILES.zed],
])("a %s client running the same tools", (name, profile) => {
  it("gets no AIR key, the file text in rawInput and the full tool responses", async () => {
    const { s, sessionId, of, values } = await runTools(profile);
    expectNoRemovedKeys(s.updates(sessionId), s.permissionRequests);
    const traffic = JSON.stringify([s.updates(sessionId), s.permissionRequests]);
    for (const key of ["jetbrains", "is_mcp_tool_call", "commandTitle", "planFilePath"])
      expect([key, traffic.includes(`"${key}"`)]).toEqual([key, false]);
    expect(values("toolu_edit", "rawInput").at(-1)).toEqual({
      replace_all: false,
      file_path: "<ws>/a.txt",
      old_string: "beta",
      new_string: "BETA",
    });
    expect(values("toolu_write", "rawInput").at(-1)).toEqual({
      file_path: "<ws>/b.txt",
      content: "fresh\n",
    });
    // Every report keeps claudeCode.toolName; the end carries the full toolResponse.
    for (const id of IDS) {
      const metas = values(id, "_meta") as Array<{ claudeCode: Record<string, unknown> }>;
      expect(metas.every((m) => typeof m.claudeCode.toolName === "string")).toBe(true);
    }
    const bashResponse = {
      stdout: "hi",
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    };
    expect(values("toolu_bash", "_meta").at(-1)).toMatchObject({
      claudeCode: { toolName: "Bash", toolResponse: bashResponse },
    });
    // The denial: upstream's toolResponse and nonExecutionKind, the reason in content (in
    // place of Zed's terminal: the command never ran), failed.
    expect(values("toolu_rm", "_meta").at(-1)).toMatchObject({
      claudeCode: {
        toolName: "Bash",
        toolResponse: { decisionReasonType: "subcommandResults", message: DENIED },
        nonExecutionKind: "permission-rule",
      },
    });
    const denial = of("toolu_rm").find((u) => u.status === "failed");
    expect(denial?.content).toEqual([
      ...(name === "Zed" ? [] : [text("Remove it")]),
      text(`Permission denied: ${DENIED}`),
    ]);
    expect((denial?._meta as { claudeCode: unknown }).claudeCode).toEqual({
      toolName: "Bash",
      toolResponse: { decisionReasonType: "subcommandResults", message: DENIED },
      nonExecutionKind: "permission-rule",
    });
    // Zed gets the output on the terminal channel, the plain client in a console block.
    expect(values("toolu_bash", "rawOutput")).toEqual(name === "Zed" ? [] : ["hi"]);
    expect(values("toolu_nb", "kind")).toEqual(["other"]);
    expect(values("toolu_nb", "title")).toEqual(["NotebookEdit"]);
  });
});

describe("ExitPlanMode", () => {
  const plan = "1. Write hello.txt\n2. Done";

  async function planScenario(profile: ClientCapabilities, optionId: string) {
    let planPath = "";
    /** Claude Code names the plan file in plan mode's instructions; the model writes it. */
    const writePlan = (req: RecordedRequest): ScriptedTurn => {
      planPath = /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ?? "";
      return tool("toolu_plan", "Write", { file_path: planPath, content: plan });
    };
    const s = await scenario({
      settings: { permissions: { defaultMode: "plan" } },
      onPermission: () => ({ outcome: { outcome: "selected", optionId } }),
      script: [
        writePlan,
        tool("toolu_exit", "ExitPlanMode", {}),
        { blocks: [{ type: "text", text: "after the plan" }] },
      ],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "plan it");
    expect(planPath).toMatch(/^\/.+\.md$/);
    const updates = toolCallUpdates(s, sessionId, "toolu_exit");
    const values = (field: string) =>
      updates.flatMap((u) => (u[field] !== undefined ? [u[field]] : []));
    const request = s.permissionRequests.find((r) => r.toolCall.toolCallId === "toolu_exit");
    return { updates, values, request, planPath };
  }

  it.each([
    ["planFile", air("planFile")],
    ["planFile and rawInputRendering", air("planFile", "rawInputRendering")],
  ])("a %s client gets the plan file's path, never the plan text", async (_name, profile) => {
    const { updates, values, request, planPath } = await planScenario(profile, "exit-plan-default");
    expect(updates[0]).toMatchObject({ title: "Approve Plan", kind: "switch_mode", content: [] });
    expect(updates[0]).not.toHaveProperty("rawInput");
    expect(values("rawInput")).toEqual([{ planFilePath: planPath }]);
    expect(request?.toolCall.rawInput).toEqual({ planFilePath: planPath });
    expect(values("content").flat()).toEqual([]);
    expect(values("title").at(-1)).toBe("Exited Plan Mode");
    expect(values("rawOutput")).toEqual([]);
    expect(JSON.stringify([updates, request])).not.toContain("Write hello.txt");
  });

  it("a rejection goes to rawOutput only for a planFile client", async () => {
    const { updates, values, planPath } = await planScenario(air("planFile"), "reject");
    expect(updates.at(-1)).toMatchObject({ status: "failed" });
    expect(values("rawInput")).toEqual([{ planFilePath: planPath }]);
    expect(values("content").flat()).toEqual([]);
    expect(values("rawOutput")).toHaveLength(1);
  });

  it("an AIR client without planFile gets the plan text in rawInput and content", async () => {
    const { values, request, planPath } = await planScenario(air(), "exit-plan-default");
    expect(values("rawInput")).toEqual([{ plan, planFilePath: planPath }]);
    expect(request?.toolCall.rawInput).toEqual({ plan, planFilePath: planPath });
    expect(values("content")).toEqual([[], [text(plan)]]);
    expect(values("rawOutput")).toEqual([]);
  });

  it("a plain client gets the whole SDK input and the approval text in rawOutput", async () => {
    const { values, request, planPath } = await planScenario(PROFILES.plain, "exit-plan-default");
    expect(values("rawInput")).toEqual([{}, { plan, planFilePath: planPath }]);
    expect(request?.toolCall.rawInput).toEqual({ plan, planFilePath: planPath });
    expect(values("rawOutput")).toHaveLength(1);
    expect(JSON.stringify(values("_meta"))).not.toContain("jetbrains");
  });
});
