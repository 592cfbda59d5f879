import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import {
  v1McpServer,
  v1Prompt,
  v1SessionParams,
  v2ChildState,
  v2Commands,
  v2ConfigOptions,
  v2Failed,
  v2Idle,
  v2RequiresAction,
  v2Running,
  v2SessionList,
  v2ToolCall,
  v2ToolCallContent,
  v2Update,
  v2UserMessage,
} from "./mapping.js";

describe("v1SessionParams / v1McpServer", () => {
  it("keeps cwd and additional directories, maps MCP servers", () => {
    expect(
      v1SessionParams({
        cwd: "/w",
        additionalDirectories: ["/x"],
        mcpServers: [{ type: "stdio", name: "s", command: "/bin/s" }],
      }),
    ).toEqual({
      cwd: "/w",
      additionalDirectories: ["/x"],
      mcpServers: [{ name: "s", command: "/bin/s", args: [], env: [] }],
    });
    expect(v1SessionParams({ cwd: "/w" })).toStrictEqual({ cwd: "/w", mcpServers: [] });
    expect(v1SessionParams({ cwd: "/w", _meta: null })).toStrictEqual({
      cwd: "/w",
      mcpServers: [],
    });
  });

  it("passes the agent's _meta keys (claudeCode.options) through", () => {
    const _meta = { claudeCode: { options: { allowedTools: ["Grep"] } } };
    expect(v1SessionParams({ cwd: "/w", _meta })).toStrictEqual({
      cwd: "/w",
      mcpServers: [],
      _meta,
    });
  });

  it("passes the client's system prompt through (the same shape on v1)", () => {
    const systemPrompt = { mode: "append", content: [{ type: "text", text: "A" }] };
    expect(v1SessionParams({ cwd: "/w", systemPrompt })).toStrictEqual({
      cwd: "/w",
      mcpServers: [],
      systemPrompt,
    });
    // A null system prompt is none: no key at all (the agent reads the key's presence).
    expect(v1SessionParams({ cwd: "/w", systemPrompt: null })).toStrictEqual({
      cwd: "/w",
      mcpServers: [],
    });
  });

  it("passes v2 prompt content as the same v1 blocks", () => {
    const prompt = [{ type: "text" as const, text: "hi" }];
    expect(v1Prompt(prompt)).toEqual([{ type: "text", text: "hi" }]);
  });

  it.each([
    [
      { type: "stdio", name: "s", command: "/c", args: ["-a"], env: [{ name: "K", value: "v" }] },
      [{ name: "s", command: "/c", args: ["-a"], env: [{ name: "K", value: "v" }] }],
    ],
    [
      { type: "http", name: "h", url: "http://x" },
      [{ type: "http", name: "h", url: "http://x", headers: [] }],
    ],
  ])("%j → %j", (server, expected) => {
    expect(v1McpServer(server as never)).toEqual(expected);
  });

  it("a transport v2 does not get advertised is invalid input", () => {
    expect(() => v1McpServer({ type: "acp", name: "a", serverId: "1" } as never)).toThrow(
      'MCP server "a": transport "acp" is not supported',
    );
  });
});

describe("v2ConfigOptions", () => {
  it("renames id → configId and group → groupId", () => {
    const options: v1.SessionConfigOption[] = [
      {
        id: "mode",
        name: "Mode",
        description: "How Claude asks",
        category: "mode",
        type: "select",
        currentValue: "default",
        options: [{ value: "default", name: "Default", description: "d" }],
      },
      {
        id: "model",
        name: "Model",
        type: "select",
        currentValue: "a",
        options: [{ group: "g", name: "G", options: [{ value: "a", name: "A" }] }],
      },
      { id: "fast", name: "Fast", type: "boolean", currentValue: true },
    ];
    expect(v2ConfigOptions(options)).toEqual([
      {
        type: "select",
        configId: "mode",
        name: "Mode",
        description: "How Claude asks",
        category: "mode",
        currentValue: "default",
        options: [{ value: "default", name: "Default", description: "d" }],
      },
      {
        type: "select",
        configId: "model",
        name: "Model",
        currentValue: "a",
        options: [{ groupId: "g", name: "G", options: [{ value: "a", name: "A" }] }],
      },
      { type: "boolean", configId: "fast", name: "Fast", currentValue: true },
    ]);
  });
});

describe("v2Commands", () => {
  it("tags commands and their text input", () => {
    expect(
      v2Commands([
        { name: "a", description: "A" },
        { name: "b", description: "B", input: { hint: "h" } },
      ]),
    ).toEqual([
      { type: "command", name: "a", description: "A" },
      { type: "command", name: "b", description: "B", input: { type: "text", hint: "h" } },
    ]);
  });
});

