import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const rewind = (s: Scenario, params: Record<string, unknown>) =>
  s.agent.request("session/rewind", params) as Promise<Record<string, unknown>>;

/** The rewind marker beside a session's transcript (`<session>.rewind.json`). */
function markerOf(s: Scenario, sessionId: string): string {
  const projects = join(s.configDir, "projects");
  const folder = readdirSync(projects).find((d) =>
    existsSync(join(projects, d, `${sessionId}.jsonl`)),
  );
  return join(projects, folder ?? "none", `${sessionId}.rewind.json`);
}

const lastRequest = (s: Scenario) => JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);

describe("session/rewind: files and a running turn", () => {
  it("with _meta.claudeCode.restoreFiles puts back the file an Edit changed, reports it, and names the Bash change it cannot undo", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Bash"] } },
    });
    const file = join(s.workspace, "a.txt");
    const made = join(s.workspace, "b.txt");
    writeFileSync(file, "one\n");
    s.model.push(
      {
        id: "msg_read",
        blocks: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: file } }],
      },
      { id: "msg_read_done", blocks: [{ type: "text", text: "Read it." }] },
      {
        id: "msg_change",
        blocks: [
          {
            type: "tool_use",
            id: "toolu_edit",
            name: "Edit",
            input: { file_path: file, old_string: "one", new_string: "two" },
          },
        ],
      },
      {
        id: "msg_bash",
        blocks: [
          {
            type: "tool_use",
            id: "toolu_bash",
            name: "Bash",
            input: { command: `echo made > ${made}`, description: "Make b.txt" },
          },
        ],
      },
      { id: "msg_changed", blocks: [{ type: "text", text: "Changed." }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "Read the file")).stopReason).toBe("end_turn");
    expect((await s.prompt(sessionId, "Change the file")).stopReason).toBe("end_turn");
    expect(readFileSync(file, "utf8")).toBe("two\n");
    expect(existsSync(made)).toBe(true);

    expect(
      await rewind(s, {
        sessionId,
        toMessageId: "msg_read_done",
        _meta: { claudeCode: { restoreFiles: true } },
      }),
    ).toEqual({
      remainingMessageCount: 3,
      lastMessageId: "msg_read_done",
      _meta: {
        claudeCode: {
          restoredFiles: { files: [file], insertions: 1, deletions: 1 },
          unrestorableChanges: [
            { toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" },
          ],
        },
      },
    });
    expect(readFileSync(file, "utf8")).toBe("one\n");
    expect(existsSync(made)).toBe(true); // a shell command's change stays

    s.model.push({ id: "msg_after", blocks: [{ type: "text", text: "After." }] });
    expect((await s.prompt(sessionId, "And now?")).stopReason).toBe("end_turn");
    expect(lastRequest(s)).not.toContain("Change the file");
  }, 180_000);

  it("without restoreFiles the files stay as the dropped turns left them; a whole fork then copies the kept history", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    const file = join(s.workspace, "a.txt");
    writeFileSync(file, "one\n");
    s.model.push(
      { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
      {
        blocks: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: file } }],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_edit",
            name: "Edit",
            input: { file_path: file, old_string: "one", new_string: "two" },
          },
        ],
      },
      { blocks: [{ type: "text", text: "Changed." }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "First question");
    await s.prompt(sessionId, "Change the file");
    expect(await rewind(s, { sessionId, toMessageId: "msg_one" })).toEqual({
      remainingMessageCount: 2,
      lastMessageId: "msg_one",
    });
    expect(readFileSync(file, "utf8")).toBe("two\n");

    // A whole fork before the next prompt copies the kept history only.
    const fork = (await s.agent.request("session/fork", { sessionId, cwd: s.workspace })) as {
      sessionId: string;
    };
    s.model.push({ blocks: [{ type: "text", text: "On the fork." }] });
    await s.prompt(fork.sessionId, "After the fork");
    expect(lastRequest(s)).toContain("First answer.");
    expect(lastRequest(s)).not.toContain("Change the file");

    // The marker that keeps the rewind beside the transcript goes with the session.
    const marker = markerOf(s, sessionId);
    expect(existsSync(marker)).toBe(true);
    await s.agent.request(methods.agent.session.delete, { sessionId });
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  it("cancels a running turn first (its prompt answers cancelled), then rewinds", async () => {
    const s = await scenario({
      script: [
        { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
        { kind: "hang" },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "First question");
    const running = s.prompt(sessionId, "Second question");
    await s.model.waitForMainRequest(2, 30_000);
    expect(await rewind(s, { sessionId, toMessageId: "msg_one" })).toEqual({
      remainingMessageCount: 2,
      lastMessageId: "msg_one",
    });
    expect((await running).stopReason).toBe("cancelled");
    s.model.push({ blocks: [{ type: "text", text: "Third answer." }] });
    expect((await s.prompt(sessionId, "Third question")).stopReason).toBe("end_turn");
    const sent = lastRequest(s);
    expect(sent).toContain("First answer.");
    expect(sent).toContain("Third question");
    expect(sent).not.toContain("Second question");
  }, 120_000);
});
