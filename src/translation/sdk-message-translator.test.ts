import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { unrouted } from "../../test/support/unrouted.js";
import { parseClientProfile } from "../extensions/compose.js";
import { SdkMessageTranslator } from "./sdk-message-translator.js";

// Each message kind reaches its translator; SDK messages carry only the fields read.
const sdk = (message: Record<string, unknown>) => message as unknown as SDKMessage;
const streamEvent = (event: Record<string, unknown>, parent: string | null = null) =>
  sdk({ type: "stream_event", parent_tool_use_id: parent, event });
const assistant = (content: unknown[], extra: Record<string, unknown> = {}) =>
  sdk({ type: "assistant", parent_tool_use_id: null, message: { id: "msg_1", content }, ...extra });
const compactionClient = parseClientProfile({ session: { compaction: {} } });
const readMeta = { claudeCode: { toolName: "Read" } };

describe("SdkMessageTranslator", () => {
  it("sends streamed text, then opens and refines a streamed tool use", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    expect(t.translate(streamEvent({ type: "message_start", message: { id: "msg_1" } }))).toEqual(
      [],
    );
    expect(
      t.translate(
        streamEvent({
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "Hi" },
        }),
      ),
    ).toEqual([
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "Hi" },
        messageId: "msg_1",
      },
    ]);
    expect(
      t.translate(
        streamEvent({
          type: "content_block_start",
          index: 1,
          content_block: { type: "tool_use", id: "toolu_1", name: "Read", input: {} },
        }),
      ),
    ).toMatchObject([{ sessionUpdate: "tool_call", toolCallId: "toolu_1", rawInput: {} }]);
    expect(
      t.translate(
        streamEvent({
          type: "content_block_start",
          index: 2,
          content_block: { type: "text", text: "" },
        }),
      ),
    ).toEqual([]);
    expect(
      t.translate(
        streamEvent({
          type: "content_block_delta",
          index: 1,
          delta: { type: "input_json_delta", partial_json: '{"file_path": "/a"}' },
        }),
      ),
    ).toMatchObject([{ toolCallId: "toolu_1", rawInput: { file_path: "/a" } }]);
    expect(t.translate(streamEvent({ type: "message_stop" }))).toEqual([]);
    // The stream of index 1 ended with the message.
    expect(
      t.translate(
        streamEvent({
          type: "content_block_delta",
          index: 1,
          delta: { type: "input_json_delta", partial_json: '{"file_path": "/b"}' },
        }),
      ),
    ).toEqual([]);
  });

  it("sends a complete message's text before its tool calls", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    expect(
      t
        .translate(
          assistant([
            { type: "text", text: "Reading" },
            { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } },
            { type: "server_tool_use", id: "srv_1", name: "WebSearch", input: { query: "q" } },
            { type: "mcp_tool_use", id: "mcp_1", name: "mcp__x__y", input: {} },
          ]),
        )
        .map((u) => [u.sessionUpdate, (u as { toolCallId?: string }).toolCallId]),
    ).toEqual([
      ["agent_message_chunk", undefined],
      ["tool_call", "toolu_1"],
      ["tool_call", "srv_1"],
      ["tool_call", "mcp_1"],
    ]);
    expect(t.translate(assistant([{ type: "text", text: "only text" }]))).toEqual([
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "only text" },
        messageId: "msg_1",
      },
    ]);
  });

  it("sends nothing of an API error's synthetic message", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    expect(
      t.translate(
        assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: {} }], {
          error: "rate_limit",
        }),
      ),
    ).toEqual([]);
  });

  it("reports tool results of a user message, and skips other blocks", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(
      assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } }]),
    );
    const user = (content: unknown, extra: Record<string, unknown> = {}) =>
      sdk({ type: "user", parent_tool_use_id: null, message: { role: "user", content }, ...extra });
    expect(t.translate(user("plain text"))).toEqual([]);
    expect(
      t.translate(
        user([
          { type: "text", text: "x" },
          { type: "tool_result", tool_use_id: 7, content: "x" },
          null,
        ]),
      ),
    ).toEqual([]);
    expect(
      t.translate(
        user([{ type: "tool_result", tool_use_id: "toolu_1", content: "hello" }], {
          tool_use_result: { file: { content: "hello" } },
        }),
      ),
    ).toEqual([
      // The full tool response first, as upstream's PostToolUse update, then the result.
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        _meta: { claudeCode: { toolName: "Read", toolResponse: { file: { content: "hello" } } } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```\nhello\n```" } }],
        rawOutput: "hello",
        _meta: { claudeCode: { toolName: "Read", toolResponse: { file: { content: "hello" } } } },
      },
    ]);
  });

  it("marks a tool call running on a progress beat", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(
      assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } }]),
    );
    expect(
      t.translate(sdk({ type: "tool_progress", tool_use_id: "toolu_1", parent_tool_use_id: null })),
    ).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        status: "in_progress",
        _meta: readMeta,
      },
    ]);
  });

  it("follows a compaction from its start to its boundary", () => {
    const t = unrouted(new SdkMessageTranslator(compactionClient, false));
    // The opening waits for the PreCompact hook's trigger.
    expect(
      t.translate(sdk({ type: "system", subtype: "status", status: "compacting", uuid: "u1" })),
    ).toEqual([]);
    expect(t.compaction.triggered("manual")).toEqual([
      { sessionUpdate: "compaction_update", compactionId: "compact-u1", status: "in_progress" },
    ]);
    expect(
      t.translate(sdk({ type: "system", subtype: "status", status: null, uuid: "u2" })),
    ).toEqual([]);
    expect(
      t.translate(
        sdk({ type: "system", subtype: "status", compact_result: "success", uuid: "u3" }),
      ),
    ).toEqual([]);
    expect(t.translate(sdk({ type: "system", subtype: "compact_boundary", uuid: "u4" }))).toEqual([
      { sessionUpdate: "compaction_update", compactionId: "compact-u1", status: "completed" },
    ]);
  });

  it("reports the boundary's metadata as the compaction's facts", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(sdk({ type: "system", subtype: "status", status: "compacting", uuid: "u1" }));
    const boundary = sdk({
      type: "system",
      subtype: "compact_boundary",
      uuid: "u2",
      compact_metadata: { trigger: "auto", pre_tokens: 190016, post_tokens: 2456, duration_ms: 56 },
    });
    expect(t.translate(boundary).at(-1)).toMatchObject({
      sessionUpdate: "tool_call_update",
      status: "completed",
      rawOutput: { trigger: "automatic", preTokens: 190016, postTokens: 2456, durationMs: 56 },
    });
  });

  it("ends a compaction as failed when Claude reports it failed, with its error", () => {
    const t = unrouted(new SdkMessageTranslator(compactionClient, false));
    t.translate(sdk({ type: "system", subtype: "status", status: "compacting", uuid: "u1" }));
    t.compaction.triggered("auto");
    expect(t.translate(sdk({ type: "system", subtype: "init", uuid: "u2" }))).toEqual([]);
    expect(
      t.translate(
        sdk({
          type: "system",
          subtype: "status",
          compact_result: "failed",
          compact_error: "too_few_groups",
          uuid: "u3",
        }),
      ),
    ).toEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "failed",
        error: "Not enough messages to compact.",
      },
    ]);
  });

  it.each([
    [
      "a local command's output is the agent's text",
      "Total cost: $0.00",
      [
        {
          sessionUpdate: "agent_message_chunk",
          content: { type: "text", text: "Total cost: $0.00" },
          messageId: "u-out",
        },
      ],
    ],
    ["empty output is nothing", "", []],
    ["output that is not text is nothing", 42, []],
  ])("%s", (_name, content, updates) => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    const message = sdk({
      type: "system",
      subtype: "local_command_output",
      content,
      uuid: "u-out",
    });
    expect(t.translate(message)).toStrictEqual(updates);
  });

  it("ignores other messages", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    expect(t.translate(sdk({ type: "result", subtype: "success" }))).toEqual([]);
  });

  it("forgets a finished turn's streams and tool calls", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(streamEvent({ type: "message_start", message: { id: "msg_1" } }));
    t.translate(
      assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } }]),
    );
    t.endTurn();
    expect(
      t.translate(sdk({ type: "tool_progress", tool_use_id: "toolu_1", parent_tool_use_id: null })),
    ).toEqual([]);
    expect(
      t.translate(
        streamEvent({
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "x" },
        }),
      ),
    ).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } }]);
  });

  it("keeps across turns the streams and tool calls of the subagents it is told outlive them", () => {
    const t = new SdkMessageTranslator(parseClientProfile({}), true);
    t.keepAcrossTurns((parent) => parent === "toolu_bg");
    t.translate(streamEvent({ type: "message_start", message: { id: "msg_bg" } }, "toolu_bg"));
    t.translate(
      assistant([{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/a" } }], {
        parent_tool_use_id: "toolu_bg",
      }),
    );
    t.endTurn();
    expect(t.tools.parentOf("toolu_1")).toBe("toolu_bg");
    const chunk = t.translate(
      streamEvent(
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "x" } },
        "toolu_bg",
      ),
    );
    expect(chunk.map((r) => (r.update as { messageId?: string }).messageId)).toEqual(["msg_bg"]);
  });

  it("passes subagent traffic through only for a flat transcript", () => {
    const sub = assistant([{ type: "text", text: "sub" }], { parent_tool_use_id: "toolu_p" });
    expect(
      unrouted(new SdkMessageTranslator(parseClientProfile({}), false)).translate(sub),
    ).toEqual([]);
    expect(unrouted(new SdkMessageTranslator(parseClientProfile({}), true)).translate(sub)).toEqual(
      [
        {
          sessionUpdate: "agent_message_chunk",
          content: { type: "text", text: "sub" },
          messageId: "msg_1",
          _meta: { claudeCode: { parentToolUseId: "toolu_p" } },
        },
      ],
    );
  });
});

