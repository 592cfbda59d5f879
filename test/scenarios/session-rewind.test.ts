import { methods, type SessionNotification } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** The raw answers the adapter wrote (the client SDK's schema drops fields it does not know). */
function rawAnswers(s: Scenario): Array<{ id: unknown; result?: Record<string, unknown> }> {
  return s.traffic
    .filter((t) => t.dir === "to-client")
    .map((t) => t.message as { id?: unknown; result?: Record<string, unknown> })
    .filter((m) => m.id !== undefined && m.result !== undefined) as Array<{
    id: unknown;
    result?: Record<string, unknown>;
  }>;
}

/** A prompt, and the `messageId` its raw answer carried (the message-id RFD). */
async function promptWithId(s: Scenario, sessionId: string, text: string): Promise<string> {
  const before = rawAnswers(s).length;
  expect((await s.prompt(sessionId, text)).stopReason).toBe("end_turn");
  const answer = rawAnswers(s)
    .slice(before)
    .find((a) => a.result?.stopReason !== undefined);
  const messageId = answer?.result?.messageId;
  expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
  return messageId as string;
}

/** Two turns: the session every rewind starts from. */
async function twoTurns(s: Scenario): Promise<{ sessionId: string; prompts: string[] }> {
  s.model.push(
    { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
    { id: "msg_two", blocks: [{ type: "text", text: "Second answer." }] },
  );
  await s.initialize();
  const sessionId = await s.newSession();
  const first = await promptWithId(s, sessionId, "First question");
  const second = await promptWithId(s, sessionId, "Second question");
  return { sessionId, prompts: [first, second] };
}

const rewind = (s: Scenario, params: Record<string, unknown>) =>
  s.agent.request("session/rewind", params) as Promise<Record<string, unknown>>;

/** The text of the last request Claude Code sent the model. */
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

describe("session/rewind (the session-rewind RFD)", () => {
  it("refuses unknown ids and an agent message for edit_prompt (changing nothing), keeps the history up to the message, and a load after a restart replays only that; the next prompt continues from it", async () => {
    const s = await scenario();
    const { sessionId, prompts } = await twoTurns(s);
    const initialize = await s.initialize();
    expect(
      (initialize.agentCapabilities as Record<string, unknown> | undefined)?.rewindSession,
    ).toEqual({ supported: true, supportsEditPrompt: true });

    await expect(rewind(s, { sessionId, toMessageId: "msg_nothing" })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(
      rewind(s, { sessionId: "00000000-0000-4000-8000-000000000000", toMessageId: "msg_one" }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      s.agent.request("session/edit_prompt", {
        sessionId,
        messageId: "msg_two",
        newContent: [{ type: "text", text: "x" }],
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("not a prompt") });

    expect(await rewind(s, { sessionId, toMessageId: "msg_one" })).toEqual({
      remainingMessageCount: 2,
      lastMessageId: "msg_one",
    });

    await s.restartAdapter();
    await s.initialize();
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(chunks(s.updates(sessionId))).toEqual([
      `user_message_chunk ${prompts[0]} First question`,
      "agent_message_chunk msg_one First answer.",
    ]);

    s.model.push({ id: "msg_three", blocks: [{ type: "text", text: "Third answer." }] });
    const third = await promptWithId(s, sessionId, "Third question");
    const sent = lastRequest(s);
    expect(sent).toContain("First question");
    expect(sent).toContain("First answer.");
    expect(sent).toContain("Third question");
    expect(sent).not.toContain("Second question");
    expect(sent).not.toContain("Second answer.");

    // The conversation went on from the kept message: a later load shows that branch.
    await s.restartAdapter();
    await s.initialize();
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(chunks(s.updates(sessionId))).toEqual([
      `user_message_chunk ${prompts[0]} First question`,
      "agent_message_chunk msg_one First answer.",
      `user_message_chunk ${third} Third question`,
      "agent_message_chunk msg_three Third answer.",
    ]);
  }, 180_000);

  it("session/edit_prompt re-runs an edited prompt from the history before it, answered like session/prompt", async () => {
    const s = await scenario();
    const { sessionId, prompts } = await twoTurns(s);
    s.model.push({ id: "msg_edited", blocks: [{ type: "text", text: "Edited answer." }] });
    const answer = (await s.agent.request("session/edit_prompt", {
      sessionId,
      messageId: prompts[1],
      newContent: [{ type: "text", text: "Second question, edited" }],
    })) as Record<string, unknown>;
    expect(answer.stopReason).toBe("end_turn");
    expect(answer.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.messageId).not.toBe(prompts[1]);
    const sent = lastRequest(s);
    expect(sent).toContain("First answer.");
    expect(sent).toContain("Second question, edited");
    expect(sent).not.toContain('"Second question"');
    expect(sent).not.toContain("Second answer.");
    expect(s.agentText(sessionId)).toContain("Edited answer.");
  }, 120_000);

  it("session/fork with a messageId copies the history up to it; an unknown id is -32602", async () => {
    const s = await scenario();
    const { sessionId } = await twoTurns(s);
    const forked = (await s.agent.request("session/fork", {
      sessionId,
      cwd: s.workspace,
      messageId: "msg_one",
    })) as { sessionId: string };
    s.model.push({ blocks: [{ type: "text", text: "On the fork." }] });
    await s.prompt(forked.sessionId, "After the fork");
    const sent = lastRequest(s);
    expect(sent).toContain("First answer.");
    expect(sent).not.toContain("Second question");
    await expect(
      s.agent.request("session/fork", { sessionId, cwd: s.workspace, messageId: "msg_nothing" }),
    ).rejects.toMatchObject({ code: -32602 });
  }, 120_000);
});
