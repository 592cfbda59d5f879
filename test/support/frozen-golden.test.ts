import { describe, expect, it } from "vitest";
import type { TrafficEntry } from "./acp-harness.js";
import {
  compareFrozen,
  connectionNotifications,
  freezeTraffic,
  orderTraffic,
} from "./frozen-golden.js";

function entry(dir: TrafficEntry["dir"], message: object): TrafficEntry {
  return { dir, message: { jsonrpc: "2.0", ...message } as TrafficEntry["message"] };
}

const SESSION = "0b9c6a3e-1f2d-4c5b-8a7e-9d0c1b2a3f4e";
const CHILD = "subagent-0123456789abcdef0123456789abcdef";
const OTHER_UUID = "11111111-2222-4333-8444-555555555555";
const context = { literals: { "/tmp/s1/workspace": "<ws>", "/tmp/s1": "<root>" } };

const update = (sessionId: string, u: object) =>
  entry("to-client", { method: "session/update", params: { sessionId, update: u } });
const prediction = update("s", {
  sessionUpdate: "session_info_update",
  _meta: { promptSuggestions: { suggestions: [{ text: "next" }] } },
});
const cleared = update("s", {
  sessionUpdate: "session_info_update",
  _meta: { promptSuggestions: { suggestions: [] } },
});
const auth = entry("to-client", { method: "_auth/status_update", params: { authStatus: {} } });
const chunk = (text: string) =>
  update("s", { sessionUpdate: "agent_message_chunk", content: { type: "text", text } });

describe("orderTraffic", () => {
  it("puts a client's answer after its request, a prediction after its prompt's answer; takes the sign-in state out", () => {
    const prompt = entry("to-agent", { id: 7, method: "session/prompt", params: {} });
    const ask = entry("to-client", { id: 0, method: "session/request_permission", params: {} });
    const answerAsk = entry("to-agent", { id: 0, result: { outcome: {} } });
    const answer = entry("to-client", { id: 7, result: { stopReason: "end_turn" } });
    const traffic = [
      auth,
      prompt,
      cleared,
      ask,
      chunk("a"),
      answerAsk,
      chunk("b"),
      prediction,
      answer,
      prediction,
    ];
    expect(orderTraffic(traffic)).toEqual([
      prompt,
      cleared,
      ask,
      answerAsk,
      chunk("a"),
      chunk("b"),
      answer,
      prediction,
      // One outside a prompt stays where it came.
      prediction,
    ]);
    expect(connectionNotifications(traffic)).toEqual([
      { method: "_auth/status_update", params: { authStatus: {} } },
    ]);
  });

  it("keeps what it cannot place: an answer to no recorded request, a prediction of an unanswered prompt", () => {
    const stray = entry("to-agent", { id: 9, result: {} });
    const prompt = entry("to-agent", { id: 1, method: "session/prompt", params: {} });
    expect(orderTraffic([stray, prompt, prediction, chunk("a")])).toEqual([
      prompt,
      chunk("a"),
      prediction,
      stray,
    ]);
  });
});

