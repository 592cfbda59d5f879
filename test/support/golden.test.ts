import { describe, expect, it } from "vitest";
import type { TrafficEntry } from "./acp-harness.js";
import {
  align,
  compareMessages,
  describeDifferences,
  normaliseTraffic,
  type GoldenMessage,
} from "./golden.js";

const volatile = { paths: { "/tmp/s1/workspace": "<ws>", "/tmp/s1": "<root>" } };

function entry(dir: TrafficEntry["dir"], message: object): TrafficEntry {
  return { dir, message: { jsonrpc: "2.0", ...message } as TrafficEntry["message"] };
}

const message = (label: string, fields: Record<string, string>): GoldenMessage => ({
  label,
  fields: new Map(Object.entries(fields)),
});

describe("normaliseTraffic", () => {
  it("labels requests, answers, updates and permission requests, and flattens their fields", () => {
    const traffic = [
      entry("to-agent", { id: 1, method: "session/new", params: { cwd: "/tmp/s1/workspace" } }),
      entry("to-client", {
        id: 1,
        result: {
          sessionId: "0b9c6a3e-1f2d-4c5b-8a7e-9d0c1b2a3f4e",
          modes: { availableModes: [] },
        },
      }),
      entry("to-client", {
        method: "session/update",
        params: {
          sessionId: "s",
          update: {
            sessionUpdate: "tool_call",
            toolCallId: "toolu_a",
            locations: [{ path: "/tmp/s1/workspace/a.ts" }],
            rawInput: {},
          },
        },
      }),
      entry("to-client", {
        id: 0,
        method: "session/request_permission",
        params: {
          toolCall: { toolCallId: "toolu_a" },
          options: [{ optionId: "allow", kind: "x" }],
        },
      }),
      entry("to-agent", { id: 0, result: { outcome: { outcome: "cancelled" } } }),
      entry("to-client", { id: 2, error: { code: -32603, message: "at /tmp/s1/x" } }),
    ];
    expect(
      normaliseTraffic(traffic, volatile).map((m) => [m.label, Object.fromEntries(m.fields)]),
    ).toEqual([
      ["→ session/new", { cwd: '"<ws>"' }],
      ["← session/new result", { sessionId: "<volatile>", "modes.availableModes": "[]" }],
      [
        "← session/update tool_call toolu_a",
        {
          sessionId: "<volatile>",
          "update.sessionUpdate": '"tool_call"',
          "update.toolCallId": '"toolu_a"',
          "update.locations[0].path": '"<ws>/a.ts"',
          "update.rawInput": "{}",
        },
      ],
      [
        "← session/request_permission toolu_a",
        {
          "toolCall.toolCallId": '"toolu_a"',
          "options[optionId=allow].optionId": '"allow"',
          "options[optionId=allow].kind": '"x"',
        },
      ],
      ["→ session/request_permission result toolu_a", { "outcome.outcome": '"cancelled"' }],
      ["← ? error", { code: "-32603", message: '"at <root>/x"' }],
    ]);
  });

  it("labels a v2 permission request and its answer by the tool call under `subject`", () => {
    const traffic = [
      entry("to-client", {
        id: 5,
        method: "session/request_permission",
        params: { subject: { toolCall: { toolCallId: "toolu_b" } }, options: [] },
      }),
      entry("to-agent", { id: 5, result: { outcome: { outcome: "cancelled" } } }),
    ];
    expect(normaliseTraffic(traffic, volatile).map((m) => m.label)).toEqual([
      "← session/request_permission toolu_b",
      "→ session/request_permission result toolu_b",
    ]);
  });

  it("replaces ids, times, counts and the adapter's identity", () => {
    const traffic = [
      entry("to-client", {
        id: 3,
        result: {
          agentInfo: { name: "x", version: "1.2.3", title: "Claude Agent" },
          usage: { inputTokens: 10 },
          messageId: "msg_abc-1",
          report: "agentId: a1d210a73792522ae (use SendMessage)\nduration_ms: 3264",
          id: "1f0c6a3e-1f2d-4c5b-8a7e-9d0c1b2a3f4e",
          updatedAt: "2026-12-01T22:08:04.368Z",
          used: 13,
          cost: { amount: 0.1, currency: "USD" },
          line: 4,
        },
      }),
    ];
    expect(Object.fromEntries(normaliseTraffic(traffic, volatile)[0]!.fields)).toEqual({
      "agentInfo.name": "<volatile>",
      "agentInfo.version": "<volatile>",
      "agentInfo.title": '"Claude Agent"',
      "usage.inputTokens": "<number>",
      messageId: '"<msg>"',
      report: '"agentId: <agent> (use SendMessage)\\nduration_ms: <ms>"',
      id: '"<uuid>"',
      updatedAt: '"<time>"',
      used: "<number>",
      "cost.amount": "<number>",
      "cost.currency": '"USD"',
      line: "4",
    });
  });

  it("labels the updates of a load's replay, and hides a subagent's id and durations", () => {
    const update = (text: string) =>
      entry("to-client", {
        method: "session/update",
        params: { update: { sessionUpdate: "agent_message_chunk", text } },
      });
    const traffic = [
      entry("to-agent", { id: 7, method: "session/load", params: {} }),
      update("old"),
      entry("to-client", {
        id: 7,
        result: { agentId: "a1b2", totalDurationMs: 12, durationMs: 3 },
      }),
      update("new"),
    ];
    expect(
      normaliseTraffic(traffic, volatile).map((m) => [m.label, Object.fromEntries(m.fields)]),
    ).toEqual([
      ["→ session/load", { "": "{}" }],
      [
        "← session/update agent_message_chunk (replay)",
        { "update.sessionUpdate": '"agent_message_chunk"', "update.text": '"old"' },
      ],
      [
        "← session/load result",
        { agentId: "<volatile>", totalDurationMs: "<volatile>", durationMs: "<volatile>" },
      ],
      [
        "← session/update agent_message_chunk",
        { "update.sessionUpdate": '"agent_message_chunk"', "update.text": '"new"' },
      ],
    ]);
  });

  it("names the subagent of a message chunk in its label, not a tool call's", () => {
    const update = (fields: Record<string, unknown>) =>
      entry("to-client", {
        method: "session/update",
        params: { update: { _meta: { claudeCode: { parentToolUseId: "toolu_a" } }, ...fields } },
      });
    const traffic = [
      update({ sessionUpdate: "agent_message_chunk" }),
      update({ sessionUpdate: "tool_call", toolCallId: "toolu_b" }),
    ];
    expect(normaliseTraffic(traffic, volatile).map((m) => m.label)).toEqual([
      "← session/update agent_message_chunk (subagent toolu_a)",
      "← session/update tool_call toolu_b",
    ]);
  });

  it("names array elements by a unique key field, else by position", () => {
    const traffic = [
      entry("to-client", {
        id: 4,
        result: {
          named: [{ name: "a" }, { name: "b" }],
          twice: [{ name: "a" }, { name: "a" }],
          mixed: ["x", { value: "v" }],
        },
      }),
    ];
    expect([...normaliseTraffic(traffic, volatile)[0]!.fields.keys()]).toEqual([
      "named[name=a].name",
      "named[name=b].name",
      "twice[0].name",
      "twice[1].name",
      "mixed[0]",
      "mixed[1].value",
    ]);
  });
});

