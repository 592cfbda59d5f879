import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hooksFor, type ToolEvents } from "./tool-callbacks.js";

/** Runs the one callback registered for `event` with `input`; returns the events it raised. */
async function raise(
  event:
    | "PreCompact"
    | "PostCompact"
    | "TaskCreated"
    | "TaskCompleted"
    | "SubagentStart"
    | "PostModelSwitch"
    | "PreToolUse"
    | "SubagentStop",
  input: Record<string, unknown>,
) {
  const seen: string[] = [];
  const events = {
    compacting: (trigger: string) => seen.push(`compacting ${trigger}`),
    compacted: (summary: string) => seen.push(`compacted ${summary}`),
    taskChanged: (e: { kind: string; taskId: string; subject: string }) =>
      seen.push(`task ${e.kind} ${e.taskId} ${e.subject}`),
    subagentStarted: (agentId: string, cwd: string) => seen.push(`subagent ${agentId} ${cwd}`),
    modelSwitched: (requested: string | null, model: string) =>
      seen.push(`model ${requested} ${model}`),
    subagentReported: (report: object) => seen.push(`report ${JSON.stringify(report)}`),
  } as unknown as ToolEvents;
  const callback = hooksFor(events)[event]![0]!.hooks[0]!;
  const result = await callback(
    {
      hook_event_name: event,
      session_id: "s",
      transcript_path: "/t",
      cwd: "/w",
      ...input,
    } as never,
    undefined,
    { signal: new AbortController().signal },
  );
  expect(result).toEqual({});
  return seen;
}

describe("compaction hooks", () => {
  it.each([
    ["PreCompact", { trigger: "auto", custom_instructions: null }, ["compacting auto"]],
    ["PostCompact", { trigger: "manual", compact_summary: "sum" }, ["compacted sum"]],
    // A subagent's own compaction is not the conversation's.
    ["PreCompact", { trigger: "auto", agent_id: "a1", custom_instructions: null }, []],
    ["PostCompact", { trigger: "auto", agent_id: "a1", compact_summary: "sum" }, []],
  ] as const)("%s %j raises %j", async (event, input, raised) => {
    expect(await raise(event, input)).toEqual(raised);
  });
});

describe("task hooks (the plan)", () => {
  it.each([
    ["TaskCreated", { task_id: "1", task_subject: "A" }, ["task created 1 A"]],
    ["TaskCompleted", { task_id: "1", task_subject: "A" }, ["task completed 1 A"]],
    // A subagent's task changes are the session's too.
    ["TaskCreated", { task_id: "2", task_subject: "B", agent_id: "a1" }, ["task created 2 B"]],
    ["TaskCompleted", { task_id: "2", task_subject: "B", agent_id: "a1" }, ["task completed 2 B"]],
  ] as const)("%s %j raises %j", async (event, input, raised) => {
    expect(await raise(event, input)).toEqual(raised);
  });
});

describe("SubagentStart hook (where a child runs)", () => {
  it("tells the child's task id and folder", async () => {
    const input = { agent_id: "a1", agent_type: "general-purpose", cwd: "/w/.claude/worktrees/x" };
    expect(await raise("SubagentStart", input)).toEqual(["subagent a1 /w/.claude/worktrees/x"]);
  });

  it("is registered only for a session that asks for it (a round trip per subagent)", () => {
    expect(hooksFor({} as ToolEvents).SubagentStart).toBeUndefined();
  });
});

describe("PreToolUse and SubagentStop hooks (what Claude Code tells of a subagent)", () => {
  const child = {
    agent_id: "a1",
    agent_type: "Explore",
    permission_mode: "plan",
    effort: { level: "medium" },
  };
  const report = { agentId: "a1", agentType: "Explore", permissionMode: "plan", effort: "medium" };

  it.each(["PreToolUse", "SubagentStop"] as const)(
    "%s reports the subagent it fired in",
    async (event) => {
      expect(await raise(event, { ...child, tool_name: "Bash" })).toEqual([
        `report ${JSON.stringify(report)}`,
      ]);
    },
  );

  it("reports only what the hook says, and nothing of the main conversation", async () => {
    expect(await raise("PreToolUse", { agent_id: "a2", effort: { level: "" } })).toEqual([
      `report ${JSON.stringify({ agentId: "a2" })}`,
    ]);
    expect(await raise("PreToolUse", { permission_mode: "default", tool_name: "Bash" })).toEqual(
      [],
    );
  });

  it("is registered only for a session that reads the reports (a round trip per tool call)", () => {
    const hooks = hooksFor({} as ToolEvents);
    expect([hooks.PreToolUse, hooks.SubagentStop]).toEqual([undefined, undefined]);
  });
});

