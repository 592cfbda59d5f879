import { describe, expect, it } from "vitest";
import type { TrafficEntry } from "./acp-harness.js";
import { ACCEPTED_DIFFERENCES } from "../golden/accepted-differences.js";
import { checkAccepted, keyProblem } from "./golden-accepted.js";
import { compareMessages, normaliseTraffic } from "./golden.js";

function entry(dir: TrafficEntry["dir"], message: object): TrafficEntry {
  return { dir, message: { jsonrpc: "2.0", ...message } as TrafficEntry["message"] };
}

/** A tool call, then (with `ask`) Claude Code's permission request and the client's answer. */
function traffic(ask: boolean): TrafficEntry[] {
  const toolCall = { toolCallId: "toolu_write", title: "Write a.txt" };
  return [
    entry("to-agent", { id: 1, method: "session/prompt", params: { prompt: [] } }),
    entry("to-client", {
      method: "session/update",
      params: { update: { sessionUpdate: "tool_call", ...toolCall } },
    }),
    ...(ask
      ? [
          entry("to-client", {
            id: 0,
            method: "session/request_permission",
            params: { toolCall, options: [{ optionId: "allow", kind: "allow_once" }] },
          }),
          entry("to-agent", { id: 0, result: { outcome: { outcome: "selected", optionId: "a" } } }),
        ]
      : []),
    entry("to-client", { id: 1, result: { stopReason: "end_turn" } }),
  ];
}

describe("checkAccepted", () => {
  const differences = [
    { key: "← initialize result _meta.steering.supported | only upstream" },
    { key: "← session/update tool_call toolu_a update.name | only upstream" },
    { key: "← session/update tool_call toolu_b update.name | only upstream" },
    { key: "← x | only ours" },
  ];

  it("matches keys exactly or with a wildcard for the rest of a field or every tool", () => {
    const accepted = [
      { keys: ["← initialize result _meta.steering.supported | only upstream"], reason: "r1" },
      {
        keys: ["← session/update tool_call toolu_* update.name | only upstream"],
        reason: "every tool",
        everyTool: true as const,
      },
    ];
    expect(checkAccepted(differences, accepted)).toEqual({
      unaccepted: [{ key: "← x | only ours" }],
      unused: [],
      rejected: [],
    });
  });

  it("names the keys nothing matched: the difference went away", () => {
    const accepted = [
      { keys: ["← initialize result _meta.steering.supported | only upstream"], reason: "r1" },
      // Regular-expression characters are literal.
      {
        keys: ["← x | only ours", "← session/list result sessions[0].title | value"],
        reason: "r2",
      },
      { keys: ["← session/update tool_call toolu_a update.name | only upstream"], reason: "r3" },
      { keys: ["← session/update tool_call toolu_b update.name | only upstream"], reason: "r4" },
    ];
    expect(checkAccepted(differences, accepted)).toEqual({
      unaccepted: [],
      unused: ["← session/list result sessions[0].title | value"],
      rejected: [],
    });
  });

  it("does not report an unused key of an entry whose reason is a timing", () => {
    const keys = ["← session/update usage_update @session/cancel | only ours"];
    expect(checkAccepted([], [{ keys, reason: "timing", timing: true }]).unused).toEqual([]);
    expect(checkAccepted([], [{ keys, reason: "not timing" }]).unused).toEqual(keys);
  });

  it("fails a permission request and the client's answer on one side only, whatever the list says", () => {
    const normalise = (ask: boolean) => normaliseTraffic(traffic(ask), { paths: {} });
    const differences = compareMessages(normalise(true), normalise(false));
    expect(differences).toEqual([
      {
        key: "← session/request_permission toolu_write | only ours",
        ours: "← session/request_permission toolu_write",
        whole: true,
      },
      {
        key: "→ session/request_permission result toolu_write | only ours",
        ours: "→ session/request_permission result toolu_write",
        whole: true,
      },
    ]);
    // A list that names them: the differences stay, and the keys match nothing.
    const keys = [
      "← session/request_permission toolu_write | only ours",
      "→ session/request_permission result toolu_write | only ours",
    ];
    expect(checkAccepted(differences, [{ keys, reason: "tries" }])).toEqual({
      unaccepted: differences,
      unused: keys,
      rejected: [],
    });
    // A wildcard that would match them anyway (in the field part) is no help either.
    const wide = [{ keys: ["← session/request_permission toolu_write * | only ours"], reason: "" }];
    expect(checkAccepted(differences, wide).unaccepted).toEqual(differences);
  });

  it("rejects keys too wide to name one message and one field", () => {
    const accepted = [
      {
        keys: [
          "← session/update tool_call toolu_* update.title | value",
          "← session/update tool_call_update toolu_agent* update.content[0].type | only ours",
          "← session/update agent_message_chunk* update.content.text | value",
        ],
        reason: "wide",
      },
    ];
    expect(checkAccepted([], accepted).rejected).toEqual([
      "← session/update tool_call toolu_* update.title | value  (a wildcard on tool ids: name one tool call, or mark the reason everyTool)",
      "← session/update tool_call_update toolu_agent* update.content[0].type | only ours  (a wildcard on tool ids: name one tool call, or mark the reason everyTool)",
      "← session/update agent_message_chunk* update.content.text | value  (a wildcard in the message: name one message)",
    ]);
  });
});

