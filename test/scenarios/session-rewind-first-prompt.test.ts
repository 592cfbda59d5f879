import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type SessionNotification } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * `session/edit_prompt` on a session's first prompt (the session-rewind RFD): nothing of
 * the history is kept, the conversation starts over under the same ACP session id.
 */
const scenario = useScenarios();

/** The `messageId` of the last prompt answer the adapter wrote (raw: the SDK drops it). */
function lastAnswerId(s: Scenario): string {
  const answers = s.traffic
    .filter((t) => t.dir === "to-client")
    .map((t) => t.message as { result?: { stopReason?: unknown; messageId?: unknown } })
    .filter((m) => m.result?.stopReason !== undefined);
  const id = answers.at(-1)?.result?.messageId;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id as string;
}

/** The text of the messages of the last request Claude Code sent the model. */
const lastRequest = (s: Scenario) => JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);

/** Message chunks as `kind id text`, one string each. */
function chunks(updates: SessionNotification["update"][]): string[] {
  return updates.flatMap((u) =>
    (u.sessionUpdate === "user_message_chunk" || u.sessionUpdate === "agent_message_chunk") &&
    u.content.type === "text"
      ? [`${u.sessionUpdate} ${u.messageId ?? "-"} ${u.content.text}`]
      : [],
  );
}

/** The files of the session's project folder. */
function projectFiles(s: Scenario): string[] {
  const projects = join(s.configDir, "projects");
  return readdirSync(projects).flatMap((dir) => readdirSync(join(projects, dir)));
}

async function load(s: Scenario, sessionId: string): Promise<void> {
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
}

describe("session/edit_prompt on the first prompt", () => {
  it("starts the conversation over under the same session id: the model sees only the new prompt, a load (after a restart too) replays only the new history, the title the user gave stays", async () => {
    const s = await scenario();
    s.model.push(
      { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
      { id: "msg_two", blocks: [{ type: "text", text: "Second answer." }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "First question");
    const first = lastAnswerId(s);
    await s.prompt(sessionId, "Second question");
    await s.agent.request("session/set_title", { sessionId, title: "Kept title" });
    // The edit comes from a later adapter: what it knows of the session is on disk.
    await s.restartAdapter();
    await s.initialize();
    await load(s, sessionId);

    s.model.push({ id: "msg_edited", blocks: [{ type: "text", text: "Edited answer." }] });
    const answer = (await s.agent.request("session/edit_prompt", {
      sessionId,
      messageId: first,
      newContent: [{ type: "text", text: "Edited first question" }],
    })) as Record<string, unknown>;
    expect(answer.stopReason).toBe("end_turn");
    expect(answer.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.messageId).not.toBe(first);
    const edited = answer.messageId as string;
    const sent = lastRequest(s);
    expect(sent).toContain("Edited first question");
    for (const dropped of [
      '"First question"',
      "First answer.",
      "Second question",
      "Second answer.",
    ])
      expect(sent).not.toContain(dropped);
    // One transcript, the new one: the old one set aside during the edit is gone.
    expect(projectFiles(s).filter((f) => f.includes(sessionId))).toEqual([`${sessionId}.jsonl`]);

    const newHistory = [
      `user_message_chunk ${edited} Edited first question`,
      "agent_message_chunk msg_edited Edited answer.",
    ];
    await s.restartAdapter();
    await s.initialize();
    await load(s, sessionId);
    expect(chunks(s.updates(sessionId))).toEqual(newHistory);
    const listed = (await s.agent.request(methods.agent.session.list, {
      cwd: s.workspace,
    })) as { sessions: Array<{ sessionId: string; title?: string | null }> };
    expect(listed.sessions.map((r) => [r.sessionId, r.title])).toEqual([[sessionId, "Kept title"]]);

    // The conversation goes on from the new history.
    s.model.push({ id: "msg_next", blocks: [{ type: "text", text: "Next answer." }] });
    await s.prompt(sessionId, "Next question");
    const next = lastRequest(s);
    expect(next).toContain("Edited first question");
    expect(next).toContain("Edited answer.");
    expect(next).toContain("Next question");
    expect(next).not.toContain("Second question");
  }, 180_000);

  it("edits the first prompt again after an edit, and refuses (changing nothing) an unknown id or an agent message", async () => {
    const s = await scenario();
    s.model.push({ id: "msg_one", blocks: [{ type: "text", text: "First answer." }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "First question");
    const first = lastAnswerId(s);
    const edit = (messageId: string, text: string) =>
      s.agent.request("session/edit_prompt", {
        sessionId,
        messageId,
        newContent: [{ type: "text", text }],
      }) as Promise<Record<string, unknown>>;
    await expect(edit("msg_one", "x")).rejects.toMatchObject({ code: -32602 });
    await expect(edit("00000000-0000-4000-8000-000000000000", "x")).rejects.toMatchObject({
      code: -32602,
    });
    await expect(
      s.agent.request("session/edit_prompt", { sessionId, messageId: first, newContent: "x" }),
    ).rejects.toMatchObject({ code: -32602 });
    // Refused: the transcript is where it was, nothing set aside, no turn ran.
    expect(projectFiles(s).filter((f) => f.includes(sessionId))).toEqual([`${sessionId}.jsonl`]);
    expect(s.model.mainRequests()).toHaveLength(1);

    s.model.push({ id: "msg_a", blocks: [{ type: "text", text: "Answer A." }] });
    const a = await edit(first, "Version A");
    s.model.push({ id: "msg_b", blocks: [{ type: "text", text: "Answer B." }] });
    const b = await edit(a.messageId as string, "Version B");
    expect(b.stopReason).toBe("end_turn");
    const sent = lastRequest(s);
    expect(sent).toContain("Version B");
    expect(sent).not.toContain("Version A");
    expect(sent).not.toContain("First question");

    await load(s, sessionId);
    expect(chunks(s.updates(sessionId)).slice(-2)).toEqual([
      `user_message_chunk ${b.messageId as string} Version B`,
      "agent_message_chunk msg_b Answer B.",
    ]);
  }, 180_000);

  it("with _meta.claudeCode.restoreFiles puts back the files the first turn's Edit changed, from the old conversation's checkpoints", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    const file = join(s.workspace, "a.txt");
    writeFileSync(file, "one\n");
    s.model.push(
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
      { id: "msg_changed", blocks: [{ type: "text", text: "Changed." }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "Change the file");
    const first = lastAnswerId(s);
    expect(readFileSync(file, "utf8")).toBe("two\n");

    s.model.push({ id: "msg_edited", blocks: [{ type: "text", text: "Left alone." }] });
    const answer = (await s.agent.request("session/edit_prompt", {
      sessionId,
      messageId: first,
      newContent: [{ type: "text", text: "Leave the file alone" }],
      _meta: { claudeCode: { restoreFiles: true } },
    })) as { stopReason: string; _meta?: { claudeCode?: unknown } };
    expect(answer.stopReason).toBe("end_turn");
    expect(answer._meta?.claudeCode).toEqual({
      restoredFiles: { files: [file], insertions: 1, deletions: 1 },
    });
    expect(readFileSync(file, "utf8")).toBe("one\n");
    const sent = lastRequest(s);
    expect(sent).toContain("Leave the file alone");
    expect(sent).not.toContain("Change the file");
  }, 180_000);
});
