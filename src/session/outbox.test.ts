import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../client/client-port.js";
import { Outbox } from "./outbox.js";

/** A client that records the kind of every update it is handed, in order. */
function recordingClient(): { client: ClientPort; sent: string[] } {
  const sent: string[] = [];
  const client: ClientPort = {
    sessionUpdate: (_sessionId, update) => {
      sent.push(update.sessionUpdate);
      return Promise.resolve();
    },
    sessionUpdates: () => Promise.reject(new Error("not in this test")),
    requestPermission: () => Promise.reject(new Error("not in this test")),
    elicit: () => Promise.reject(new Error("not in this test")),
    notify: () => Promise.resolve(),
  };
  return { client, sent };
}

const text: SessionUpdate = {
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text: "late" },
};
const commands: SessionUpdate = {
  sessionUpdate: "available_commands_update",
  availableCommands: [],
};

describe("Outbox", () => {
  it("drops what a quiet session still produces and holds what the client must hear", () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("s1", client);
    outbox.hush();
    outbox.send(text);
    outbox.announce([commands]);
    expect(sent).toEqual([]);
    outbox.wake();
    expect(sent).toEqual(["available_commands_update"]);
    outbox.send(text);
    outbox.wake(); // awake already: nothing is sent twice
    expect(sent).toEqual(["available_commands_update", "agent_message_chunk"]);
  });

  it("holds routed announcements while quiet and routes them on waking, in order", () => {
    const sent: Array<[string, string]> = [];
    const client: ClientPort = {
      ...recordingClient().client,
      sessionUpdate: (sessionId, update) => {
        sent.push([sessionId, update.sessionUpdate]);
        return Promise.resolve();
      },
    };
    const outbox = new Outbox("root", client, (target) =>
      target === "toolu_a" ? "child-a" : undefined,
    );
    outbox.announceRouted([{ target: "toolu_a", update: text }]);
    expect(sent).toEqual([["child-a", "agent_message_chunk"]]);
    outbox.hush();
    outbox.announce([commands]);
    outbox.announceRouted([
      { target: "toolu_a", update: text },
      { target: null, update: text },
      { target: "toolu_gone", update: text },
    ]);
    expect(sent).toHaveLength(1);
    outbox.wake();
    expect(sent).toEqual([
      ["child-a", "agent_message_chunk"],
      ["root", "available_commands_update"],
      ["child-a", "agent_message_chunk"],
      ["root", "agent_message_chunk"],
    ]);
  });

  it("announces at once while the session may speak", () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("s1", client);
    outbox.announce([commands]);
    expect(sent).toEqual(["available_commands_update"]);
  });

  it("sends nothing once closed, held or not", () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("s1", client);
    outbox.hush();
    outbox.announce([commands]);
    outbox.closed = true;
    outbox.wake();
    outbox.send(text);
    expect(sent).toEqual([]);
  });

  it("routes each update to the session of its target, in order", async () => {
    const sent: Array<[string, string]> = [];
    const client: ClientPort = {
      ...recordingClient().client,
      sessionUpdate: (sessionId, update) => {
        sent.push([sessionId, update.sessionUpdate]);
        return Promise.resolve();
      },
    };
    const children: Record<string, string> = { toolu_a: "child-a" };
    const outbox = new Outbox("root", client, (target) => children[target]);
    outbox.route([
      { target: null, update: text },
      { target: "toolu_a", update: commands },
      { target: "toolu_unknown", update: text },
      { target: null, update: commands },
    ]);
    await outbox.flushed();
    expect(sent).toEqual([
      ["root", "agent_message_chunk"],
      ["child-a", "available_commands_update"],
      ["root", "available_commands_update"],
    ]);
  });

  it("sends a child's updates to the root session by default (the flat transcript)", () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("root", client);
    outbox.route([{ target: "toolu_a", update: text }]);
    expect(sent).toEqual(["agent_message_chunk"]);
  });

  it("writes an update that goes before an answer even when a cancel quieted the session", async () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("s1", client);
    const info: SessionUpdate = { sessionUpdate: "session_info_update" };
    let release!: (updates: SessionUpdate[]) => void;
    outbox.sendBeforeAnswer(new Promise((resolve) => (release = resolve)));
    outbox.after(() => sent.push("answer"));
    outbox.send(text); // queued behind the report, dropped once quiet
    outbox.hush();
    release([info]);
    await outbox.flushed();
    expect(sent).toEqual(["session_info_update", "answer"]);
  });

  it("drops an update before an answer once the session is closed", async () => {
    const { client, sent } = recordingClient();
    const outbox = new Outbox("s1", client);
    outbox.sendBeforeAnswer(Promise.resolve([{ sessionUpdate: "session_info_update" }]));
    outbox.closed = true;
    await outbox.flushed();
    expect(sent).toEqual([]);
  });

  it("sends a loud update also while quiet (a background child's), never once closed", async () => {
    const sent: Array<[string, string]> = [];
    const client: ClientPort = {
      ...recordingClient().client,
      sessionUpdate: (sessionId, update) => {
        sent.push([sessionId, update.sessionUpdate]);
        return Promise.resolve();
      },
    };
    const outbox = new Outbox("root", client);
    outbox.hush();
    outbox.send(text, "child-a");
    outbox.sendLoud(text, "child-a");
    outbox.sendLoud(commands, "root");
    outbox.closed = true;
    outbox.sendLoud(text, "child-a");
    await outbox.flushed();
    expect(sent).toEqual([
      ["child-a", "agent_message_chunk"],
      ["root", "available_commands_update"],
    ]);
  });

  it("tells a port that listens of cycles and tasks in their place, quiet or not; nothing once closed", async () => {
    const { client, sent } = recordingClient();
    const port: ClientPort = {
      ...client,
      cycle: (sessionId, event) => void sent.push(`${sessionId} cycle ${event.kind}`),
      task: (sessionId, event) => void sent.push(`${sessionId} task ${event.kind}`),
    };
    const outbox = new Outbox("s1", port);
    outbox.cycle({ kind: "started" });
    outbox.sendWhenReady(Promise.resolve([text]));
    outbox.task({ kind: "ended", taskId: "t", status: "completed" });
    // Behind the gate the text opened: not yet told.
    expect(sent).toEqual(["s1 cycle started"]);
    await outbox.flushed();
    outbox.hush();
    outbox.cycle({ kind: "ended", response: { stopReason: "end_turn" } });
    outbox.closed = true;
    outbox.task({ kind: "reset" });
    expect(sent).toEqual([
      "s1 cycle started",
      "agent_message_chunk",
      "s1 task ended",
      "s1 cycle ended",
    ]);
    // A port without them (v1's) is told nothing.
    const plain = recordingClient();
    const v1 = new Outbox("s1", plain.client);
    v1.cycle({ kind: "started" });
    v1.task({ kind: "reset" });
    expect(plain.sent).toEqual([]);
  });
});
