import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sdk/transcript-paths.js";
import { eventually, type Scenario } from "../support/acp-harness.js";
import { commandLine, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

function transcriptPath(s: Scenario, sessionId: string): string {
  return join(s.configDir, "projects", projectFolderName(s.workspace), `${sessionId}.jsonl`);
}

/** Claude Code session processes of the scenario (not the adapter, not a login-state probe). */
function claudeProcesses(s: Scenario): number[] {
  return processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter((pid) =>
    / --output-format stream-json /.test(commandLine(pid)),
  );
}

/** The text of the messages the model was last sent. */
function lastRequest(s: Scenario): string {
  return JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);
}

describe("session/resume", () => {
  it("continues a stored session without replaying it", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "Noted: blue." }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "My favourite colour is blue.");
    await s.restartAdapter();
    await s.initialize();
    const response = await s.agent.request(methods.agent.session.resume, {
      sessionId,
      cwd: s.workspace,
    });
    expect(response).toMatchObject({ modes: expect.any(Object), configOptions: expect.any(Array) });
    expect(s.updates(sessionId)).toEqual([]);
    s.model.push({ blocks: [{ type: "text", text: "Blue." }] });
    expect((await s.prompt(sessionId, "Which colour?")).stopReason).toBe("end_turn");
    expect(lastRequest(s)).toContain("My favourite colour is blue.");
    expect(lastRequest(s)).toContain("Noted: blue.");
    await expect(
      s.agent.request(methods.agent.session.resume, {
        sessionId: "6f1a4a8e-0000-4000-8000-000000000000",
        cwd: s.workspace,
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe("session/close", () => {
  it("ends the running and queued turns as cancelled, ends Claude Code, forgets the id", async () => {
    const s = await scenario({ script: [{ kind: "hang" }] });
    await s.initialize();
    const sessionId = await s.newSession();
    const running = s.prompt(sessionId, "take your time");
    const queued = s.prompt(sessionId, "and then this");
    await s.model.waitForMainRequest(1);
    expect(await s.agent.request(methods.agent.session.close, { sessionId })).toEqual({});
    expect(await running).toMatchObject({ stopReason: "cancelled" });
    expect(await queued).toMatchObject({ stopReason: "cancelled" });
    await eventually("Claude Code to exit", () => claudeProcesses(s).length === 0);
    await expect(s.prompt(sessionId, "hello?")).rejects.toMatchObject({ code: -32602 });
    await expect(s.agent.request(methods.agent.session.close, { sessionId })).rejects.toMatchObject(
      { code: -32602 },
    );
  });
});

describe("session/delete", () => {
  it("deletes a stored session for good; an unknown id succeeds", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "something to delete");
    const path = transcriptPath(s, sessionId);
    expect(existsSync(path)).toBe(true);
    expect(await s.agent.request(methods.agent.session.delete, { sessionId })).toEqual({});
    // Claude Code was ended first: it does not write the file back when it exits.
    await eventually("Claude Code to exit", () => claudeProcesses(s).length === 0);
    expect(existsSync(path)).toBe(false);
    const { sessions } = await s.agent.request(methods.agent.session.list, { cwd: s.workspace });
    expect(sessions).toEqual([]);
    await expect(s.prompt(sessionId, "still there?")).rejects.toMatchObject({ code: -32602 });
    await expect(s.agent.request(methods.agent.session.delete, { sessionId })).resolves.toEqual({});
  });

  it("an unknown id, well-formed or not, succeeds silently and touches nothing", async () => {
    const s = await scenario();
    await s.initialize();
    const kept = await s.newSession();
    for (const sessionId of [randomUUID(), "not-a-session", "../../etc", "__proto__", ""]) {
      await expect(s.agent.request(methods.agent.session.delete, { sessionId })).resolves.toEqual(
        {},
      );
    }
    const errors = s.sentByAdapter().filter((m) => "error" in m);
    expect(errors).toEqual([]);
    // The live session is still there.
    await expect(
      s.agent.request(methods.agent.session.setMode, { sessionId: kept, modeId: "plan" }),
    ).resolves.toEqual({});
  });
});

describe("session/fork", () => {
  it("makes an independent copy: both branches continue with their own history", async () => {
    const s = await scenario({
      script: [{ id: "msg_apple", blocks: [{ type: "text", text: "Noted: apple." }] }],
    });
    await s.initialize();
    const source = await s.newSession();
    await s.prompt(source, "Remember the word apple.");
    const sourceBefore = readFileSync(transcriptPath(s, source), "utf8");

    const { sessionId: fork } = await s.agent.request(methods.agent.session.fork, {
      sessionId: source,
      cwd: s.workspace,
    });
    expect(fork).not.toBe(source);
    expect(readFileSync(transcriptPath(s, source), "utf8")).toBe(sourceBefore);
    expect(readdirSync(join(s.configDir, "projects", projectFolderName(s.workspace)))).toContain(
      `${fork}.jsonl`,
    );

    s.model.push({ blocks: [{ type: "text", text: "Fork branch." }] });
    expect((await s.prompt(fork, "Fork: add pear.")).stopReason).toBe("end_turn");
    const forkRequest = lastRequest(s);
    s.model.push({ blocks: [{ type: "text", text: "Source branch." }] });
    expect((await s.prompt(source, "Source: add plum.")).stopReason).toBe("end_turn");
    const sourceRequest = lastRequest(s);

    expect(forkRequest).toContain("Remember the word apple.");
    expect(forkRequest).toContain("Noted: apple.");
    expect(forkRequest).toContain("Fork: add pear.");
    expect(sourceRequest).toContain("Remember the word apple.");
    expect(sourceRequest).toContain("Source: add plum.");
    expect(sourceRequest).not.toContain("Fork: add pear.");
    expect(sourceRequest).not.toContain("Fork branch.");
    expect(s.agentText(fork)).toBe("Fork branch.");

    // Once more on the fork: it still does not see the source's second turn.
    s.model.push({ blocks: [{ type: "text", text: "Fork again." }] });
    await s.prompt(fork, "Fork: and now?");
    expect(lastRequest(s)).not.toContain("Source: add plum.");
    expect(lastRequest(s)).toContain("Fork branch.");

    const { sessions } = await s.agent.request(methods.agent.session.list, { cwd: s.workspace });
    expect(sessions.map((r) => r.sessionId).sort()).toEqual([fork, source].sort());
  });

  it("is invalidParams for an unknown source session", async () => {
    const s = await scenario();
    await s.initialize();
    await expect(
      s.agent.request(methods.agent.session.fork, {
        sessionId: "6f1a4a8e-0000-4000-8000-000000000000",
        cwd: s.workspace,
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
