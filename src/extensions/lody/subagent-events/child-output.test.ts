import { describe, expect, it } from "vitest";
import { childOutput, mirrored, mirrorToolCallId } from "./child-output.js";

describe("childOutput", () => {
  it.each([
    [
      "a message chunk",
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "a" } },
    ],
    [
      "a thought chunk",
      { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "a" } },
    ],
    [
      "a tool call update",
      { sessionUpdate: "tool_call_update", toolCallId: "t", status: "completed" },
    ],
    ["a plan", { sessionUpdate: "plan", entries: [] }],
  ])("passes %s as it is", (_name, update) => {
    expect(childOutput(update)).toBe(update);
  });

  it.each([
    ["usage_update"],
    ["session_info_update"],
    ["available_commands_update"],
    ["user_message_chunk"],
  ])("streams no %s", (kind) => {
    expect(childOutput({ sessionUpdate: kind })).toBeUndefined();
  });

  it("gives a tool_call the ACP defaults of the fields it left out", () => {
    expect(
      childOutput({ sessionUpdate: "tool_call", toolCallId: "t", title: "Read" }),
    ).toStrictEqual({
      sessionUpdate: "tool_call",
      toolCallId: "t",
      title: "Read",
      status: "pending",
      kind: "other",
      content: [],
      locations: [],
    });
    const full = {
      sessionUpdate: "tool_call",
      toolCallId: "t",
      title: "x",
      status: "in_progress",
      kind: "read",
      content: [1],
      locations: [2],
    };
    expect(childOutput(full)).toStrictEqual(full);
  });
});

describe("mirrors on the root", () => {
  it("encodes the run id and the tool call id", () => {
    expect(mirrorToolCallId("run:1/a", "toolu 2")).toBe("subagent:run%3A1%2Fa:toolu%202");
  });

  it("renames the call and adds _meta.lody beside its own _meta", () => {
    expect(
      mirrored(
        { toolCallId: "toolu_b", title: "Bash", _meta: { claudeCode: { toolName: "Bash" } } },
        "run-1",
      ),
    ).toStrictEqual({
      toolCallId: "subagent:run-1:toolu_b",
      title: "Bash",
      _meta: {
        claudeCode: { toolName: "Bash" },
        lody: { subagentRunId: "run-1", subagentToolCallId: "toolu_b" },
      },
    });
  });
});
