import { describe, expect, it } from "vitest";
import { subagentEvent, validEvent, validOutput } from "./schema.js";

const envelope = { version: 1, sessionId: "root", runId: "run-1" };
const snapshot = {
  state: "running",
  support: { stream: ["text"], progress: true, outputRead: "none", cancel: false },
};
const text = { type: "text", text: "hi" };
const toolCall = {
  sessionUpdate: "tool_call",
  toolCallId: "t",
  title: "Read",
  kind: "read",
  status: "pending",
  content: [],
  locations: [],
};

describe("the subagent event envelope (acceptance checks 2, 3, 4)", () => {
  it.each([
    ["a snapshot", { ...envelope, type: "snapshot", snapshot }, true],
    ["an empty runId", { ...envelope, runId: "", type: "snapshot", snapshot }, false],
    ["an empty sessionId", { ...envelope, sessionId: "", type: "snapshot", snapshot }, false],
    ["version 2", { ...envelope, version: 2, type: "snapshot", snapshot }, false],
    ["an unknown type", { ...envelope, type: "state", snapshot }, false],
    [
      "state as an array",
      { ...envelope, type: "snapshot", snapshot: { ...snapshot, state: ["running"] } },
      false,
    ],
    [
      "outputRead as an array",
      {
        ...envelope,
        type: "snapshot",
        snapshot: { ...snapshot, support: { ...snapshot.support, outputRead: ["none"] } },
      },
      false,
    ],
    [
      "reason.code as an array",
      { ...envelope, type: "snapshot", snapshot: { ...snapshot, reason: { code: ["error"] } } },
      false,
    ],
    [
      "outputIncomplete false (only true exists)",
      { ...envelope, type: "snapshot", snapshot: { ...snapshot, outputIncomplete: false } },
      false,
    ],
    [
      "a disconnected unknown run",
      {
        ...envelope,
        type: "snapshot",
        snapshot: {
          ...snapshot,
          state: "unknown",
          outputIncomplete: true,
          reason: { code: "disconnected" },
        },
      },
      true,
    ],
    [
      "progress with summary null",
      { ...envelope, type: "progress", progress: { summary: null } },
      true,
    ],
    [
      "progress totalTokens -1",
      { ...envelope, type: "progress", progress: { totalTokens: -1 } },
      false,
    ],
    [
      "progress contextTokens Infinity",
      { ...envelope, type: "progress", progress: { contextTokens: Infinity } },
      false,
    ],
    [
      "progress of the adapter",
      {
        ...envelope,
        type: "progress",
        progress: {
          summary: "s",
          lastToolName: "Read",
          totalTokens: 10,
          toolCallCount: 1,
          durationMs: 5,
        },
      },
      true,
    ],
    ["output", { ...envelope, type: "output", update: toolCall }, true],
  ])("%s", (_name, event, valid) => {
    expect(validEvent(event)).toBe(valid);
    expect(subagentEvent.safeParse(event).success).toBe(valid);
  });
});

describe("output updates (acceptance checks 5, 6, 7)", () => {
  it.each([
    ["a tool_call", toolCall, true],
    ["a tool_call with name", { ...toolCall, name: "Read" }, true],
    ["usage_update", { sessionUpdate: "usage_update", used: 1, size: 2 }, false],
    ["tool_call status null", { ...toolCall, status: null }, false],
    ["tool_call status unknown", { ...toolCall, status: "unknown" }, false],
    ["tool_call _meta []", { ...toolCall, _meta: [] }, false],
    ["tool_call line 1.5", { ...toolCall, locations: [{ path: "/a", line: 1.5 }] }, false],
    ["tool_call name {}", { ...toolCall, name: {} }, false],
    ["tool_call without title", { ...toolCall, title: undefined }, false],
    ["tool_call without kind", { ...toolCall, kind: undefined }, false],
    [
      "tool_call_update status null, content null",
      { sessionUpdate: "tool_call_update", toolCallId: "t", status: null, content: null },
      true,
    ],
    [
      "audience system",
      {
        sessionUpdate: "agent_message_chunk",
        content: { ...text, annotations: { audience: ["system"] } },
      },
      false,
    ],
    [
      "audience user",
      {
        sessionUpdate: "agent_message_chunk",
        content: { ...text, annotations: { audience: ["user"] } },
      },
      true,
    ],
    [
      "image uri []",
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "image", data: "", mimeType: "image/png", uri: [] },
      },
      false,
    ],
    [
      "link size bad",
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "resource_link", uri: "file:///a", name: "a", size: "bad" },
      },
      false,
    ],
    [
      "chunk messageId 5",
      { sessionUpdate: "agent_thought_chunk", content: text, messageId: 5 },
      false,
    ],
    [
      "a thought chunk",
      { sessionUpdate: "agent_thought_chunk", content: text, messageId: "m" },
      true,
    ],
    ["plan _meta 5", { sessionUpdate: "plan", entries: [], _meta: 5 }, false],
    [
      "a plan",
      { sessionUpdate: "plan", entries: [{ content: "a", priority: "medium", status: "pending" }] },
      true,
    ],
  ])("%s", (_name, update, valid) => {
    expect(validOutput(update)).toBe(valid);
  });
});
