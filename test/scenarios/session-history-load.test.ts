import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import { commandLine, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";
import { claudeCodeUp } from "../support/sync-points.js";
import { clientView } from "../support/update-shapes.js";

const scenario = useScenarios();

/** A conversation with thinking, text, a Bash call, a Read and an Edit, and its live updates. */
async function recordConversation(s: Scenario, profile: object) {
  const file = join(s.workspace, "notes.txt");
  writeFileSync(file, "alpha\nbeta\n");
  s.model.push(
    {
      id: "msg_first",
      blocks: [
        { type: "thinking", thinking: "Let me look first." },
        { type: "text", text: "I will run a command." },
        {
          type: "tool_use",
          id: "toolu_bash",
          name: "Bash",
          input: { command: "echo hi", description: "Say hi" },
        },
      ],
    },
    {
      id: "msg_read",
      blocks: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: file } }],
    },
    {
      id: "msg_edit",
      blocks: [
        {
          type: "tool_use",
          id: "toolu_edit",
          name: "Edit",
          input: { file_path: file, old_string: "beta", new_string: "BETA" },
        },
      ],
    },
    { id: "msg_done", blocks: [{ type: "text", text: "All done." }] },
  );
  await s.initialize(profile);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "Please do the things")).stopReason).toBe("end_turn");
  return { sessionId, live: structuredClone(s.updates(sessionId)) };
}

/** Updates that tell the conversation (not the session's commands, modes or title). */
const HISTORY_KINDS = new Set([
  "user_message_chunk",
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
  "plan",
]);
const isHistory = (update: { sessionUpdate: string }) => HISTORY_KINDS.has(update.sessionUpdate);

function loadSession(s: Scenario, sessionId: string) {
  return s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
}

describe.each(Object.entries(PROFILES))("session/load (%s client)", (_name, profile) => {
  it("replays the history in the shapes of the live traffic, before the answer; continues the conversation in Claude Code", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Bash"] } },
    });
    const { sessionId, live } = await recordConversation(s, profile);
    // A client that comes back later, to a new adapter process.
    await s.restartAdapter();
    await s.initialize(profile);
    const response = await loadSession(s, sessionId);
    expect(response).toMatchObject({ modes: expect.any(Object), configOptions: expect.any(Array) });

    const replay = s.updates(sessionId);
    expect(clientView(replay)).toEqual(clientView(live));
    expect(clientView(replay).map((item) => item.kind)).toEqual([
      "agent_thought_chunk",
      "agent_message_chunk",
      "tool_call",
      "tool_call",
      "tool_call",
      "agent_message_chunk",
    ]);
    // The read text and the final diff (upstream's hunk, without its last line break), as live.
    expect(JSON.stringify(clientView(replay))).toContain("```\\nalpha\\nbeta\\n```");
    expect(JSON.stringify(clientView(replay))).toContain(
      '"oldText":"alpha\\nbeta","newText":"alpha\\nBETA"',
    );
    expect(replay.filter((u) => u.sessionUpdate === "user_message_chunk")).toEqual([
      {
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: "Please do the things" },
        messageId: expect.any(String),
      },
    ]);
    // The commands went out with the replay, before the answer.
    expect(replay.filter((u) => !isHistory(u)).map((u) => u.sessionUpdate)).toEqual([
      "available_commands_update",
    ]);
    // Nothing for the session follows the answer: not the replay, not the commands. Sync
    // point: Claude Code is up and what its start announces went out, or was held (the
    // replay was written before the answer; the load may have answered from the cache,
    // Claude Code starting after it).
    expect(response.modes?.currentModeId).toBe("acceptEdits");
    await claudeCodeUp(s, sessionId, "acceptEdits");
    const sent = s.sentByAdapter();
    const answer = sent.findIndex(
      (m) => "id" in m && "result" in m && "modes" in (m.result as object),
    );
    const lastUpdate = sent.findLastIndex(
      (m) =>
        "method" in m && m.method === "session/update" && JSON.stringify(m).includes(sessionId),
    );
    expect(answer).toBeGreaterThan(lastUpdate);
    expect(s.updates(sessionId)).toHaveLength(replay.length);

    // The loaded session continues the conversation in Claude Code.
    s.model.push({ blocks: [{ type: "text", text: "Still here." }] });
    expect((await s.prompt(sessionId, "What did you do?")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toContain("Still here.");
    const request = JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);
    for (const earlier of [
      "Please do the things",
      "I will run a command.",
      "All done.",
      "What did you do?",
    ]) {
      expect(request).toContain(earlier);
    }
  });
});

describe("a loaded session", () => {
  it("that is open on this connection is replayed and keeps its one Claude Code", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "First." }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "one");
    const before = s.updates(sessionId).length;
    await loadSession(s, sessionId);
    const replayed = s.updates(sessionId).slice(before).filter(isHistory);
    expect(replayed.map((u) => u.sessionUpdate)).toEqual([
      "user_message_chunk",
      "agent_message_chunk",
    ]);
    // Claude Code session processes only (the login-state probe may run at the same time).
    const claude = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter((p) =>
      / --output-format stream-json /.test(commandLine(p)),
    );
    expect(claude).toHaveLength(1);
    s.model.push({ blocks: [{ type: "text", text: "Second." }] });
    expect((await s.prompt(sessionId, "two")).stopReason).toBe("end_turn");
  });

  it("loaded twice at once starts one Claude Code for both", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "Stored." }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "keep this");
    await s.restartAdapter();
    await s.initialize();
    await Promise.all([
      loadSession(s, sessionId),
      loadSession(s, sessionId),
      s.agent.request(methods.agent.session.resume, { sessionId, cwd: s.workspace }),
    ]);
    // Claude Code session processes only (the login-state probe may run at the same time).
    const claude = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter((p) =>
      / --output-format stream-json /.test(commandLine(p)),
    );
    expect(claude).toHaveLength(1);
    s.model.push({ blocks: [{ type: "text", text: "Once." }] });
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");
  });

  it("is invalidParams for an unknown or malformed session id", async () => {
    const s = await scenario();
    await s.initialize();
    for (const sessionId of ["6f1a4a8e-0000-4000-8000-000000000000", "../../etc/passwd"]) {
      await expect(loadSession(s, sessionId)).rejects.toMatchObject({ code: -32602 });
    }
  });
});