describe("freezeTraffic", () => {
  it("numbers ids by first appearance, replaces paths, times, durations and the adapter's version, sorts keys, drops jsonrpc", () => {
    const traffic = [
      entry("to-agent", { id: 0, method: "initialize", params: { protocolVersion: 1 } }),
      entry("to-client", {
        id: 0,
        result: { agentInfo: { version: "0.1.0", name: "claude-agent-acp" }, protocolVersion: 1 },
      }),
      entry("to-client", {
        id: 1,
        // The session id is read first, though its path comes before it in key order.
        result: { sessionId: SESSION, _meta: { path: `/tmp/s1/home/${SESSION}.jsonl` } },
      }),
      update(SESSION, {
        sessionUpdate: "subagent_update",
        sessionId: CHILD,
        startedAt: 1700000000,
        updatedAt: "2026-01-02T03:04:05.678Z",
        totalDurationMs: 1234,
        note: `run ${OTHER_UUID} by a0123456789abcdef in /tmp/s1/workspace/x (duration_ms: 353)`,
      }),
      update(CHILD, { sessionUpdate: "state", id: OTHER_UUID, ref: "msg_AbCdEfGhIjKlMnOp" }),
    ];
    expect(freezeTraffic(traffic, context)).toEqual([
      '{"dir":"to-agent","id":0,"method":"initialize","params":{"protocolVersion":1}}',
      '{"dir":"to-client","id":0,"result":{"agentInfo":{"name":"claude-agent-acp","version":"<adapter-version>"},"protocolVersion":1}}',
      '{"dir":"to-client","id":1,"result":{"_meta":{"path":"<root>/home/<session-1>.jsonl"},"sessionId":"<session-1>"}}',
      '{"dir":"to-client","method":"session/update","params":{"sessionId":"<session-1>","update":{"note":"run <uuid-1> by <agent-1> in <ws>/x (duration_ms: <duration>)","sessionId":"<session-2>","sessionUpdate":"subagent_update","startedAt":"<time>","totalDurationMs":"<duration>","updatedAt":"<time>"}}}',
      '{"dir":"to-client","method":"session/update","params":{"sessionId":"<session-2>","update":{"id":"<uuid-1>","ref":"<msg-1>","sessionUpdate":"state"}}}',
    ]);
  });

  it("keeps token counts, costs and any other version", () => {
    const traffic = [
      update("s", {
        sessionUpdate: "usage_update",
        used: 22,
        cost: { amount: 0.00028, currency: "USD" },
        _meta: { jetbrains: { air: { version: 1 } } },
      }),
    ];
    expect(freezeTraffic(traffic, context)).toEqual([
      '{"dir":"to-client","method":"session/update","params":{"sessionId":"<session-1>","update":{"_meta":{"jetbrains":{"air":{"version":1}}},"cost":{"amount":0.00028,"currency":"USD"},"sessionUpdate":"usage_update","used":22}}}',
    ]);
  });
});

describe("compareFrozen", () => {
  const frozen = ['{"a":1}', '{"a":2,"b":{"c":"x"}}', '{"a":3}', '{"a":4}', '{"a":5}'];

  it("says nothing when every line is equal", () => {
    expect(compareFrozen([...frozen], frozen, "f.jsonl")).toBeUndefined();
  });

  it("names the file, the first differing line with the lines before it, and the field", () => {
    const now = [...frozen.slice(0, 4), '{"a":5,"b":{"c":"y"}}'];
    expect(compareFrozen(now, frozen, "test/golden/frozen/x.jsonl", 2)).toBe(
      [
        "test/golden/frozen/x.jsonl differs from this run at line 5 (of 5 frozen, 5 now).",
        "Update it with `npm run golden:update` if the change is intended (a reviewer reads the diff).",
        "context:",
        '  3: {"a":3}',
        '  4: {"a":4}',
        '- frozen: {"a":5}',
        '+ now:    {"a":5,"b":{"c":"y"}}',
        "first differing field: b",
        "  frozen: (absent)",
        '  now:    {"c":"y"}',
      ].join("\n"),
    );
    const changed = [frozen[0]!, '{"a":2,"b":{"c":"z"}}', ...frozen.slice(2)];
    expect(compareFrozen(changed, frozen, "f", 3)?.split("\n").slice(2)).toEqual([
      "context:",
      '  1: {"a":1}',
      '- frozen: {"a":2,"b":{"c":"x"}}',
      '+ now:    {"a":2,"b":{"c":"z"}}',
      "first differing field: b.c",
      '  frozen: "x"',
      '  now:    "z"',
    ]);
  });

  it("reports a missing or an extra line", () => {
    expect(compareFrozen(frozen.slice(0, 4), frozen, "f", 0)?.split("\n")).toEqual([
      "f differs from this run at line 5 (of 5 frozen, 4 now).",
      "Update it with `npm run golden:update` if the change is intended (a reviewer reads the diff).",
      '- frozen: {"a":5}',
      "+ now:    (no line)",
    ]);
    expect(
      compareFrozen(['{"a":0}', ...frozen], frozen, "f", 0)
        ?.split("\n")
        .slice(2),
    ).toEqual([
      '- frozen: {"a":1}',
      '+ now:    {"a":0}',
      "first differing field: a",
      "  frozen: 1",
      "  now:    0",
    ]);
  });
});
