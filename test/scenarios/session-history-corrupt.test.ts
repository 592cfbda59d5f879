import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { projectFolderName } from "../../src/sdk/transcript-paths.js";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

function transcriptPath(s: Scenario, sessionId: string): string {
  return join(s.configDir, "projects", projectFolderName(s.workspace), `${sessionId}.jsonl`);
}

function load(s: Scenario, sessionId: string) {
  return s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
}

describe("a damaged transcript", () => {
  it("loads what can be read, skips the rest, says so on stderr, and continues", async () => {
    const s = await scenario({
      script: [
        { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
        { id: "msg_two", blocks: [{ type: "text", text: "Second answer." }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "First question");
    await s.prompt(sessionId, "Second question");
    await s.restartAdapter();

    // Garbage and an entry type no one knows between the lines, a cut last line.
    const path = transcriptPath(s, sessionId);
    const lines = readFileSync(path, "utf8").split("\n");
    lines.splice(3, 0, "{this is not json", JSON.stringify({ type: "from-the-future", uuid: "x" }));
    writeFileSync(path, lines.join("\n"));
    appendFileSync(
      path,
      '{"type":"assistant","message":{"id":"msg_cut","content":[{"type":"text","te',
    );

    await s.initialize();
    await load(s, sessionId);
    const updates = s.updates(sessionId);
    const texts = updates.map((u) =>
      (u.sessionUpdate === "user_message_chunk" || u.sessionUpdate === "agent_message_chunk") &&
      u.content.type === "text"
        ? `${u.sessionUpdate === "user_message_chunk" ? "user" : "agent"}: ${u.content.text}`
        : u.sessionUpdate,
    );
    expect(texts).toEqual([
      "user: First question",
      "agent: First answer.",
      "user: Second question",
      "agent: Second answer.",
      "available_commands_update", // Claude Code is up before the answer
    ]);
    expect(s.adapterStderr).toMatch(/skipped unreadable lines of a stored session.*"lines":2/);

    s.model.push({ blocks: [{ type: "text", text: "Third answer." }] });
    expect((await s.prompt(sessionId, "Third question")).stopReason).toBe("end_turn");
    expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain(
      "Second answer.",
    );
  });

  it.each([
    ["is gone", (path: string) => rmSync(path)],
    ["is empty", (path: string) => writeFileSync(path, "")],
    ["holds nothing readable", (path: string) => writeFileSync(path, "{garbage\n\u0000\n")],
  ])("that %s is an unknown session", async (_name, damage) => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hello");
    await s.restartAdapter();
    damage(transcriptPath(s, sessionId));
    await s.initialize();
    await expect(load(s, sessionId)).rejects.toMatchObject({ code: -32602 });
    await expect(
      s.agent.request(methods.agent.session.resume, { sessionId, cwd: s.workspace }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