describe("normaliseTraffic turns", () => {
  it("names the client request before an update or a prompt's answer that no tool call names, but for the session's state", () => {
    const update = (kind: string, extra: object = {}) =>
      entry("to-client", {
        method: "session/update",
        params: { update: { sessionUpdate: kind, ...extra } },
      });
    const traffic = [
      update("agent_message_chunk"),
      entry("to-agent", { id: 1, method: "session/new", params: { cwd: "/tmp/s1/workspace" } }),
      update("available_commands_update"),
      entry("to-agent", {
        id: 2,
        method: "session/prompt",
        params: { prompt: [{ type: "text", text: "look at /tmp/s1/workspace" }] },
      }),
      update("tool_call", { toolCallId: "toolu_a" }),
      update("usage_update"),
      entry("to-client", { id: 2, result: { stopReason: "end_turn" } }),
      entry("to-client", { id: 1, result: {} }),
      entry("to-agent", { id: 3, method: "session/load", params: {} }),
      update("available_commands_update"),
      update("agent_message_chunk"),
    ];
    expect(normaliseTraffic(traffic, volatile).map((m) => [m.label, m.turn])).toEqual([
      ["← session/update agent_message_chunk", "@start"],
      ["→ session/new", undefined],
      ["← session/update available_commands_update", undefined],
      ["→ session/prompt", undefined],
      ["← session/update tool_call toolu_a", undefined],
      ["← session/update usage_update", '@"look at <ws>"'],
      ["← session/prompt result", '@"look at <ws>"'],
      ["← session/new result", undefined],
      ["→ session/load", undefined],
      ["← session/update available_commands_update", undefined],
      ["← session/update agent_message_chunk (replay)", "@session/load"],
    ]);
  });
});

