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
});