describe("keyProblem", () => {
  it.each([
    // One message, one field: accepted.
    ["← session/update tool_call_update toolu_read update.content[0].content.text | value", false],
    [
      "← session/update tool_call_update toolu_agent update._meta.claudeCode.toolResponse* | only ours",
      false,
    ],
    ['← session/update usage_update @"hang" | only upstream', false],
    ['← session/prompt error @"busy" message | value', false],
    [
      "← session/update tool_call_update toolu_agent (replay) update.content[1].type | only ours",
      false,
    ],
    [
      "← session/update available_commands_update @session/new update.availableCommands[name=doctor]* | only ours",
      false,
    ],
    ["← session/list result sessions[0].title | value", false],
    [
      "← session/request_permission toolu_bash toolCall._meta.claudeCode.toolName | only ours",
      false,
    ],
    // Too wide, or never acceptable.
    ["← session/update tool_call toolu_* update.title | value", "a wildcard on tool ids"],
    [
      "← session/update tool_call_update toolu_agent* update.content[0].type | only ours",
      "a wildcard on tool ids",
    ],
    [
      '← session/update agent_message_chunk @"*" update.content.text | value',
      "a wildcard in the message",
    ],
    ["← session/*configOptions[id=model].description | value", "a wildcard in the message"],
    ["← session/update usage_update @start | only *", "the side must be one of"],
    [
      "← session/update available_commands_update @session/new update.availableCommands[name=*].input | only upstream",
      "a wildcard inside a field path",
    ],
    [
      "← session/update available_commands_update @session/new update.availableCommands* | only ours",
      "a wildcard over every field",
    ],
    ["← session/new result configOptions* | value", "a wildcard over every field"],
    [
      "← session/update tool_call_update toolu_edit update._meta.* | only ours",
      "a wildcard over every field",
    ],
    ["← session/update tool_call_update toolu_edit * | only ours", "a wildcard over every field"],
    ["← session/update tool_call_update toolu_edit | value", "a value difference names its field"],
    ["anything", "not the shape"],
  ])("%s", (key, problem) => {
    if (problem === false) expect(keyProblem(key)).toBeUndefined();
    else expect(keyProblem(key)).toContain(problem);
  });

  it("accepts a wildcard tool id only when the reason covers every tool", () => {
    const key =
      "← session/request_permission toolu_* toolCall._meta.claudeCode.toolName | only ours";
    expect(keyProblem(key, true)).toBeUndefined();
    expect(keyProblem(key, false)).toContain("a wildcard on tool ids");
  });
});

describe("the list of accepted differences", () => {
  it("holds only narrow keys, each once, each with a reason", () => {
    const keys = ACCEPTED_DIFFERENCES.flatMap((entry) =>
      entry.keys.map((key) => [key, keyProblem(key, entry.everyTool === true) ?? "", entry.reason]),
    );
    expect(keys.filter(([, problem, reason]) => problem !== "" || reason === "")).toEqual([]);
    expect(new Set(keys.map(([key]) => key)).size).toBe(keys.length);
  });
});