describe("v2SessionList", () => {
  it("keeps the rows' fields and the cursor, not v1's _meta", () => {
    expect(
      v2SessionList({
        sessions: [
          { sessionId: "s", cwd: "/w", title: "T", updatedAt: "2026", _meta: { x: 1 } },
          { sessionId: "t", cwd: "/w", title: null, additionalDirectories: ["/x"] },
          { sessionId: "u", cwd: "/w", archived: true },
        ],
        nextCursor: "c",
      }),
    ).toEqual({
      sessions: [
        { sessionId: "s", cwd: "/w", title: "T", updatedAt: "2026" },
        { sessionId: "t", cwd: "/w", additionalDirectories: ["/x"] },
        { sessionId: "u", cwd: "/w", archived: true },
      ],
      nextCursor: "c",
    });
    expect(v2SessionList({ sessions: [] })).toEqual({ sessions: [] });
  });
});

describe("state updates", () => {
  it.each([
    [v2Running(), { sessionUpdate: "state_update", state: "running" }],
    [v2RequiresAction(), { sessionUpdate: "state_update", state: "requires_action" }],
    [
      v2Idle({ stopReason: "end_turn" }),
      { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" },
    ],
    [
      v2Idle({
        stopReason: "cancelled",
        usage: { totalTokens: 3, inputTokens: 1, outputTokens: 2 },
      }),
      {
        sessionUpdate: "state_update",
        state: "idle",
        stopReason: "cancelled",
        usage: { totalTokens: 3, inputTokens: 1, outputTokens: 2 },
      },
    ],
    // The answer's quota (what Claude Code reported) rides on the idle; no other _meta.
    [
      v2Idle({
        stopReason: "end_turn",
        _meta: { quota: { token_count: { totalTokens: 3 } }, x: 1 },
      }),
      {
        sessionUpdate: "state_update",
        state: "idle",
        stopReason: "end_turn",
        _meta: { quota: { token_count: { totalTokens: 3 } } },
      },
    ],
    [
      v2Failed({ code: -32603, message: "boom" }),
      {
        sessionUpdate: "state_update",
        state: "idle",
        stopReason: "error",
        error: { code: -32603, message: "boom" },
      },
    ],
    [
      v2Failed({ code: -32603, message: "boom", data: { errorKind: "rate_limit" } }),
      {
        sessionUpdate: "state_update",
        state: "idle",
        stopReason: "error",
        error: { code: -32603, message: "boom", data: { errorKind: "rate_limit" } },
      },
    ],
    [
      v2UserMessage("m1", [{ type: "text", text: "hi" }]),
      { sessionUpdate: "user_message", messageId: "m1", content: [{ type: "text", text: "hi" }] },
    ],
  ])("%j", (update, expected) => {
    expect(update).toEqual(expected);
  });
});

describe("v2ToolCall / v2ToolCallContent", () => {
  it("keeps the present fields, drops nulls", () => {
    expect(
      v2ToolCall({
        toolCallId: "t",
        title: "T",
        kind: "read",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "x" } }],
        locations: [{ path: "/a", line: 1 }],
        rawInput: { a: 1 },
        rawOutput: "o",
        _meta: { claudeCode: { toolName: "Read", mcpServer: "m" } },
      }),
    ).toEqual({
      toolCallId: "t",
      title: "T",
      kind: "read",
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "x" } }],
      locations: [{ path: "/a", line: 1 }],
      rawInput: { a: 1 },
      rawOutput: "o",
      _meta: { claudeCode: { mcpServer: "m" } },
    });
    expect(
      v2ToolCall({ toolCallId: "t", _meta: { claudeCode: { toolName: "Read" } } }, true),
    ).toEqual({ toolCallId: "t", name: "Read" });
    expect(v2ToolCall({ toolCallId: "t", title: null, status: null, content: null })).toEqual({
      toolCallId: "t",
    });
  });

  it.each<[v1.ToolCallContent, unknown]>([
    [
      { type: "diff", path: "/a", oldText: "x", newText: "y" },
      { type: "diff", changes: [{ operation: "modify", path: "/a", fileType: "text" }] },
    ],
    [
      { type: "diff", path: "/a", newText: "y" },
      { type: "diff", changes: [{ operation: "add", path: "/a", fileType: "text" }] },
    ],
    [
      // The file-patch decorator's patch becomes v2's `patch`; no other `_meta` goes on.
      {
        type: "diff",
        path: "/a",
        oldText: "x\n",
        newText: "y\n",
        _meta: { "_claude/v2Patch": "PATCH", other: 1 },
      },
      {
        type: "diff",
        changes: [{ operation: "modify", path: "/a", fileType: "text" }],
        patch: { format: "git_patch", text: "PATCH" },
      },
    ],
    [
      { type: "diff", path: "/a", newText: "y", _meta: { "_claude/v2Patch": 7 } },
      { type: "diff", changes: [{ operation: "add", path: "/a", fileType: "text" }] },
    ],
    [
      { type: "terminal", terminalId: "x" },
      { type: "terminal", terminalId: "x" },
    ],
    [
      { type: "content", content: { type: "text", text: "x" } },
      { type: "content", content: { type: "text", text: "x" } },
    ],
  ])("%j → %j", (content, expected) => {
    expect(v2ToolCallContent(content)).toStrictEqual(expected);
  });
});

