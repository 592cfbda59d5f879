import { execFileSync } from "node:child_process";
import { constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { afterEach, describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../../test/support/synthetic-transcript.js";
import type { ClientPort } from "../../client/client-port.js";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { childSessionId } from "../../translation/subagents/child-session.js";
import { replayHistory } from "./history-replay.js";
import type { ReplayedChild } from "../subagents/subagent-child.js";

const sessionId = "31fdce0d-cf2c-4eff-82e2-7787c7a8fbed";
/** A transcript recorded from a real run (see transcript-replay.test.ts). */
const recorded = join(import.meta.dirname, "../../translation/replay/fixtures/bash-edit.jsonl");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recordingClient(updates: SessionUpdate[]): ClientPort {
  const refuse = () => Promise.reject(new Error("not expected in a replay"));
  return {
    sessionUpdate: async (_id, update) => void updates.push(update),
    sessionUpdates: async (_id, batch) => void updates.push(...batch),
    requestPermission: refuse,
    elicit: refuse,
    notify: refuse,
  };
}

async function replay(
  transcript: string,
  client: ClientPort = recordingClient([]),
): Promise<SessionUpdate[]> {
  const updates: SessionUpdate[] = [];
  const recording: ClientPort = {
    ...client,
    sessionUpdates: async (id, batch) => {
      updates.push(...batch);
      await client.sessionUpdates(id, batch);
    },
  };
  await replayHistory({
    sessionId,
    transcript,
    profile: PLAIN_CLIENT,
    flatSubagents: false,
    client: recording,
  });
  return updates;
}

describe("replayHistory", () => {
  it("reads the transcript once: the same updates from a pipe that can be read once", async () => {
    const fromFile = await replay(recorded);
    expect(fromFile.length).toBeGreaterThan(4);

    const dir = mkdtempSync(join(tmpdir(), "history-replay-"));
    dirs.push(dir);
    const fifo = join(dir, "once.jsonl");
    execFileSync("mkfifo", [fifo]);
    // The writer's open waits for the reader's; once it has closed, a second read of the
    // pipe would wait for a writer that never comes. After a while, one comes with
    // nothing to say: a second read then finds the pipe empty.
    const written = writeFile(fifo, readFileSync(recorded));
    const timer = setTimeout(() => {
      open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).then(
        (late) => late.close(),
        () => undefined, // no reader waiting
      );
    }, 3_000);
    const fromPipe = await replay(fifo).finally(() => clearTimeout(timer));
    await written;
    expect(fromPipe).toEqual(fromFile);
  });

  it("lets the event loop run while a long history is sent, so the transport writes as it goes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "history-replay-"));
    dirs.push(dir);
    const transcript = join(dir, `${sessionId}.jsonl`);
    const turns = Array.from({ length: 300 }, (_, k) => ({ prompt: `p${k}`, text: `t${k}` }));
    writeFileSync(transcript, syntheticTranscript({ sessionId, cwd: dir, turns }));
    // The transport accepts each update at once and writes a loop turn's lines together.
    let turnsRun = 0;
    const seen: number[] = [];
    const client = recordingClient([]);
    client.sessionUpdates = async (_id, batch) => void seen.push(...batch.map(() => turnsRun));
    const ticking = setInterval(() => turnsRun++, 0);
    try {
      await replay(transcript, client);
    } finally {
      clearInterval(ticking);
    }
    expect(seen.length).toBe(600);
    // Some loop turns ran between the first update and the last one.
    expect(seen.at(-1)! - seen[0]!).toBeGreaterThan(0);
  });
});

