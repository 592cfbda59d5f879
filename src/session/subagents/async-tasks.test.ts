import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { asyncTasksFor, type AsyncTaskParts } from "./async-tasks.js";

/**
 * Which clients get a subagent's Lody task card (lody-contract.md §7.6: a fallback only):
 * a Lody client whose subagents stay on the root; not with Lody subagent events, not with
 * native child sessions (the RFD's `subagents`, AIR's `nativeSubagentSessions`).
 */
const messages = [
  {
    type: "assistant",
    parent_tool_use_id: null,
    message: {
      content: [{ type: "tool_use", id: "toolu_a", name: "Agent", input: { description: "Look" } }],
    },
  },
  {
    type: "system",
    subtype: "task_started",
    task_id: "a1",
    tool_use_id: "toolu_a",
    description: "Look",
    task_type: "local_agent",
    is_backgrounded: false,
  },
] as unknown as SDKMessage[];

function cardsFor(capabilities: unknown): SessionUpdate[] | undefined {
  const announced: SessionUpdate[] = [];
  const outbox = {
    announce: (updates: readonly SessionUpdate[]) => announced.push(...updates),
    announceRouted: () => {},
  };
  const parts = { sessionId: "s", outbox, slot: {} } as unknown as AsyncTaskParts;
  const tasks = asyncTasksFor(parseClientProfile(capabilities), parts);
  if (!tasks) return undefined;
  for (const message of messages) tasks.observe(message);
  return announced;
}

const air = (capabilities: string[]) => ({ jetbrains: { air: { version: 1, capabilities } } });

describe("asyncTasksFor: subagent task cards", () => {
  it("a Lody client whose subagents stay on the root gets the card", () => {
    expect(cardsFor({ _meta: { lody: {} } })).toMatchObject([
      { sessionUpdate: "tool_call", toolCallId: "task:a1", title: "Agent: Look" },
    ]);
  });

  it.each<[string, unknown]>([
    ["Lody subagent events", { _meta: { lody: { subagentEvents: { version: 1 } } } }],
    ["RFD child sessions", { subagents: {}, _meta: { lody: {} } }],
    ["AIR child sessions", { _meta: { lody: {}, ...air(["nativeSubagentSessions"]) } }],
  ])("a Lody client with %s gets none", (_name, capabilities) => {
    expect(cardsFor(capabilities)).toStrictEqual([]);
  });

  it("a plain client has no task cards at all", () => {
    expect(cardsFor({})).toBeUndefined();
  });
});
