import { describe, expect, it } from "vitest";
import { eventually, PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { bashTurn, gatedCommand, openGate, textTurn } from "../support/script-turns.js";

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

/** A Bash call that runs `command` in the background. */
const backgroundBash = (command: string) => ({
  blocks: [
    {
      type: "tool_use" as const,
      id: "toolu_bg",
      name: "Bash",
      input: { command, description: "Quick job", run_in_background: true },
    },
  ],
});

describe("Claude Code's own cycle after background work", () => {
  it.each([
    ["a plain client", PROFILES.plain],
    ["Zed", PROFILES.zed],
  ])(
    "reaches %s while no prompt runs: its tool calls, text and usage",
    async (_name, caps) => {
      const s = await scenario({
        settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
        script: [
          // Ends once the prompt has been answered.
          backgroundBash(gatedCommand("job.go")),
          textTurn("Started."),
          // Claude Code's follow-up once the task finished: a tool call, then text.
          bashTurn("echo checked", "toolu_follow"),
          { blocks: [{ type: "text", text: "The job is DONE." }], id: "msg_follow" },
        ],
      });
      await s.initialize(caps);
      const sessionId = await s.newSession();
      expect((await s.prompt(sessionId, "start the job")).stopReason).toBe("end_turn");
      const before = s.updates(sessionId).length;
      openGate(s, "job.go");
      await eventually(
        "the follow-up's usage",
        () =>
          s
            .updates(sessionId)
            .slice(before)
            .some((u) => u.sessionUpdate === "usage_update"),
        30_000,
      );
      const cycle = s.updates(sessionId).slice(before);
      expect(agentText(cycle)).toBe("The job is DONE.");
      const text = cycle.find((u) => u.sessionUpdate === "agent_message_chunk");
      expect(text).toMatchObject({ messageId: "msg_follow" });
      const call = cycle.find((u) => u.sessionUpdate === "tool_call");
      expect(call).toMatchObject({ toolCallId: "toolu_follow", kind: "execute" });
      expect(
        cycle.some(
          (u) =>
            u.sessionUpdate === "tool_call_update" &&
            (u as { toolCallId: string }).toolCallId === "toolu_follow" &&
            (u as { status?: string }).status === "completed",
        ),
      ).toBe(true);
      // Its text before its usage, which ends it.
      const kinds = cycle.map((u) => u.sessionUpdate);
      expect(kinds.indexOf("agent_message_chunk")).toBeLessThan(kinds.lastIndexOf("usage_update"));
    },
    90_000,
  );

  it("reaches the client after a cancel quieted the session", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
      script: [
        // Ends once the prompt was cancelled.
        backgroundBash(gatedCommand("job.go")),
        // Slow: the prompt is cancelled while it streams.
        { blocks: [{ type: "text", text: "Working on it..." }], delayMs: 1000 },
        textTurn("Heard after the cancel."),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const answer = s.prompt(sessionId, "start the job");
    await s.model.waitForMainRequest(2, 30_000);
    await s.cancel(sessionId);
    expect((await answer).stopReason).toBe("cancelled");
    const before = s.updates(sessionId).length;
    openGate(s, "job.go");
    await eventually(
      "the follow-up's text",
      () => agentText(s.updates(sessionId).slice(before)) === "Heard after the cancel.",
      30_000,
    );
  }, 90_000);

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
                // Ends once the prompt has been answered.
                command: gatedCommand("job.go"),
                description: "Quick job",
                run_in_background: true,
              },
            },
          ],
        },
        textTurn("Started."),
        // Claude Code's follow-up once the task finished: slow (six frames a second apart,
        // ~5 s), so the prompt sent once it started meets it.
        { blocks: [{ type: "text", text: "FOLLOW-UP text." }], delayMs: 1000 },
        textTurn("SECOND answer."),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "start the job")).stopReason).toBe("end_turn");
    openGate(s, "job.go");
    await s.model.waitForMainRequest(3, 30_000);
    const before = s.updates(sessionId).length;
    const response = await s.prompt(sessionId, "second question");
    expect(response.stopReason).toBe("end_turn");
    // The follow-up's text reaches the client, before the prompt's own answer.
    expect(agentText(s.updates(sessionId).slice(before))).toBe("FOLLOW-UP text.SECOND answer.");
    // The prompt reached Claude Code after the follow-up cycle, in a request of its own.
    const fourth = await s.model.waitForMainRequest(4, 10_000);
    expect(JSON.stringify(fourth.body.messages)).toContain("second question");
  }, 90_000);
});
