import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../client/client-port.js";
import { ClientNotifications } from "./client-notifications.js";

function recorder(): { client: ClientPort; sent: Array<[string, unknown]> } {
  const sent: Array<[string, unknown]> = [];
  const client = {
    notify: async (method: string, params: unknown) => void sent.push([method, params]),
  } as unknown as ClientPort;
  return { client, sent };
}

const complete = {
  type: "system",
  subtype: "elicitation_complete",
  mcp_server_name: "echo",
  elicitation_id: "e1",
} as unknown as SDKMessage;
const other = { type: "system", subtype: "status" } as unknown as SDKMessage;

describe("ClientNotifications", () => {
  it.each<[string, boolean, SDKMessage, boolean, Array<[string, unknown]>]>([
    [
      "a URL completion for a URL client",
      true,
      complete,
      true,
      [["elicitation/complete", { elicitationId: "e1" }]],
    ],
    ["a URL completion for another client", false, complete, true, []],
    ["another message", true, other, false, []],
  ])("%s", (_name, url, message, consumed, expected) => {
    const { client, sent } = recorder();
    expect(new ClientNotifications("s1", client, url).observe(message)).toBe(consumed);
    expect(sent).toEqual(expected);
  });
});