describe("v2Update", () => {
  const ids = (kind: string, given: string | null | undefined) => given ?? `new-${kind}`;
  const text = { type: "text" as const, text: "x" };
  it.each<[v1.SessionUpdate, unknown]>([
    [
      { sessionUpdate: "agent_message_chunk", content: text, messageId: "m" },
      { sessionUpdate: "agent_message_chunk", messageId: "m", content: text },
    ],
    [
      { sessionUpdate: "agent_thought_chunk", content: text },
      { sessionUpdate: "agent_thought_chunk", messageId: "new-agent_thought_chunk", content: text },
    ],
    [
      { sessionUpdate: "user_message_chunk", content: text, messageId: "u", _meta: { k: 1 } },
      { sessionUpdate: "user_message_chunk", messageId: "u", content: text, _meta: { k: 1 } },
    ],
    [
      { sessionUpdate: "tool_call", toolCallId: "t", title: "T", status: "pending" },
      { sessionUpdate: "tool_call_update", toolCallId: "t", title: "T", status: "pending" },
    ],
    [
      { sessionUpdate: "tool_call_update", toolCallId: "t", status: "completed" },
      { sessionUpdate: "tool_call_update", toolCallId: "t", status: "completed" },
    ],
    // The first report names the tool call (upstream's v2 `name`); the v1-only claudeCode
    // keys stay off, the others pass.
    [
      {
        sessionUpdate: "tool_call",
        toolCallId: "t",
        title: "T",
        _meta: { claudeCode: { toolName: "Bash", parentToolUseId: "p" } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        name: "Bash",
        title: "T",
        _meta: { claudeCode: { parentToolUseId: "p" } },
      },
    ],
    [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        status: "completed",
        _meta: { claudeCode: { toolName: "Bash", toolResponse: { stdout: "" } }, other: 1 },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        status: "completed",
        _meta: { other: 1 },
      },
    ],
    // A report of Claude Code's tool response only: nothing of it goes to v2.
    [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        _meta: { claudeCode: { toolName: "Read", toolResponse: { type: "text" } } },
      },
      undefined,
    ],
    [
      { sessionUpdate: "plan", entries: [] },
      { sessionUpdate: "plan_removed", planId: "plan" },
    ],
    [
      { sessionUpdate: "plan_removed", planId: "plan-mode:t" },
      { sessionUpdate: "plan_removed", planId: "plan-mode:t" },
    ],
    [
      {
        sessionUpdate: "plan_update",
        plan: { type: "markdown", planId: "plan-mode:t", content: "# Plan" },
      },
      {
        sessionUpdate: "plan_update",
        plan: { type: "markdown", planId: "plan-mode:t", content: "# Plan" },
      },
    ],
    [
      { sessionUpdate: "plan", entries: [{ content: "a", priority: "high", status: "pending" }] },
      {
        sessionUpdate: "plan_update",
        plan: {
          type: "items",
          planId: "plan",
          entries: [{ content: "a", priority: "high", status: "pending" }],
        },
      },
    ],
    [
      {
        sessionUpdate: "available_commands_update",
        availableCommands: [{ name: "a", description: "A" }],
      },
      {
        sessionUpdate: "available_commands_update",
        availableCommands: [{ type: "command", name: "a", description: "A" }],
      },
    ],
    [
      {
        sessionUpdate: "config_option_update",
        configOptions: [{ id: "f", name: "F", type: "boolean", currentValue: false }],
      },
      {
        sessionUpdate: "config_option_update",
        configOptions: [{ type: "boolean", configId: "f", name: "F", currentValue: false }],
      },
    ],
    // A child's model report names its subagent in `_meta` (child-config-tap.ts).
    [
      {
        sessionUpdate: "config_option_update",
        configOptions: [],
        _meta: { subagent: "Explore" },
      },
      { sessionUpdate: "config_option_update", configOptions: [], _meta: { subagent: "Explore" } },
    ],
    [
      { sessionUpdate: "usage_update", used: 1, size: 2 },
      { sessionUpdate: "usage_update", used: 1, size: 2 },
    ],
    [
      { sessionUpdate: "session_info_update", title: "T" },
      { sessionUpdate: "session_info_update", title: "T" },
    ],
    [
      { sessionUpdate: "notice", severity: "info", title: "N" },
      { sessionUpdate: "notice", severity: "info", title: "N" },
    ],
    [
      { sessionUpdate: "compaction_update", compactionId: "c", status: "completed" },
      { sessionUpdate: "compaction_update", compactionId: "c", status: "completed" },
    ],
    [
      { sessionUpdate: "compaction_summary_chunk", compactionId: "c", content: text },
      { sessionUpdate: "compaction_summary_chunk", compactionId: "c", content: text },
    ],
    // Child sessions: the same shapes on v2's unstable surface; a child's state lists its
    // background work as every state does (none of its own).
    [SUBAGENT_UPDATE, { ...SUBAGENT_UPDATE, state: { state: "running", background: [] } }],
    // A state that lists its background work keeps its list.
    [
      {
        ...SUBAGENT_UPDATE,
        state: { state: "running", background: [{ type: "x" }] },
      } as v1.SessionUpdate,
      { ...SUBAGENT_UPDATE, state: { state: "running", background: [{ type: "x" }] } },
    ],
    [
      { sessionUpdate: "subagent_update", sessionId: "subagent-1", title: "T" },
      { sessionUpdate: "subagent_update", sessionId: "subagent-1", title: "T" },
    ],
    [SESSION_MESSAGE, SESSION_MESSAGE],
    [
      { sessionUpdate: "session_message_chunk", messageId: "p", content: text },
      { sessionUpdate: "session_message_chunk", messageId: "p", content: text },
    ],
    // The quotas RFD's update: the same shape on both versions.
    [QUOTA, QUOTA],
    // v2 has modes only as a config option (config_option_update goes out beside it).
    [{ sessionUpdate: "current_mode_update", currentModeId: "plan" }, undefined],
  ])("%j → %j", (update, expected) => {
    expect(v2Update(update, ids)).toEqual(expected);
  });
});

