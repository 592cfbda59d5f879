import { describe, expect, it } from "vitest";
import { goalCommand, goalFromPrompt } from "../../translation/goal-request.js";
import { goalParams, toGoalRequest } from "./goal-params.js";

describe("goalParams", () => {
  it.each([
    ["pause (not advertised)", { sessionId: "s", action: "pause" }],
    ["resume (not advertised)", { sessionId: "s", action: "resume" }],
    ["an unknown action", { sessionId: "s", action: "SET", objective: "x" }],
    ["no action", { sessionId: "s" }],
    ["set without an objective", { sessionId: "s", action: "set" }],
    ["set with an empty objective", { sessionId: "s", action: "set", objective: "" }],
    ["set with a blank objective", { sessionId: "s", action: "set", objective: " \n\t " }],
    ["set with an objective that is not a string", { sessionId: "s", action: "set", objective: 1 }],
    ["no session id", { action: "clear" }],
    ["an empty session id", { sessionId: "", action: "clear" }],
  ])("refuses %s", (_, params) => {
    expect(goalParams.safeParse(params).success).toBe(false);
  });

  it.each([
    ["set", { sessionId: "s", action: "set", objective: "Ship it" }, "Ship it"],
    ["set, trimmed", { sessionId: "s", action: "set", objective: "  Ship it \n" }, "Ship it"],
    ["clear", { sessionId: "s", action: "clear" }, null],
    ["clear with a stray objective", { sessionId: "s", action: "clear", objective: "x" }, null],
  ])("takes %s", (_, params, objective) => {
    expect(toGoalRequest(goalParams.parse(params))).toStrictEqual({ sessionId: "s", objective });
  });
});

describe("goalCommand", () => {
  it.each([
    ["Ship the change", "/goal Ship the change"],
    [null, "/goal clear"],
  ])("%s → %s", (objective, command) => {
    expect(goalCommand(objective)).toBe(command);
  });
});

describe("goalFromPrompt", () => {
  it.each([
    ["/goal Ship the change", "Ship the change"],
    ["/goal   Ship it \n", "Ship it"],
    ["/goal line one\nline two", "line one\nline two"],
    ["/goal clear", null],
    ["/goal  clear ", null],
    ["/goal clear the cache", "clear the cache"],
    ["/goal", undefined],
    ["/goal   ", undefined],
    ["/goals x", undefined],
    ["please /goal x", undefined],
    ["", undefined],
  ])("%j → %j", (text, objective) => {
    expect(goalFromPrompt(text)).toBe(objective);
  });
});