describe("replayHistory: native child sessions (RFD)", () => {
  const line = (entry: Record<string, unknown>) =>
    JSON.stringify({ sessionId, cwd: "/w", timestamp: "2026-12-01T00:00:00Z", ...entry });
  const parent = [
    line({ type: "user", uuid: "u1", parentUuid: null, message: { role: "user", content: "go" } }),
    line({
      type: "assistant",
      uuid: "a1",
      parentUuid: "u1",
      message: {
        id: "m1",
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: "toolu_a",
            name: "Agent",
            input: { description: "Look", prompt: "Look around" },
          },
        ],
      },
    }),
    line({
      type: "user",
      uuid: "u2",
      parentUuid: "a1",
      message: {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_a",
            content: [{ type: "text", text: "Found." }],
          },
        ],
      },
      toolUseResult: {
        status: "completed",
        agentId: "c1",
        content: [{ type: "text", text: "Found." }],
        worktreePath: "/w/.claude/worktrees/agent-c1",
      },
    }),
  ];
  const child = [
    line({
      type: "user",
      uuid: "c1",
      parentUuid: null,
      isSidechain: true,
      message: { role: "user", content: "Look around" },
    }),
    line({
      type: "assistant",
      uuid: "c2",
      parentUuid: "c1",
      isSidechain: true,
      message: { id: "cm", role: "assistant", content: [{ type: "text", text: "Found." }] },
    }),
  ];

  /** A SendMessage that runs the idle child again, whose run ends on a failed API call. */
  const resumed = {
    parent: [
      line({
        type: "assistant",
        uuid: "a2",
        parentUuid: "u2",
        message: {
          id: "m2",
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: "toolu_send",
              name: "SendMessage",
              input: { to: "c1", message: "Again" },
            },
          ],
        },
      }),
      line({
        type: "user",
        uuid: "u3",
        parentUuid: "a2",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_send", content: "Resumed." }],
        },
        toolUseResult: { success: true, resumedAgentId: "c1" },
      }),
    ],
    child: [
      line({
        type: "user",
        uuid: "c3",
        parentUuid: "c2",
        isSidechain: true,
        isMeta: true,
        origin: { kind: "coordinator" },
        message: { role: "user", content: "Again" },
      }),
      line({
        type: "assistant",
        uuid: "c4",
        parentUuid: "c3",
        isSidechain: true,
        isApiErrorMessage: true,
        message: { id: "cm2", role: "assistant", content: [{ type: "text", text: "API Error" }] },
      }),
    ],
  };

  async function replayed(
    capabilities: object,
    withChild: boolean,
    toolUseResult?: object,
    again = false,
  ) {
    const dir = mkdtempSync(join(tmpdir(), "history-replay-"));
    dirs.push(dir);
    const transcript = join(dir, `${sessionId}.jsonl`);
    const lines = toolUseResult
      ? [...parent.slice(0, 2), JSON.stringify({ ...JSON.parse(parent[2]!), toolUseResult })]
      : parent;
    writeFileSync(transcript, [...lines, ...(again ? resumed.parent : [])].join("\n") + "\n");
    if (withChild) {
      mkdirSync(join(dir, sessionId, "subagents"), { recursive: true });
      const childLines = [...child, ...(again ? resumed.child : [])];
      writeFileSync(
        join(dir, sessionId, "subagents", "agent-c1.jsonl"),
        childLines.join("\n") + "\n",
      );
    }
    const sent: Array<[string, Record<string, unknown>]> = [];
    const client = recordingClient([]);
    client.sessionUpdates = async (id, batch) =>
      void sent.push(...batch.map((u): [string, Record<string, unknown>] => [id, u as never]));
    children = await replayHistory({
      sessionId,
      transcript,
      profile: parseClientProfile({ subagents: {}, ...capabilities }),
      flatSubagents: true,
      client,
    });
    return sent;
  }
  /** The children the last replay handed over (for the live router). */
  let children: ReplayedChild[] = [];
  const childId = childSessionId(sessionId, "toolu_a");

  it("restores the child where it ran, with the answer it handed back before it went idle", async () => {
    const sent = await replayed({}, true);
    const onParent = sent.filter(([id]) => id === sessionId).map(([, u]) => u);
    expect(onParent.find((u) => u.sessionUpdate === "subagent_update")).toMatchObject({
      sessionId: childId,
      cwd: "/w/.claude/worktrees/agent-c1",
    });
    const answer = { content: [{ type: "text", text: "Found." }], senderSessionId: childId };
    expect(sent.filter(([, u]) => u.sessionUpdate !== "agent_message_chunk").slice(-3)).toEqual([
      [childId, expect.objectContaining({ ...answer, messageId: "toolu_a:answer" })],
      [sessionId, expect.objectContaining({ ...answer, messageId: "toolu_a:answer:received" })],
      [
        sessionId,
        {
          sessionUpdate: "subagent_update",
          sessionId: childId,
          state: { state: "idle", stopReason: "end_turn" },
        },
      ],
    ]);
    expect(sent.some(([, u]) => u.sessionUpdate === "tool_call")).toBe(false);
    // The live router learns the child as the client saw it last: a SendMessage may run it.
    expect(children).toStrictEqual([
      {
        session: {
          sessionId: childId,
          toolUseId: "toolu_a",
          title: "Look",
          agentType: undefined,
          prompt: "Look around",
          cwd: "/w/.claude/worktrees/agent-c1",
        },
        parentSessionId: sessionId,
        taskId: "c1",
        state: { state: "idle", stopReason: "end_turn" },
      },
    ]);
  });

  it("hands the live router a child in the state its last replayed run ended in", async () => {
    const sent = await replayed({}, true, undefined, true);
    expect(sent.filter(([, u]) => u.messageId === "toolu_send:prompt")).toHaveLength(1);
    expect(children.map((c) => [c.session.sessionId, c.taskId, c.state])).toEqual([
      [childId, "c1", { state: "idle", stopReason: "error" }],
    ]);
  });

  it("takes a child's answer from its last message when its result holds none (nested, background)", async () => {
    for (const structured of [{ status: "async_launched", agentId: "c1" }, { agentId: "c1" }]) {
      const sent = await replayed({}, true, structured);
      expect(sent.find(([, u]) => u.messageId === "toolu_a:answer:received")?.[1]).toMatchObject({
        content: [{ type: "text", text: "Found." }],
      });
    }
  });

  it.each([
    [
      "a notice",
      { session: { notices: {} } },
      {
        sessionUpdate: "notice",
        severity: "warning",
        title: "Subagent history unavailable",
        description:
          'The subagent "Look"\'s own history is not stored with this session, so it is shown as a tool call.',
      },
    ],
    [
      "a message line for a client without notices",
      {},
      {
        sessionUpdate: "agent_message_chunk",
        content: {
          type: "text",
          text: '**Subagent history unavailable:** The subagent "Look"\'s own history is not stored with this session, so it is shown as a tool call.',
        },
      },
    ],
  ])("keeps a child whose transcript is missing a tool call, with %s", async (_n, caps, notice) => {
    const sent = await replayed(caps, false);
    expect(children).toEqual([]);
    expect(sent.every(([id]) => id === sessionId)).toBe(true);
    const kinds = sent.map(([, u]) => u.sessionUpdate);
    expect(kinds).not.toContain("subagent_update");
    expect(kinds).not.toContain("session_message");
    expect(sent.map(([, u]) => u)).toContainEqual(notice);
    expect(sent.find(([, u]) => u.sessionUpdate === "tool_call")?.[1]).toMatchObject({
      toolCallId: "toolu_a",
      title: "Look",
    });
  });
});