describe("SdkMessageTranslator: Claude Code's capabilities", () => {
  it("knows the capabilities of the latest system/init and sends nothing for it", () => {
    const t = new SdkMessageTranslator(parseClientProfile({}), false);
    const init = (capabilities?: unknown) =>
      sdk({ type: "system", subtype: "init", uuid: "u", capabilities });
    expect(t.cliSupports("ask_user_question_unanswered_v1")).toBe(false);
    expect(t.translate(init(["msg_lifecycle_v1", "ask_user_question_unanswered_v1"]))).toEqual([]);
    expect(t.cliSupports("ask_user_question_unanswered_v1")).toBe(true);
    expect(t.cliSupports("msg_lifecycle_v1")).toBe(true);
    // An init without the list (an older Claude Code) keeps what was known.
    t.translate(init());
    expect(t.cliSupports("ask_user_question_unanswered_v1")).toBe(true);
    t.translate(init(["msg_lifecycle_v1"]));
    expect(t.cliSupports("ask_user_question_unanswered_v1")).toBe(false);
  });
});

describe("SdkMessageTranslator: a tool refused without asking", () => {
  const bash = (id: string) =>
    assistant([{ type: "tool_use", id, name: "Bash", input: { command: "rm /w/x" } }]);
  const denied = (id: string, extra: Record<string, unknown> = {}) =>
    sdk({
      type: "system",
      subtype: "permission_denied",
      tool_name: "Bash",
      tool_use_id: id,
      decision_reason_type: "classifier",
      decision_reason: "Deletes /home/me/work/x",
      message: "Refused.",
      ...extra,
    });
  const result = (id: string, kind?: string) =>
    sdk({
      type: "user",
      parent_tool_use_id: null,
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: id, content: "Refused.", is_error: true }],
      },
      ...(kind ? { tool_result_meta: [{ id, non_execution_kind: kind }] } : {}),
    });
  const reason = (text: string) => [{ type: "content", content: { type: "text", text } }];

  it("fails the tool call with the redacted reason, and takes the kind Claude Code stamped", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(bash("toolu_1"));
    const response = {
      decisionReasonType: "classifier",
      decisionReason: "Deletes [path]",
      message: "Refused.",
    };
    expect(t.translate(denied("toolu_1"))).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        status: "failed",
        content: reason("Permission denied: Deletes [path]"),
        _meta: {
          claudeCode: {
            toolName: "Bash",
            toolResponse: response,
            nonExecutionKind: "automode-blocked",
          },
        },
      },
    ]);
    // The result repeats the refusal the denial already reported: only the kind Claude
    // Code stamped goes out (no second content, no terminal keys).
    expect(t.translate(result("toolu_1", "automode-unavailable"))).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        _meta: {
          claudeCode: {
            toolName: "Bash",
            toolResponse: response,
            nonExecutionKind: "automode-unavailable",
          },
        },
      },
    ]);
  });

  it("sends nothing more for the result of a refusal it already reported", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(bash("toolu_1"));
    expect(t.translate(denied("toolu_1"))).toHaveLength(1);
    expect(t.translate(result("toolu_1"))).toEqual([]);
  });

  it("redacts with the session's redaction", () => {
    const t = unrouted(
      new SdkMessageTranslator(parseClientProfile({}), false, undefined, () => "[hidden]"),
    );
    t.translate(bash("toolu_1"));
    expect(t.translate(denied("toolu_1"))).toMatchObject([
      { content: reason("Permission denied: [hidden]") },
    ]);
  });

  it("ignores a denial of a tool call it does not know, one already ended, or a malformed one", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    expect(t.translate(denied("toolu_unknown"))).toEqual([]);
    t.translate(bash("toolu_1"));
    expect(t.translate(denied("toolu_1", { message: undefined }))).toEqual([]);
    t.translate(result("toolu_1"));
    expect(t.translate(denied("toolu_1"))).toEqual([]);
  });

  it("keeps the kind of a tool that ran, whatever the sidecar says", () => {
    const t = unrouted(new SdkMessageTranslator(parseClientProfile({}), false));
    t.translate(bash("toolu_1"));
    const [update] = t.translate(result("toolu_1", "interrupted"));
    expect(update).toMatchObject({ status: "failed", _meta: { claudeCode: { toolName: "Bash" } } });
    expect(JSON.stringify(update)).not.toContain("nonExecutionKind");
  });
});