describe("align", () => {
  it.each([
    [
      ["a", "b", "c"],
      ["a", "c"],
      [
        [0, 0],
        [1, undefined],
        [2, 1],
      ],
    ],
    [
      ["a"],
      ["b"],
      [
        [0, undefined],
        [undefined, 0],
      ],
    ],
    [[], ["b"], [[undefined, 0]]],
    [
      ["a", "b"],
      [],
      [
        [0, undefined],
        [1, undefined],
      ],
    ],
  ])("pairs %j with %j", (a, b, pairs) => {
    expect(align(a, b)).toEqual(pairs);
  });

  it("pairs the answers before the updates around them", () => {
    const result = "← session/prompt result";
    const update = "← session/update usage_update";
    expect(align([update, result], [result, update])).toEqual([
      [0, undefined],
      [1, 0],
      [undefined, 1],
    ]);
    expect(align([result, update], [update, result])).toEqual([
      [undefined, 0],
      [0, 1],
      [1, undefined],
    ]);
  });

  it("pairs a permission request sent before the tool call's updates on one side only", () => {
    // Upstream asks before its streamed updates, ours after two of them: the requests pair
    // (a request on one side only fails the comparison), the updates that cross them do not.
    const call = "← session/update tool_call toolu_x";
    const update = "← session/update tool_call_update toolu_x";
    const ask = "← session/request_permission toolu_x";
    const answer = "→ session/request_permission result toolu_x";
    expect(align([call, update, update, ask, answer], [ask, answer, call, update, update])).toEqual(
      [
        [0, undefined],
        [1, undefined],
        [2, undefined],
        [3, 0],
        [4, 1],
        [undefined, 2],
        [undefined, 3],
        [undefined, 4],
      ],
    );
  });

  it("among equal labels, pairs the most similar messages", () => {
    // Two candidates for one: the second is more similar.
    expect(align(["u"], ["u", "u"], (_i, j) => (j === 1 ? 0.9 : 0.1))).toEqual([
      [undefined, 0],
      [0, 1],
    ]);
    expect(align(["u"], ["u", "u"], (_i, j) => (j === 0 ? 0.9 : 0.1))).toEqual([
      [0, 0],
      [undefined, 1],
    ]);
  });
});

describe("compareMessages", () => {
  it("reports whole messages of one side and each differing field of paired messages", () => {
    const ours = [message("← a", { x: "1", y: "2", o: "3" }), message("← only-ours", { z: "1" })];
    const upstream = [message("← a", { x: "1", y: "5", u: "4" }), message("← only-up", {})];
    expect(compareMessages(ours, upstream)).toEqual([
      { key: "← a y | value", ours: "2", upstream: "5" },
      { key: "← a o | only ours", ours: "3" },
      { key: "← a u | only upstream", upstream: "4" },
      { key: "← only-ours | only ours", ours: "← only-ours", whole: true },
      { key: "← only-up | only upstream", upstream: "← only-up", whole: true },
    ]);
  });

  it("names the turn of an update or a prompt's answer that no tool call names in its keys", () => {
    const usage = (turn: string, u: string) => ({
      ...message("← session/update usage_update", { u }),
      turn,
    });
    expect(compareMessages([usage('@"one"', "1")], [usage('@"one"', "2")])).toEqual([
      { key: '← session/update usage_update @"one" u | value', ours: "1", upstream: "2" },
    ]);
    expect(compareMessages([], [usage('@"two"', "2")])).toEqual([
      {
        key: '← session/update usage_update @"two" | only upstream',
        upstream: "← session/update usage_update",
        whole: true,
      },
    ]);
  });

  it("aligns each tool call's messages apart from the rest", () => {
    const call = message("← session/update tool_call toolu_a", { t: "1" });
    const permission = message("← session/request_permission toolu_a", {});
    const usage = message("← session/update usage_update", { u: "1" });
    const answer = message("→ session/request_permission result toolu_a", {});
    // A usage report crosses the tool call's messages and the client's answer (which
    // goes with the tool call it answers): no difference.
    expect(
      compareMessages([call, usage, permission, answer], [call, permission, answer, usage]),
    ).toEqual([]);
  });

  it("aligns the sign-in state pushes apart: a background probe ends at any point", () => {
    const status = message("← _auth/status_update", { "authStatus.kind": '"api_key"' });
    const answer = message("← session/new result", { sessionId: "<volatile>" });
    const prompt = message("→ session/prompt", {});
    expect(compareMessages([answer, prompt, status], [status, answer, prompt])).toEqual([]);
  });

  it("finds no difference between equal traffics", () => {
    const both = [message("← a", { x: "1" })];
    expect(compareMessages(both, both)).toEqual([]);
  });
});

describe("describeDifferences", () => {
  it("describes each difference on one line with both values", () => {
    expect(
      describeDifferences([
        { key: "k1 | value", ours: '"a"', upstream: '"b"' },
        { key: "k2 | only upstream", upstream: "1" },
      ]),
    ).toBe('k1 | value  (ours "a"; upstream "b")\nk2 | only upstream  (upstream 1)');
  });
});
