import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  methods,
  type ClientCapabilities,
  type PromptResponse,
} from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, shellRunning } from "../support/script-turns.js";

/**
 * AIR's agent file-change report (air-extensions.md "Agent file-change report") against
 * real Claude Code: the files its file tools changed in the turn, from the SDK's
 * checkpoints, inside the session roots only; the unavailable reports; and nothing for a
 * client that did not negotiate the capability.
 */
const scenario = useScenarios();

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});
const REPORTING = air("agentFileChangeReport");
const tool = (id: string, name: string, input: Record<string, unknown>): ScriptedTurn => ({
  blocks: [{ type: "tool_use", id, name, input }],
});
const say = (text: string): ScriptedTurn => ({ blocks: [{ type: "text", text }] });
const request = (requestId: unknown, more: Record<string, unknown> = {}) => ({
  jetbrains: { air: { agentFileChangeReportRequest: { version: 1, requestId, ...more } } },
});

function prompt(s: Scenario, sessionId: string, text: string, meta?: unknown) {
  return s.agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text }],
    ...(meta ? { _meta: meta as Record<string, unknown> } : {}),
  });
}

/** The session_info_update of `sessionId` that carry an agentFileChangeReport, in order. */
function reportUpdates(s: Scenario, sessionId: string) {
  return s.updates(sessionId).filter((u) => {
    const air = (u._meta as { jetbrains?: { air?: object } } | undefined)?.jetbrains?.air;
    return u.sessionUpdate === "session_info_update" && air && "agentFileChangeReport" in air;
  });
}

/** Each agentFileChangeReport the adapter sent for `sessionId`, in order. */
function reports(s: Scenario, sessionId: string): unknown[] {
  return reportUpdates(s, sessionId).map(
    (u) =>
      (u._meta as { jetbrains: { air: { agentFileChangeReport: unknown } } }).jetbrains.air
        .agentFileChangeReport,
  );
}

/** Index in the adapter's output of the report with `requestId`, and of the answer after it. */
function reportThenAnswer(s: Scenario, requestId: string): [number, number] {
  const sent = s.sentByAdapter();
  const reportAt = sent.findIndex((m) => JSON.stringify(m).includes(`"requestId":"${requestId}"`));
  const answerAt = sent.findIndex(
    (m, i) => i > reportAt && "result" in m && "stopReason" in (m.result as object),
  );
  return [reportAt, answerAt];
}

/** Edits one file, writes two in the workspace, one in an additional directory and one outside, runs Bash. */
function editingScript(ws: string, extra: string, outside: string): ScriptedTurn[] {
  return [
    tool("toolu_read", "Read", { file_path: join(ws, "a.txt") }),
    tool("toolu_edit", "Edit", {
      file_path: join(ws, "a.txt"),
      old_string: "alpha",
      new_string: "ALPHA",
    }),
    tool("toolu_write_b", "Write", { file_path: join(ws, "b.txt"), content: "b\n" }),
    tool("toolu_write_c", "Write", { file_path: join(ws, "sub/c.txt"), content: "c\n" }),
    tool("toolu_write_extra", "Write", { file_path: join(extra, "d.txt"), content: "d\n" }),
    tool("toolu_write_out", "Write", { file_path: join(outside, "o.txt"), content: "o\n" }),
    // Bash is not covered by checkpoints: the report is never declared complete.
    tool("toolu_bash", "Bash", { command: `echo x > ${join(ws, "bash.txt")}`, description: "x" }),
    say("Edited."),
  ];
}

