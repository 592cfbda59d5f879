import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { SUBAGENT_SCRIPT } from "../support/script-turns.js";
import { clientView } from "../support/update-shapes.js";

const scenario = useScenarios();

const FLAT = { _meta: { "subagent-transcript": true } } satisfies ClientCapabilities;

/** Records a conversation live, then loads it in a new adapter process with the same client. */
async function liveAndReplayed(
  s: Scenario,
  capabilities: ClientCapabilities,
  prompts: readonly string[],
) {
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  for (const prompt of prompts) {
    expect((await s.prompt(sessionId, prompt)).stopReason).toBe("end_turn");
  }
  const live = structuredClone(s.updates(sessionId));
  await s.restartAdapter();
  await s.initialize(capabilities);
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
  return { sessionId, live, replay: s.updates(sessionId) };
}

/** An AIR client without a subagent signal: a subagent's work stays off its root session. */
const AIR = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };

describe.each([
  ["plain", PROFILES.plain, true],
  ["flat transcript", FLAT, true],
  ["AIR", AIR, false],
])("replay of a subagent (%s client)", (_name, capabilities, flat) => {
  it("shows what the client saw live: the subagent's traffic where it went out live", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Bash", "Agent"] } },
      script: SUBAGENT_SCRIPT,
    });
    const { live, replay } = await liveAndReplayed(s, capabilities, ["delegate"]);
    // `clientView` leaves out the PostToolUse hook's `toolResponse`: a replay has none.
    expect(clientView(replay)).toEqual(clientView(live));
    const childCall = clientView(replay).find(
      (item) => item.kind === "tool_call" && item.toolCallId === "toolu_child",
    );
    if (flat) {
      expect(childCall).toMatchObject({
        fields: { status: "completed", _meta: { claudeCode: { parentToolUseId: "toolu_agent" } } },
      });
    } else {
      expect(childCall).toBeUndefined();
    }
  });
});

describe("replay of plans and compaction", () => {
  it("replays the task plan and the compaction as they went out live", async () => {
    const s = await scenario({
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
        { id: "msg_planned", blocks: [{ type: "text", text: "Planned." }] },
      ],
    });
    const { live, replay } = await liveAndReplayed(s, PROFILES.plain, ["plan it", "/compact"]);
    // The compaction's id is made up per run (live from Claude Code's status message).
    const sameIds = (items: unknown) =>
      JSON.parse(JSON.stringify(items).replace(/compact-[0-9a-f-]+/g, "compact-*"));
    expect(sameIds(clientView(replay))).toEqual(sameIds(clientView(live)));
    expect(clientView(replay).map((item) => item.kind)).toEqual([
      "plan",
      "agent_message_chunk",
      "tool_call",
    ]);
    expect(
      replay.filter((u) => u.sessionUpdate === "user_message_chunk").map((u) => u.content),
    ).toEqual([
      { type: "text", text: "plan it" },
      { type: "text", text: "/compact" },
    ]);
  });
});
