import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../support/acp-harness.js";
import { V2Scenario, type V2ScenarioOptions } from "../support/acp-v2-client.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { BYPASS, bashTurn, HANGING_COMMAND, textTurn } from "../support/script-turns.js";

/**
 * The v1 scenario families on the draft ACP v2 (features.md 1o), against real Claude Code
 * with the scripted model: thinking, each tool family, display terminals, permissions,
 * held (queued) prompts and cancel. Each test shares one session across its steps.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});
async function scenario(options: V2ScenarioOptions = {}): Promise<V2Scenario> {
  const s = await V2Scenario.start(options);
  open.push(s);
  return s;
}

function toolTurn(id: string, name: string, input: Record<string, unknown>): ScriptedTurn {
  return { blocks: [{ type: "tool_use", id, name, input }] };
}

describe("ACP v2 (draft): thinking, the plan and the tool families", () => {
  it("a plan, thinking, Read, Edit, Write, Grep, Glob and a failing Bash: v2 upserts, structured diffs, a display terminal", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Glob", "Grep"] } },
      env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: "1", CLAUDE_CODE_ENABLE_TASKS: "0" },
    });
    const file = join(s.workspace, "notes.txt");
    const created = join(s.workspace, "created.txt");
    writeFileSync(file, "alpha\nbeta\ngamma\n");
    s.model.push(
      toolTurn("toolu_todo", "TodoWrite", {
        todos: [
          { content: "Read the notes", status: "in_progress", activeForm: "Reading" },
          { content: "Edit them", status: "pending", activeForm: "Editing" },
        ],
      }),
      {
        id: "msg_think",
        blocks: [
          { type: "thinking", thinking: "Let me read the notes first.", deltas: 2 },
          { type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: file } },
        ],
      },
      toolTurn("toolu_edit", "Edit", { file_path: file, old_string: "beta", new_string: "BETA" }),
      toolTurn("toolu_write", "Write", { file_path: created, content: "fresh\n" }),
      toolTurn("toolu_grep", "Grep", { pattern: "BETA", path: s.workspace }),
      toolTurn("toolu_glob", "Glob", { pattern: "*.txt" }),
      bashTurn("echo out; exit 3", "toolu_fail"),
      // Every entry done and the list cleared: the session's plan is gone.
      toolTurn("toolu_todo_clear", "TodoWrite", { todos: [] }),
      textTurn("done"),
    );
    await s.initialize();
    // The agent's own session `_meta` works on v2 too.
    const sessionId = await s.newSession({
      claudeCode: { options: { allowedTools: ["Glob", "Grep"] } },
    });
    await s.prompt(sessionId, "work on the notes");
    await s.idle(sessionId, 1, 60_000);
    expect(s.states(sessionId).at(-1)).toBe("idle:end_turn");

    // Thinking streams as agent_thought_chunks under the Anthropic message's id.
    const thoughts = s.updates(sessionId).filter((u) => u.sessionUpdate === "agent_thought_chunk");
    expect(thoughts.length).toBeGreaterThan(0);
    for (const t of thoughts) {
      expect(t).toMatchObject({ messageId: "msg_think", content: { type: "text" } });
    }
    expect(thoughts.map((t) => (t as { content: { text: string } }).content.text).join("")).toBe(
      "Let me read the notes first.",
    );

    // TodoWrite is the session's plan, v2's item plan; never a tool call.
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "plan_update")).toEqual([
      {
        sessionUpdate: "plan_update",
        plan: {
          type: "items",
          planId: "plan",
          entries: [
            // The entry in progress shows its activeForm, as upstream's plan does.
            { content: "Reading", status: "in_progress", priority: "medium" },
            { content: "Edit them", status: "pending", priority: "medium" },
          ],
        },
      },
    ]);
    expect(s.toolCall(sessionId, "toolu_todo")).toEqual([]);
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "plan_removed")).toEqual([
      { sessionUpdate: "plan_removed", planId: "plan" },
    ]);
    expect(s.kinds(sessionId)).not.toContain("plan");

    // v2 has one upsert: no tool_call, every tool call ends completed (the Bash failed).
    expect(s.kinds(sessionId)).not.toContain("tool_call");
    const last = (id: string) => s.toolCall(sessionId, id).at(-1);
    expect(s.toolCall(sessionId, "toolu_read")[0]).toMatchObject({ kind: "read" });
    expect(last("toolu_read")).toMatchObject({ status: "completed" });
    for (const id of ["toolu_grep", "toolu_glob"]) {
      expect(s.toolCall(sessionId, id)[0]).toMatchObject({ kind: "search" });
      expect(last(id)).toMatchObject({ status: "completed" });
    }

    // Diffs are v2's structured changes, never v1's oldText / newText, with the exact Git
    // patch once the whole file is known: not the Edit's snippet (no approval was asked, so
    // no file was read before it), the written file's.
    expect(readFileSync(file, "utf8")).toBe("alpha\nBETA\ngamma\n");
    const diffs = (id: string) =>
      s
        .toolCall(sessionId, id)
        .flatMap((u) => (Array.isArray(u.content) ? (u.content as Array<{ type: string }>) : []))
        .filter((c) => c.type === "diff");
    const modified = {
      type: "diff",
      changes: [{ operation: "modify", path: file, fileType: "text" }],
    };
    expect(diffs("toolu_edit")).toEqual([
      modified,
      {
        ...modified,
        patch: {
          format: "git_patch",
          text: `diff --git a${file} b${file}\n--- a${file}\n+++ b${file}\n@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n`,
        },
      },
    ]);
    expect(readFileSync(created, "utf8")).toBe("fresh\n");
    const added = {
      type: "diff",
      changes: [{ operation: "add", path: created, fileType: "text" }],
    };
    expect(diffs("toolu_write")).toEqual([
      added,
      {
        ...added,
        patch: {
          format: "git_patch",
          text: `diff --git a${created} b${created}\nnew file mode 100644\n--- /dev/null\n+++ b${created}\n@@ -0,0 +1 @@\n+fresh\n`,
        },
      },
    ]);
    expect(last("toolu_edit")).toMatchObject({ status: "completed" });
    expect(last("toolu_write")).toMatchObject({ status: "completed" });

    // The failing command: its terminal exits with the command's code before the failure.
    const all = s.updates(sessionId);
    const exit = all.find(
      (u) =>
        u.sessionUpdate === "terminal_update" &&
        (u as { terminalId?: string }).terminalId === "toolu_fail" &&
        "exitStatus" in u,
    );
    expect(exit).toEqual({
      sessionUpdate: "terminal_update",
      terminalId: "toolu_fail",
      exitStatus: { exitCode: 3 },
      capabilities: null,
    });
    expect(last("toolu_fail")).toMatchObject({ status: "failed" });
    expect(all.indexOf(exit!)).toBeLessThan(all.indexOf(last("toolu_fail") as never));
    const output = all.filter(
      (u) =>
        (u.sessionUpdate === "terminal_update" || u.sessionUpdate === "terminal_output_chunk") &&
        (u as { terminalId?: string }).terminalId === "toolu_fail",
    );
    const text = output
      .map((u) => {
        const o = u as { output?: { data: string }; data?: string };
        return Buffer.from(o.output?.data ?? o.data ?? "", "base64").toString("utf8");
      })
      .join("");
    expect(text).toContain("out");
  });
});

describe("ACP v2 (draft): permissions", () => {
  it("a rejected command and an asked write and edit: title, subject with the preview patch, options; requires_action while asked", async () => {
    const s = await scenario({
      onPermission: (request) => {
        const wanted = request.title.includes("never") ? "reject_once" : "allow_once";
        const option = request.options.find((o) => o.kind === wanted)!;
        return { outcome: { outcome: "selected", optionId: option.optionId } };
      },
    });
    const asked = join(s.workspace, "asked.txt");
    const kept = join(s.workspace, "kept.txt");
    writeFileSync(kept, "one\ntwo\n");
    s.model.push(
      toolTurn("toolu_write", "Write", { file_path: asked, content: "yes\n" }),
      // Claude Code edits only a file it has read.
      toolTurn("toolu_read", "Read", { file_path: kept }),
      toolTurn("toolu_edit", "Edit", { file_path: kept, old_string: "two", new_string: "2" }),
      bashTurn("touch never.txt", "toolu_no"),
      textTurn("understood"),
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "write, then run");
    await s.idle(sessionId, 1, 60_000);

    expect(s.permissionRequests).toHaveLength(3);
    const [write, edit, bash] = s.permissionRequests;
    expect(write).toMatchObject({
      sessionId,
      title: expect.stringContaining("Write"),
      subject: { type: "tool_call", toolCall: { toolCallId: "toolu_write", kind: "edit" } },
    });
    // A command is a tool_call subject too (upstream's v2): the tool call named, its
    // content referencing its display terminal, no status.
    expect(bash).toMatchObject({
      sessionId,
      title: expect.stringContaining("touch never.txt"),
      subject: {
        type: "tool_call",
        toolCall: {
          toolCallId: "toolu_no",
          name: "Bash",
          kind: "execute",
          rawInput: { command: "touch never.txt", description: "run" },
          content: [{ type: "terminal", terminalId: "toolu_no" }],
        },
      },
    });
    for (const request of [write!, edit!, bash!]) {
      const toolCall = (request.subject as { toolCall: Record<string, unknown> }).toolCall;
      expect(toolCall).not.toHaveProperty("status");
      expect(JSON.stringify(toolCall)).not.toContain("toolName");
    }
    expect(write!.subject).toMatchObject({ toolCall: { name: "Write" } });
    for (const request of [write!, bash!]) {
      expect(request).not.toHaveProperty("toolCall");
      expect(request.options.map((o) => o.kind)).toEqual(
        expect.arrayContaining(["allow_once", "reject_once"]),
      );
      for (const option of request.options) {
        expect(Object.keys(option).sort()).toEqual(["kind", "name", "optionId"]);
      }
    }
    // The diff a request shows is v2's structured one with the preview patch: the file
    // read before the approval, the input applied to it. The tool call showed it first.
    const shown = (request: typeof write) =>
      (request!.subject as { toolCall: { content?: unknown[] } }).toolCall.content;
    const creation = {
      type: "diff",
      changes: [{ operation: "add", path: asked, fileType: "text" }],
      patch: {
        format: "git_patch",
        text: `diff --git a${asked} b${asked}\nnew file mode 100644\n--- /dev/null\n+++ b${asked}\n@@ -0,0 +1 @@\n+yes\n`,
      },
    };
    const change = {
      type: "diff",
      changes: [{ operation: "modify", path: kept, fileType: "text" }],
      patch: {
        format: "git_patch",
        text: `diff --git a${kept} b${kept}\n--- a${kept}\n+++ b${kept}\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n`,
      },
    };
    expect(shown(write)).toEqual([creation]);
    expect(shown(edit)).toEqual([change]);
    const contents = (id: string) =>
      s.toolCall(sessionId, id).flatMap((u) => (u.content === undefined ? [] : [u.content]));
    expect(contents("toolu_write").at(-1)).toEqual([creation]);
    expect(contents("toolu_edit").at(-1)).toEqual([change]);
    expect(readFileSync(kept, "utf8")).toBe("one\n2\n");
    expect(s.states(sessionId)).toEqual([
      "running",
      "requires_action",
      "running",
      "requires_action",
      "running",
      "requires_action",
      "running",
      "idle:end_turn",
    ]);
    // The command's request references its display terminal, announced before it.
    const at = (find: (m: Record<string, unknown>) => boolean) =>
      s.sent.findIndex((m) => find(m as Record<string, unknown>));
    const named = at((m) => {
      const p = m.params as { update?: Record<string, unknown> } | undefined;
      return (
        m.method === "session/update" &&
        p?.update?.sessionUpdate === "terminal_update" &&
        p.update.terminalId === "toolu_no" &&
        p.update.command === "touch never.txt"
      );
    });
    const requested = at(
      (m) =>
        m.method === "session/request_permission" &&
        JSON.stringify(m.params).includes('"toolu_no"'),
    );
    expect(named).toBeGreaterThanOrEqual(0);
    expect(named).toBeLessThan(requested);
    expect(s.toolCall(sessionId, "toolu_no").at(-1)).toMatchObject({ status: "failed" });
    expect(s.agentText(sessionId)).toBe("understood");
  });
});

describe("ACP v2 (draft): cancelling one command", () => {
  it("tool_call/cancel and terminal/cancel stop a running command (its task); the turn goes on", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [
        bashTurn(HANGING_COMMAND, "toolu_one"),
        bashTurn(HANGING_COMMAND, "toolu_two"),
        textTurn("both stopped"),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const cancellable = (id: string) =>
      eventually(`${id} cancellable`, () =>
        s
          .updates(sessionId)
          .some(
            (u) =>
              u.sessionUpdate === "terminal_update" &&
              u.terminalId === id &&
              JSON.stringify(u.capabilities) === '{"cancel":{}}',
          ),
      );
    const ended = (id: string) =>
      eventually(`${id} ended`, () =>
        ["completed", "failed", "cancelled"].includes(
          String(s.toolCall(sessionId, id).at(-1)?.status),
        ),
      );
    await s.prompt(sessionId, "run two commands");

    // 1. The tool call names the running command: tool_call/cancel.
    await cancellable("toolu_one");
    expect(s.toolCall(sessionId, "toolu_one")[0]).toMatchObject({ capabilities: { cancel: {} } });
    await expect(
      s.request("tool_call/cancel", { sessionId, toolCallId: "toolu_one" }),
    ).resolves.toEqual({});
    await ended("toolu_one");
    // Stopped: neither the tool call nor its terminal can be cancelled any more.
    const exit = s
      .updates(sessionId)
      .find(
        (u) =>
          u.sessionUpdate === "terminal_update" && u.terminalId === "toolu_one" && u.exitStatus,
      );
    // Claude Code killed the command (its task); v2 confirms the cancel.
    expect(exit).toMatchObject({ exitStatus: { exitCode: 137 }, capabilities: null });
    expect(s.toolCall(sessionId, "toolu_one").at(-1)).toMatchObject({
      status: "cancelled",
      capabilities: null,
    });
    await expect(
      s.request("terminal/cancel", { sessionId, terminalId: "toolu_one" }),
    ).rejects.toMatchObject({ code: -32602 });

    // 2. The terminal names the next one: terminal/cancel.
    await cancellable("toolu_two");
    await expect(
      s.request("terminal/cancel", { sessionId, terminalId: "toolu_two" }),
    ).resolves.toEqual({});
    await s.idle(sessionId, 1, 60_000);
    expect(s.toolCall(sessionId, "toolu_two").at(-1)).toMatchObject({ status: "cancelled" });
    // One turn: a cancelled command does not change the foreground state.
    expect(s.states(sessionId)).toEqual(["running", "idle:end_turn"]);
    expect(s.agentText(sessionId)).toBe("both stopped");
    await expect(
      s.request("tool_call/cancel", { sessionId, toolCallId: "toolu_unknown" }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe("ACP v2 (draft): held prompts, cancel and compaction", () => {
  it("a prompt sent while one runs is answered when inserted; a cancel answers held prompts -32800; /compact", async () => {
    const slow: ScriptedTurn = {
      blocks: [{ type: "text", text: "slow ".repeat(200), deltas: 200 }],
      delayMs: 30,
    };
    const s = await scenario({
      script: [
        { id: "msg_one", blocks: [{ type: "text", text: "first;", deltas: 5 }], delayMs: 40 },
        { id: "msg_two", blocks: [{ type: "text", text: "second;" }] },
        slow,
        { id: "msg_after", blocks: [{ type: "text", text: "after" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();

    // 1. Held: the second prompt's answer waits until its message is inserted.
    const order: string[] = [];
    const first = await s.prompt(sessionId, "one");
    const held = s.prompt(sessionId, "two").then((answer) => {
      order.push(`answered:${s.agentText(sessionId)}`);
      return answer;
    });
    const second = await held;
    expect(second.messageId).not.toBe(first.messageId);
    // Inserted after the first prompt's work: its answer saw the first answer's text.
    expect(order).toEqual(["answered:first;"]);
    await s.idle(sessionId, 1);
    expect(s.agentText(sessionId)).toBe("first;second;");
    // One running stretch for both: no idle between them.
    expect(s.states(sessionId)).toEqual(["running", "idle:end_turn"]);
    const users = s.updates(sessionId).filter((u) => u.sessionUpdate === "user_message");
    expect(users.map((u) => (u as { messageId: string }).messageId)).toEqual([
      first.messageId,
      second.messageId,
    ]);
    const kinds = s.updates(sessionId).map((u) => u.sessionUpdate);
    const chunkOfFirst = s
      .updates(sessionId)
      .findIndex(
        (u) =>
          u.sessionUpdate === "agent_message_chunk" &&
          (u as { messageId: string }).messageId === "msg_one",
      );
    expect(chunkOfFirst).toBeGreaterThanOrEqual(0);
    expect(kinds.indexOf("user_message", chunkOfFirst)).toBeGreaterThan(chunkOfFirst);
    const userTexts = s.model.mainRequests().map((r) => JSON.stringify(r.body.messages.at(-1)));
    expect(userTexts[0]).toContain("one");
    expect(userTexts[1]).toContain("two");

    // 2. Cancel: the running prompt ends idle:cancelled, each held one is answered -32800
    // and never reaches Claude Code.
    const requestsBefore = s.model.mainRequests().length;
    await s.prompt(sessionId, "slow");
    const heldA = s.prompt(sessionId, "held a");
    const heldB = s.prompt(sessionId, "held b");
    await eventually("the slow stream", () => s.agentText(sessionId).includes("slow"));
    await s.cancel(sessionId);
    for (const h of [heldA, heldB]) await expect(h).rejects.toMatchObject({ code: -32800 });
    await s.idle(sessionId, 2);
    expect(s.states(sessionId).slice(2)).toEqual(["running", "idle:cancelled"]);
    expect(
      s
        .updates(sessionId)
        .filter((u) => u.sessionUpdate === "user_message")
        .map((u) => JSON.stringify((u as { content: unknown }).content)),
    ).not.toContainEqual(expect.stringContaining("held"));
    expect(s.model.mainRequests()).toHaveLength(requestsBefore + 1);

    // 3. The session goes on.
    await s.prompt(sessionId, "go on");
    await s.idle(sessionId, 3);
    expect(s.states(sessionId).at(-1)).toBe("idle:end_turn");
    expect(s.agentText(sessionId).endsWith("after")).toBe(true);

    // 4. /compact: v2's compaction updates (a baseline kind), never a tool call.
    await s.prompt(sessionId, "/compact");
    await s.idle(sessionId, 4);
    expect(s.states(sessionId).at(-1)).toBe("idle:end_turn");
    const compaction = s.updates(sessionId).filter((u) => u.sessionUpdate === "compaction_update");
    expect(compaction.map((u) => (u as { status: string }).status)).toEqual([
      "in_progress",
      "completed",
    ]);
    expect(s.kinds(sessionId)).not.toContain("tool_call_update");
  });
});

describe("ACP v2 (draft): background work and Claude Code's own cycles", () => {
  it("backgrounded commands are listed as background work until they end (or are cancelled); the follow-up cycle is work of its own", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [
        toolTurn("toolu_bg", "Bash", {
          // Ends once the test lets it: after the prompt's answer, whatever the load.
          command: "while [ ! -f go ]; do sleep 0.1; done; echo done",
          description: "Wait for go",
          run_in_background: true,
        }),
        toolTurn("toolu_kill", "Bash", {
          command: HANGING_COMMAND,
          description: "Hang",
          run_in_background: true,
        }),
        textTurn("Started."),
        // Claude Code's follow-up once the task ended: no prompt asked for it.
        { id: "msg_follow", blocks: [{ type: "text", text: "The job is DONE." }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "start the job");
    await s.idle(sessionId, 1, 60_000);
    const stateUpdates = () =>
      s.updates(sessionId).filter((u) => u.sessionUpdate === "state_update") as Array<
        Record<string, unknown>
      >;
    const terminal = { type: "terminal", terminalId: "toolu_bg" };
    const hanging = { type: "terminal", terminalId: "toolu_kill" };
    // Listed from each task's start on: the running state goes out again with the list.
    expect(stateUpdates().slice(0, 3)).toEqual([
      { sessionUpdate: "state_update", state: "running", background: [] },
      { sessionUpdate: "state_update", state: "running", background: [terminal] },
      { sessionUpdate: "state_update", state: "running", background: [terminal, hanging] },
    ]);
    // The prompt's idle lists the commands that run on; their tool calls completed, and
    // their terminals have no exit (v1's launch exit is not v2's).
    expect(stateUpdates().at(-1)).toMatchObject({
      state: "idle",
      stopReason: "end_turn",
      background: [terminal, hanging],
    });
    const exits = (id: string) =>
      s
        .updates(sessionId)
        .filter(
          (u) => u.sessionUpdate === "terminal_update" && u.terminalId === id && u.exitStatus,
        );
    for (const id of ["toolu_bg", "toolu_kill"]) {
      expect(s.toolCall(sessionId, id).at(-1)).toMatchObject({ status: "completed" });
      expect(exits(id)).toEqual([]);
    }

    // terminal/cancel stops a background command (its task): an exit Claude Code gives no
    // code for, then the list without it; no follow-up for a stopped command.
    await expect(
      s.request("terminal/cancel", { sessionId, terminalId: "toolu_kill" }),
    ).resolves.toEqual({});
    await eventually(
      "the list without the stopped command",
      () =>
        s.states(sessionId).at(-1) === "idle" &&
        (stateUpdates().at(-1)?.background as unknown[]).length === 1,
    );
    expect(stateUpdates().at(-1)).toEqual({
      sessionUpdate: "state_update",
      state: "idle",
      background: [terminal],
    });
    expect(exits("toolu_kill")).toEqual([
      {
        sessionUpdate: "terminal_update",
        terminalId: "toolu_kill",
        exitStatus: {},
        capabilities: null,
      },
    ]);
    const answered = s.updates(sessionId).length;

    // The command ends: its terminal's exit, the list without it, then the follow-up.
    writeFileSync(join(s.workspace, "go"), "");
    await s.idle(sessionId, 4, 60_000);
    const after = s.updates(sessionId).slice(answered);
    expect(exits("toolu_bg")).toEqual([
      {
        sessionUpdate: "terminal_update",
        terminalId: "toolu_bg",
        exitStatus: { exitCode: 0 },
        capabilities: null,
      },
    ]);
    const emptied = after.findIndex(
      (u) => u.sessionUpdate === "state_update" && JSON.stringify(u.background) === "[]",
    );
    expect(after.indexOf(exits("toolu_bg")[0]!)).toBeLessThan(emptied);
    // Every state update reports the list once it was reported; the cycle is running,
    // then idle with its stop reason, its message between.
    const states = stateUpdates();
    expect(states.every((u, i) => i === 0 || Array.isArray(u.background))).toBe(true);
    expect(s.states(sessionId).slice(-2)).toEqual(["running", "idle:end_turn"]);
    expect(states.at(-1)).toMatchObject({ background: [] });
    const kinds = after.map((u) =>
      u.sessionUpdate === "state_update" ? `state:${String(u.state)}` : u.sessionUpdate,
    );
    const text = kinds.indexOf("agent_message_chunk");
    expect(kinds.lastIndexOf("state:running")).toBeLessThan(text);
    expect(kinds.lastIndexOf("state:idle")).toBeGreaterThan(text);
    expect(s.agentText(sessionId)).toBe("Started.The job is DONE.");
  });
});