describe("an AIR client with agentFileChangeReport", () => {
  it("gets the files changed in the turn inside the session roots, once per request id", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    const ws = s.workspace;
    const extra = join(s.root, "extra");
    const outside = join(s.root, "outside");
    mkdirSync(extra);
    mkdirSync(outside);
    writeFileSync(join(ws, "a.txt"), "alpha\n");
    s.model.push(
      ...editingScript(ws, extra, outside),
      tool("toolu_look", "Read", { file_path: join(ws, "a.txt") }),
      say("Nothing to change."),
      say("Repeated id."),
      say("Malformed."),
      say("Malformed too."),
      say("Just text."),
      tool("toolu_write_e", "Write", { file_path: join(ws, "e.txt"), content: "e\n" }),
      say("After the load."),
    );
    const init = await s.initialize(REPORTING);
    expect(init._meta).toMatchObject({
      jetbrains: { air: { capabilities: expect.arrayContaining(["agentFileChangeReport"]) } },
    });
    const { sessionId } = await s.agent.request(methods.agent.session.new, {
      cwd: ws,
      mcpServers: [],
      additionalDirectories: [extra],
    });

    const first = await prompt(s, sessionId, "edit", request("turn-1"));
    expect(first.stopReason).toBe("end_turn");
    // Every file tool ran (the write outside the roots after a permission answer).
    expect(existsSync(join(outside, "o.txt"))).toBe(true);
    expect(existsSync(join(ws, "bash.txt"))).toBe(true);
    const [report] = reports(s, sessionId) as Array<{ paths: string[] }>;
    expect({ ...report, paths: [...report!.paths].sort() }).toStrictEqual({
      version: 1,
      requestId: "turn-1",
      status: "reported",
      paths: [join(extra, "d.txt"), join(ws, "a.txt"), join(ws, "b.txt"), join(ws, "sub/c.txt")],
      declaredComplete: false,
      // The file outside the roots was dropped.
      truncated: true,
    });
    const [reportAt, answerAt] = reportThenAnswer(s, "turn-1");
    expect(reportAt).toBeGreaterThan(-1);
    expect(answerAt).toBeGreaterThan(reportAt);
    // The report went next to `version: 1`, alone in its update.
    expect(reportUpdates(s, sessionId)).toStrictEqual([
      {
        sessionUpdate: "session_info_update",
        _meta: { jetbrains: { air: { version: 1, agentFileChangeReport: report } } },
      },
    ]);

    // A turn that runs a tool and changes nothing: an empty report from the SDK.
    expect((await prompt(s, sessionId, "look", request("turn-2"))).stopReason).toBe("end_turn");
    // A repeated id and malformed requests are ignored; the prompts run as usual.
    const ignored: Array<Promise<PromptResponse>> = [];
    ignored.push(prompt(s, sessionId, "again", request("turn-1")));
    ignored.push(prompt(s, sessionId, "extra key", request("turn-3", { extra: true })));
    ignored.push(prompt(s, sessionId, "bad id", request("turn 4")));
    for (const answer of await Promise.all(ignored)) expect(answer.stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toContain("Malformed too.");
    // A turn that runs no tool (Claude Code has no checkpoint for it): an empty report too.
    expect((await prompt(s, sessionId, "chat", request("turn-5"))).stopReason).toBe("end_turn");
    const empty = (requestId: string) => ({
      version: 1,
      requestId,
      status: "reported",
      paths: [],
      declaredComplete: false,
      truncated: false,
    });
    expect(reports(s, sessionId)).toStrictEqual([report, empty("turn-2"), empty("turn-5")]);
    // Checkpointing is on for this client: Claude Code keeps backups of the edited files.
    expect(existsSync(join(s.configDir, "file-history"))).toBe(true);

    // The checkpoint entries in the transcript leave a load's replay as it was, and the
    // loaded session reports again.
    await s.restartAdapter();
    await s.initialize(REPORTING);
    await s.agent.request(methods.agent.session.load, { sessionId, cwd: ws, mcpServers: [] });
    const prompts = s
      .updates(sessionId)
      .flatMap((u) =>
        u.sessionUpdate === "user_message_chunk" && u.content.type === "text"
          ? [u.content.text]
          : [],
      );
    expect(prompts).toEqual(["edit", "look", "again", "extra key", "bad id", "chat"]);
    expect(reports(s, sessionId)).toEqual([]);
    expect((await prompt(s, sessionId, "more", request("turn-6"))).stopReason).toBe("end_turn");
    expect(reports(s, sessionId)).toStrictEqual([
      { ...empty("turn-6"), paths: [join(ws, "e.txt")] },
    ]);
  });

  it("a plan continued in a new conversation: the files written after the handoff", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "plan" } },
      onPermission: () => ({ outcome: { outcome: "selected", optionId: "exit-plan-clear-auto" } }),
    });
    // Claude Code names the plan file in plan mode's instructions; the scripted model writes it.
    const writePlan = (req: { body: unknown }): ScriptedTurn => {
      const path = /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1];
      return tool("toolu_plan", "Write", {
        file_path: path ?? "/nonexistent/plan.md",
        content: "1. Write hello.txt",
      });
    };
    s.model.push(
      writePlan,
      tool("toolu_exit", "ExitPlanMode", {}),
      tool("toolu_hello", "Write", { file_path: join(s.workspace, "hello.txt"), content: "hi\n" }),
      say("Implemented."),
    );
    await s.initialize(REPORTING);
    const sessionId = await s.newSession();
    expect((await prompt(s, sessionId, "plan it", request("plan-1"))).stopReason).toBe("end_turn");
    expect(existsSync(join(s.workspace, "hello.txt"))).toBe(true);
    expect(reports(s, sessionId)).toStrictEqual([
      {
        version: 1,
        requestId: "plan-1",
        status: "reported",
        paths: [join(s.workspace, "hello.txt")],
        declaredComplete: false,
        truncated: false,
      },
    ]);
  });

  it("a steered prompt: the files of every logical turn it covered (before and after the steer)", async () => {
    const s = await scenario({ ...BYPASS });
    const ws = s.workspace;
    s.model.push(
      tool("toolu_before", "Write", { file_path: join(ws, "before.txt"), content: "1\n" }),
      tool("toolu_sleep", "Bash", { command: "sleep 2; echo slept", description: "sleep" }),
      // The model's call after the steer: the steered message's work.
      tool("toolu_after", "Write", { file_path: join(ws, "after.txt"), content: "2\n" }),
      say("Both written."),
    );
    await s.initialize(REPORTING);
    const sessionId = await s.newSession();
    const answer = prompt(s, sessionId, "write one", request("steer-1"));
    await shellRunning(s, "sleep 2");
    expect(
      await s.agent.request("_session/steering", {
        sessionId,
        prompt: [{ type: "text", text: "STEER: write the second one too" }],
      }),
    ).toEqual({ outcome: "injected" });
    expect((await answer).stopReason).toBe("end_turn");
    expect(JSON.stringify(s.model.mainRequests()[2]?.body.messages)).toContain("STEER:");
    const [report] = reports(s, sessionId) as Array<{ paths: string[] }>;
    expect({ ...report, paths: [...report!.paths].sort() }).toStrictEqual({
      version: 1,
      requestId: "steer-1",
      status: "reported",
      paths: [join(ws, "after.txt"), join(ws, "before.txt")],
      declaredComplete: false,
      truncated: false,
    });
    expect(reports(s, sessionId)).toHaveLength(1);
  });

  it("a cancelled prompt: unavailable with reason cancelled, before the cancelled answer", async () => {
    const s = await scenario({ script: [{ kind: "hang" }, say("After.")] });
    await s.initialize(REPORTING);
    const sessionId = await s.newSession();
    const running = prompt(s, sessionId, "wait", request("run-1"));
    await s.model.waitForMainRequest(1);
    const queued = prompt(s, sessionId, "queued", request("queued-1"));
    const plain = prompt(s, sessionId, "queued without a request");
    await eventually("the queued prompts are sent", () =>
      JSON.stringify(s.traffic).includes("queued without a request"),
    );
    await s.cancel(sessionId);
    for (const answer of await Promise.all([running, queued, plain])) {
      expect(answer.stopReason).toBe("cancelled");
    }
    const unavailable = (requestId: string) => ({
      version: 1,
      requestId,
      status: "unavailable",
      reason: "cancelled",
    });
    expect(reports(s, sessionId)).toStrictEqual([unavailable("queued-1"), unavailable("run-1")]);
    for (const id of ["run-1", "queued-1"]) {
      const [reportAt, answerAt] = reportThenAnswer(s, id);
      expect([id, reportAt > -1, answerAt > reportAt]).toEqual([id, true, true]);
    }
    // The session goes on, and a cancelled id counts as used.
    expect((await prompt(s, sessionId, "again", request("run-1"))).stopReason).toBe("end_turn");
    expect(reports(s, sessionId)).toHaveLength(2);
  });

  it("a failed turn: unavailable with reason providerError, and the prompt fails as without it", async () => {
    const s = await scenario({
      script: [{ kind: "error", status: 400, message: "bad request", shouldRetry: false }],
    });
    await s.initialize(REPORTING);
    const sessionId = await s.newSession();
    await expect(prompt(s, sessionId, "fail", request("fail-1"))).rejects.toThrow();
    expect(reports(s, sessionId)).toStrictEqual([
      { version: 1, requestId: "fail-1", status: "unavailable", reason: "providerError" },
    ]);
    const [reportAt, answerAt] = reportThenAnswer(s, "fail-1");
    expect(reportAt).toBeGreaterThan(-1);
    // The error answer has no `result`: it is the next message with the prompt's id.
    const sent = s.sentByAdapter();
    const errorAt = sent.findIndex((m, i) => i > reportAt && "error" in m);
    expect([errorAt > reportAt, answerAt]).toEqual([true, -1]);
  });
});

