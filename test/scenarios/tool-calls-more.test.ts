import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROFILES, toolCallUpdates, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { SUBAGENT_SCRIPT } from "../support/script-turns.js";

const scenario = useScenarios();

const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });

describe("search, web, skill, notebook and unknown tools (plain client)", () => {
  it("reports each tool with its kind, title and result", async () => {
    const s = await scenario({
      settings: {
        permissions: {
          defaultMode: "acceptEdits",
          allow: ["WebFetch", "WebSearch", "Skill", "Glob", "Grep"],
        },
      },
    });
    const ws = s.workspace;
    writeFileSync(join(ws, "a.txt"), "alpha\nneedle here\n");
    mkdirSync(join(ws, ".claude/skills/greeter"), { recursive: true });
    writeFileSync(
      join(ws, ".claude/skills/greeter/SKILL.md"),
      "---\nname: greeter\ndescription: Greets\n---\nSay hello.\n",
    );
    const notebook = join(ws, "nb.ipynb");
    writeFileSync(
      notebook,
      JSON.stringify({
        cells: [
          {
            cell_type: "code",
            id: "c1",
            source: ["print(1)"],
            metadata: {},
            outputs: [],
            execution_count: null,
          },
        ],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      }),
    );
    s.model.push(
      {
        blocks: [{ type: "tool_use", id: "toolu_glob", name: "Glob", input: { pattern: "*.txt" } }],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_grep",
            name: "Grep",
            input: { pattern: "needle", "-n": true, output_mode: "content" },
          },
        ],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_fetch",
            name: "WebFetch",
            input: { url: "https://example.com/docs", prompt: "Summarize" },
          },
        ],
      },
      {
        blocks: [
          { type: "tool_use", id: "toolu_skill", name: "Skill", input: { skill: "greeter" } },
        ],
      },
      {
        blocks: [
          { type: "tool_use", id: "toolu_read_nb", name: "Read", input: { file_path: notebook } },
        ],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_nb",
            name: "NotebookEdit",
            input: { notebook_path: notebook, cell_id: "c1", new_source: "print(2)" },
          },
        ],
      },
      { blocks: [{ type: "tool_use", id: "toolu_frob", name: "Frobnicate", input: { level: 3 } }] },
      { blocks: [{ type: "tool_use", id: "toolu_bad", name: "Read", input: { file_path: 42 } }] },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_search",
            name: "WebSearch",
            input: { query: "acp protocol" },
          },
        ],
      },
      // WebSearch asks the model to search: that request is answered here.
      { blocks: [{ type: "text", text: "No results." }] },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize(PROFILES.plain);
    const sessionId = await s.newSession({
      _meta: { claudeCode: { options: { allowedTools: ["Glob", "Grep"] } } },
    });
    expect((await s.prompt(sessionId, "go")).stopReason).toBe("end_turn");
    const last = (id: string) => toolCallUpdates(s, sessionId, id).at(-1)!;
    const first = (id: string) => toolCallUpdates(s, sessionId, id)[0]!;
    const titles = (id: string) =>
      toolCallUpdates(s, sessionId, id).flatMap((u) => (u.title ? [u.title] : []));

    expect(first("toolu_glob")).toMatchObject({ kind: "search" });
    expect(titles("toolu_glob").at(-1)).toBe("Find *.txt");
    expect(last("toolu_glob")).toMatchObject({ status: "completed", content: [text("a.txt")] });

    expect(titles("toolu_grep").at(-1)).toBe("grep -r -n needle");
    expect(last("toolu_grep")).toMatchObject({
      status: "completed",
      content: [text("a.txt:2:needle here")],
    });

    expect(first("toolu_fetch")).toMatchObject({ kind: "fetch" });
    expect(titles("toolu_fetch").at(-1)).toBe("Fetch https://example.com/docs");
    // Offline, Claude Code cannot check the domain: the call fails, the prompt stays shown once.
    expect(last("toolu_fetch")).toMatchObject({ status: "failed" });
    expect((last("toolu_fetch").content as unknown[])[0]).toEqual(text("Summarize"));

    expect(titles("toolu_skill").at(-1)).toBe("Load skill: greeter");
    expect(last("toolu_skill")).toMatchObject({
      status: "completed",
      content: [text("Launching skill: greeter")],
    });

    expect(first("toolu_nb")).toMatchObject({ kind: "other", title: "NotebookEdit", content: [] });
    expect(last("toolu_nb")).toMatchObject({ status: "completed" });
    expect(readFileSync(notebook, "utf8")).toContain("print(2)");

    expect(first("toolu_frob")).toMatchObject({ kind: "other", title: "Frobnicate" });
    expect(last("toolu_frob")).toMatchObject({ status: "failed" });

    // A malformed input renders as an `other` tool call and the session goes on.
    expect(
      toolCallUpdates(s, sessionId, "toolu_bad").find((u) => u.kind === "other"),
    ).toBeDefined();
    expect(last("toolu_bad")).toMatchObject({ status: "failed" });

    expect(titles("toolu_search").at(-1)).toBe('Search "acp protocol"');
    expect(first("toolu_search")).toMatchObject({ kind: "fetch" });
    expect(last("toolu_search")).toMatchObject({ status: "completed" });
  });
});

