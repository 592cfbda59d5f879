import { describe, expect, it } from "vitest";
import type { InputFacts } from "../../translation/tool-calls/facts.js";
import { newToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import { lodyToolNameDecorator } from "./tool-name-decorator.js";

const FACTS: InputFacts = { kind: "other", title: "x" };

describe("lodyToolNameDecorator", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ["CronCreate", {}, { lody: { toolName: "CronCreate" } }],
    ["CronDelete", {}, { lody: { toolName: "CronDelete" } }],
    ["CronList", {}, { lody: { toolName: "CronList" } }],
    ["ScheduleWakeup", {}, { lody: { toolName: "ScheduleWakeup" } }],
    // Beside another Lody key and another namespace, which stay.
    [
      "CronList",
      { claudeCode: { toolName: "CronList" }, lody: { task: 1 } },
      { claudeCode: { toolName: "CronList" }, lody: { task: 1, toolName: "CronList" } },
    ],
    // No Claude Code tool is Lody's ImageGeneration; other tools and MCP tools get nothing.
    ["ImageGeneration", {}, {}],
    ["Bash", {}, {}],
    ["mcp__cron__CronList", {}, {}],
    ["cronlist", {}, {}],
  ])("%s", (toolName, meta, expected) => {
    lodyToolNameDecorator().decorate(meta, newToolCallState("tu1", toolName, null), FACTS);
    expect(meta).toStrictEqual(expected);
  });
});