describe("PostModelSwitch hook (the model picker)", () => {
  const input = (source: string, requested: string | null) => ({
    from_model: "claude-fable-5",
    to_model: "claude-opus-4-8",
    requested_model: requested,
    source,
    context_tokens: 0,
  });
  it.each([
    ["command", "opus", ["model opus claude-opus-4-8"]],
    // `/model default`: null is the default row.
    ["command", null, ["model null claude-opus-4-8"]],
    // A fallback asks for nothing: the model it runs is what was switched to.
    ["auto", null, ["model claude-opus-4-8 claude-opus-4-8"]],
    // The adapter's own switches and a resume's restored model are known already.
    ["sdk", "opus", []],
    ["resume", "opus", []],
  ] as const)("%s %s raises %j", async (source, requested, raised) => {
    expect(await raise("PostModelSwitch", input(source, requested))).toEqual(raised);
  });
});

describe("PostToolUse hook (the full tool response)", () => {
  /** The tools the hook is registered for (its matcher), and what each call raised. */
  async function post(childResponses: boolean, calls: Array<Record<string, unknown>>) {
    const seen: string[] = [];
    const events = {
      toolFinished: (id: string, response: unknown) =>
        seen.push(`${id} ${JSON.stringify(response)}`),
    } as unknown as ToolEvents;
    const [matcher] = hooksFor(events, childResponses).PostToolUse!;
    for (const call of calls) {
      const input = { hook_event_name: "PostToolUse", session_id: "s", transcript_path: "/t" };
      await matcher!.hooks[0]!({ ...input, cwd: "/w", ...call } as never, undefined, {
        signal: new AbortController().signal,
      });
    }
    return { matcher: matcher!.matcher, seen };
  }
  const bash = { tool_name: "Bash", tool_use_id: "toolu_b", tool_input: {}, tool_response: 1 };
  const child = { ...bash, tool_use_id: "toolu_c", agent_id: "a1" };

  it("runs for the file tools only, by default", async () => {
    expect((await post(false, [])).matcher).toBe("Edit|Write|MultiEdit");
  });

  it("reads the file after an edit only when its report shows it, before it answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "post-hook-"));
    try {
      const file = join(dir, "a.txt");
      writeFileSync(file, "after\n");
      const finished: unknown[] = [];
      const hook = (reads: boolean) =>
        hooksFor({
          readsFileAfter: () => reads,
          toolFinished: (_id: string, _response: unknown, after: unknown) => finished.push(after),
        } as unknown as ToolEvents).PostToolUse![0]!.hooks[0]!;
      const input = {
        hook_event_name: "PostToolUse",
        session_id: "s",
        transcript_path: "/t",
        cwd: dir,
        tool_name: "Edit",
        tool_use_id: "toolu_e",
        tool_input: {},
        tool_response: { filePath: file },
      };
      const options = { signal: new AbortController().signal };
      expect(await hook(true)(input as never, undefined, options)).toEqual({});
      expect(await hook(false)(input as never, undefined, options)).toEqual({});
      expect(finished).toEqual(["after\n", undefined]);
      // A FIFO would block the synchronous read forever; a file over 1 MiB is not shown.
      const fifo = join(dir, "fifo");
      execFileSync("mkfifo", [fifo]);
      const big = join(dir, "big.txt");
      writeFileSync(big, "x".repeat(1024 * 1024 + 1));
      for (const filePath of [fifo, big, join(dir, "missing")]) {
        await hook(true)({ ...input, tool_response: { filePath } } as never, undefined, options);
      }
      expect(finished.slice(2)).toEqual([undefined, undefined, undefined]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with childResponses, runs for every tool and reports a subagent's calls only", async () => {
    // The main conversation's command has its response with its result.
    expect(await post(true, [bash, child])).toEqual({ matcher: undefined, seen: ["toolu_c 1"] });
  });
});