describe.each([
  ["plain", PROFILES.plain],
  ["Zed", PROFILES.zed],
  ["AIR without agentFileChangeReport", air("diffPatch")],
])("a %s client asking for a report", (_name, profile) => {
  it("gets no report key, and Claude Code keeps no file checkpoints", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    writeFileSync(join(s.workspace, "a.txt"), "alpha\n");
    s.model.push(
      tool("toolu_write", "Write", { file_path: join(s.workspace, "b.txt"), content: "b\n" }),
      say("Written."),
    );
    await s.initialize(profile);
    const sessionId = await s.newSession();
    expect((await prompt(s, sessionId, "write", request("turn-1"))).stopReason).toBe("end_turn");
    expect(existsSync(join(s.workspace, "b.txt"))).toBe(true);
    // (The AIR agent declaration names the capability: only the session's traffic counts.)
    const traffic = JSON.stringify(
      s
        .sentByAdapter()
        .filter((m) => !("result" in m && "agentCapabilities" in (m.result as object))),
    );
    expect(traffic.includes("agentFileChangeReport")).toBe(false);
    expect(traffic.includes('"turn-1"')).toBe(false);
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "session_info_update")).toEqual(
      s
        .updates(sessionId)
        .filter((u) => u.sessionUpdate === "session_info_update" && !("_meta" in u)),
    );
    expect(existsSync(join(s.configDir, "file-history"))).toBe(false);
  });
});
