import { describe, expect, it } from "vitest";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/** The text the agent streamed in `updates`. */
const agentText = (updates: ReadonlyArray<{ sessionUpdate: string }>) =>
  updates
    .flatMap((u) =>
      u.sessionUpdate === "agent_message_chunk" &&
      "content" in u &&
      (u.content as { type: string }).type === "text"
        ? [(u.content as { text: string }).text]
        : [],
    )
    .join("");

describe("Claude Code's own cycle after background work", () => {
  it("a prompt sent while that cycle runs waits for it and gets its own answer", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_bg",
              name: "Bash",
              input: {
                command: "sleep 1; echo done",
                description: "Quick job",
                run_in_background: true,
              },
            },
          ],
        },
        textTurn("Started."),
        // Claude Code's follow-up once the task finished: slow, so the prompt meets it.
        { blocks: [{ type: "text", text: "FOLLOW-UP text." }], delayMs: 4000 },
        textTurn("SECOND answer."),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "start the job")).stopReason).toBe("end_turn");
    await s.model.waitForMainRequest(3, 30_000);
    const before = s.updates(sessionId).length;
    const response = await s.prompt(sessionId, "second question");
    expect(response.stopReason).toBe("end_turn");
    expect(agentText(s.updates(sessionId).slice(before))).toBe("SECOND answer.");
    // The prompt reached Claude Code after the follow-up cycle, in a request of its own.
    const fourth = await s.model.waitForMainRequest(4, 10_000);
    expect(JSON.stringify(fourth.body.messages)).toContain("second question");
  }, 90_000);
});