const QUOTA = {
  sessionUpdate: "quota_update",
  updatedAt: "2026-12-07T12:00:00.000Z",
  pools: [{ id: "plan", meters: [{ id: "five_hour", usedPercent: 25 }] }],
} as unknown as v1.SessionUpdate;

const SUBAGENT_UPDATE = {
  sessionUpdate: "subagent_update",
  sessionId: "subagent-1",
  title: "Explore",
  capabilities: { cancel: {} },
  state: { state: "running" },
} as unknown as v1.SessionUpdate;
const SESSION_MESSAGE = {
  sessionUpdate: "session_message",
  messageId: "toolu:prompt",
  senderSessionId: "root",
  recipientSessionId: "subagent-1",
  content: [{ type: "text", text: "List the files" }],
} as unknown as v1.SessionUpdate;

describe("v2ChildState", () => {
  it.each<[string, unknown, unknown]>([
    [
      "a child announced running",
      SUBAGENT_UPDATE,
      {
        sessionId: "subagent-1",
        update: { sessionUpdate: "state_update", state: "running", background: [] },
      },
    ],
    [
      "a child's end, with its stop reason",
      {
        sessionUpdate: "subagent_update",
        sessionId: "c",
        state: { state: "idle", stopReason: "end_turn" },
      },
      {
        sessionId: "c",
        update: {
          sessionUpdate: "state_update",
          state: "idle",
          stopReason: "end_turn",
          background: [],
        },
      },
    ],
    [
      "a child waiting for the user",
      { sessionUpdate: "subagent_update", sessionId: "c", state: { state: "requires_action" } },
      {
        sessionId: "c",
        update: { sessionUpdate: "state_update", state: "requires_action", background: [] },
      },
    ],
    [
      "a patch without a state",
      { sessionUpdate: "subagent_update", sessionId: "c", title: "T" },
      undefined,
    ],
    [
      "a state without its kind",
      { sessionUpdate: "subagent_update", sessionId: "c", state: {} },
      undefined,
    ],
    [
      "a state that is not an object",
      { sessionUpdate: "subagent_update", sessionId: "c", state: "running" },
      undefined,
    ],
    ["no child id", { sessionUpdate: "subagent_update", state: { state: "running" } }, undefined],
    [
      "another update",
      {
        sessionUpdate: "session_info_update",
        sessionId: "c",
        title: "T",
        state: { state: "running" },
      },
      undefined,
    ],
  ])("%s", (_name, update, expected) => {
    expect(v2ChildState(update as v1.SessionUpdate)).toStrictEqual(expected);
  });
});