describe("plans", () => {
  const plan = [
    { content: "Look around", status: "in_progress", priority: "medium" },
    { content: "Report", status: "pending", priority: "medium" },
  ];

  it("TodoWrite is a plan, sent once, never a tool call", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits" } },
      env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: "1", CLAUDE_CODE_ENABLE_TASKS: "0" },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_todo",
              name: "TodoWrite",
              input: {
                todos: [
                  { content: "Look around", status: "in_progress", activeForm: "Looking" },
                  { content: "Report", status: "pending", activeForm: "Reporting" },
                ],
              },
            },
          ],
        },
        { blocks: [{ type: "text", text: "planned" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "plan it");
    // The entry in progress by its activeForm, as upstream shows it.
    const doing = [{ ...plan[0]!, content: "Looking" }, plan[1]!];
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "plan")).toEqual([
      { sessionUpdate: "plan", entries: doing },
    ]);
    expect(toolCallUpdates(s, sessionId, "toolu_todo")).toEqual([]);
  });

  it("TaskCreate and TaskUpdate build the plan; every plan goes out", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits" } },
      // Claude Code 0.3.318 offers the task tools in SDK mode only with this switch.
      env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: "1" },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_t1",
              name: "TaskCreate",
              input: { subject: "Look around", description: "Look" },
            },
          ],
        },
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_t2",
              name: "TaskCreate",
              input: { subject: "Report", description: "Report" },
            },
          ],
        },
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_t3",
              name: "TaskUpdate",
              input: { taskId: "1", status: "in_progress" },
            },
          ],
        },
        { blocks: [{ type: "text", text: "planned" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "plan it");
    const plans = s.updates(sessionId).filter((u) => u.sessionUpdate === "plan");
    expect(plans).toEqual([
      {
        sessionUpdate: "plan",
        entries: [{ content: "Look around", status: "pending", priority: "medium" }],
      },
      {
        sessionUpdate: "plan",
        entries: [
          { content: "Look around", status: "pending", priority: "medium" },
          { content: "Report", status: "pending", priority: "medium" },
        ],
      },
      { sessionUpdate: "plan", entries: plan },
    ]);
    for (const id of ["toolu_t1", "toolu_t2", "toolu_t3"])
      expect(toolCallUpdates(s, sessionId, id)).toEqual([]);
  });
});

/** An AIR client that declares no capability: no subagent signal, and AIR. */
const AIR = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };

/** The text of the agent chunks that name `parent` as their subagent. */
function childText(s: Scenario, sessionId: string, parent: string): string[] {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        u.sessionUpdate === "agent_message_chunk" && JSON.stringify(u._meta ?? {}).includes(parent),
    )
    .map((u) =>
      u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
    );
}

describe("subagents (Agent tool)", () => {
  it("is a think tool call with the report; the child's traffic goes to the root session (plain client)", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Bash", "Agent"] } },
      script: SUBAGENT_SCRIPT,
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    const agent = toolCallUpdates(s, sessionId, "toolu_agent");
    expect(agent[0]).toMatchObject({ sessionUpdate: "tool_call", kind: "think" });
    expect(agent.flatMap((u) => (u.title ? [u.title] : [])).at(-1)).toBe("Explore the code");
    expect(agent.at(-1)).toMatchObject({
      status: "completed",
      content: [text("List the files"), text("Child report.")],
    });
    expect(toolCallUpdates(s, sessionId, "toolu_child")[0]).toMatchObject({
      sessionUpdate: "tool_call",
      title: "ls",
      _meta: { claudeCode: { toolName: "Bash", parentToolUseId: "toolu_agent" } },
    });
    expect(childText(s, sessionId, "toolu_agent")).toEqual(["Child speaking.", "Child report."]);
    expect(s.agentText(sessionId)).toBe("Child speaking.Child report.Parent done.");
  });

  it.each([
    ["an AIR client", AIR, false],
    [
      "an AIR client that asked for the flat transcript",
      { _meta: { ...AIR._meta, "subagent-transcript": true } },
      true,
    ],
  ])("goes to the root session of %s only on request", async (_name, capabilities, flat) => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Bash", "Agent"] } },
      script: SUBAGENT_SCRIPT,
    });
    await s.initialize(capabilities);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    const child = toolCallUpdates(s, sessionId, "toolu_child");
    if (flat) {
      expect(child[0]).toMatchObject({
        title: "ls",
        _meta: { claudeCode: { parentToolUseId: "toolu_agent" } },
      });
      expect(childText(s, sessionId, "toolu_agent")).toEqual(["Child speaking.", "Child report."]);
    } else {
      expect(child).toEqual([]);
      expect(childText(s, sessionId, "toolu_agent")).toEqual([]);
    }
    expect(toolCallUpdates(s, sessionId, "toolu_agent").at(-1)).toMatchObject({
      status: "completed",
    });
  });
});

describe.each([
  ["without session.compaction", PROFILES.plain],
  ["with session.compaction", { session: { compaction: {} } }],
])("context compaction (%s)", (name, capabilities) => {
  it("reports /compact and ends the prompt", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "Hello!" }] }] });
    await s.initialize(capabilities);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hi");
    expect((await s.prompt(sessionId, "/compact")).stopReason).toBe("end_turn");
    const updates = s.updates(sessionId);
    if (name === "with session.compaction") {
      const compaction = updates.filter((u) => u.sessionUpdate === "compaction_update");
      expect(
        compaction.map((u) => (u.sessionUpdate === "compaction_update" ? u.status : "")),
      ).toEqual(["in_progress", "completed"]);
      expect(updates.some((u) => u.sessionUpdate === "tool_call")).toBe(false);
    } else {
      const call = updates.filter(
        (u) =>
          (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
          u.toolCallId.startsWith("compact-"),
      );
      expect(call[0]).toMatchObject({
        sessionUpdate: "tool_call",
        title: "Compact conversation",
        kind: "think",
        _meta: { claudeCode: { toolName: "compact" } },
      });
      expect(call.at(-1)).toMatchObject({ status: "completed" });
    }
  });
});
