import { describe, expect, it } from "vitest";
import { monitorReporter, sendMessageReporter, taskStopReporter } from "./agent.js";
import {
  airAskUserQuestionReporter,
  airTodoWriteReporter,
} from "../../../extensions/air/reporters.js";
import { askUserQuestionReporter } from "./ask-user-question.js";
import { notebookEditReporter } from "./notebook-edit.js";
import { enterPlanModeReporter, exitPlanModeReporter } from "./plan-mode.js";
import { todoPlan, todoWriteReporter } from "./plans.js";
import { readReporter } from "./read.js";
import { reportFindingsReporter } from "./report-findings.js";
import { skillReporter } from "./skill.js";
import { webFetchReporter, webSearchReporter } from "./web.js";

describe("reporters: kind and title from the input", () => {
  it.each([
    [
      "SendMessage",
      sendMessageReporter,
      { to: "researcher", message: "Go on" },
      { kind: "other", title: "Message researcher", displayText: "Go on" },
    ],
    ["TaskStop", taskStopReporter, { task_id: "t7" }, { kind: "other", title: "Stop task t7" }],
    [
      "Monitor",
      monitorReporter,
      { description: "watch logs", timeout_ms: 1 },
      { kind: "other", title: "Monitor: watch logs" },
    ],
    ["Skill", skillReporter, { skill: "deploy" }, { kind: "other", title: "Load skill: deploy" }],
    [
      "NotebookEdit",
      notebookEditReporter,
      { notebook_path: "/w/n.ipynb", new_source: "x" },
      { kind: "other", title: "NotebookEdit" },
    ],
    ["EnterPlanMode", enterPlanModeReporter, {}, { kind: "switch_mode", title: "EnterPlanMode" }],
    [
      "ExitPlanMode",
      exitPlanModeReporter,
      { plan: "1. do" },
      { kind: "switch_mode", title: "Approve Plan", displayText: "1. do" },
    ],
    [
      "WebFetch",
      webFetchReporter,
      { url: "https://x.test", prompt: "sum" },
      { kind: "fetch", title: "Fetch https://x.test", displayText: "sum" },
    ],
    ["WebSearch", webSearchReporter, { query: "acp" }, { kind: "fetch", title: 'Search "acp"' }],
    [
      "Read",
      readReporter,
      { file_path: "/w/a", offset: 5 },
      { kind: "read", title: "Read /w/a (from line 5)", locations: [{ path: "/w/a", line: 5 }] },
    ],
    [
      "Read",
      readReporter,
      { file_path: "/w/a" },
      { kind: "read", title: "Read /w/a", locations: [{ path: "/w/a", line: 1 }] },
    ],
    [
      "ReportFindings",
      reportFindingsReporter,
      { findings: [{ file: "a.ts", summary: "Null deref", failure_scenario: "x" }] },
      { kind: "think", title: "Report findings", displayText: "- a.ts: Null deref" },
    ],
    [
      "AskUserQuestion (several)",
      askUserQuestionReporter,
      {
        questions: [
          { question: "A?", options: [] },
          { question: "B?", options: [] },
        ],
      },
      { kind: "other", title: "Asking for your input", displayText: "A?\nB?" },
    ],
  ] as const)("%s", (_name, reporter, input, facts) => {
    expect(reporter.describe(input, _name)).toEqual(facts);
  });

  it("TodoWrite is a plan; malformed entries are left out", () => {
    expect(
      todoWriteReporter.describe(
        {
          todos: [
            { content: "A", status: "pending" },
            { content: "B", status: "weird" },
            { status: "completed" },
          ],
        },
        "TodoWrite",
      ).plan,
    ).toEqual([{ content: "A", status: "pending", priority: "medium" }]);
  });

  it("an approved plan retitles the call; a rejection shows its reason", () => {
    expect(
      exitPlanModeReporter.result!(
        { isError: false, text: "ok", raw: "ok", structured: undefined },
        {},
      ),
    ).toEqual({ title: "Exited Plan Mode" });
    expect(
      exitPlanModeReporter.result!(
        { isError: true, text: "Keep planning", raw: "", structured: undefined },
        {},
      ),
    ).toEqual({
      content: [{ type: "content", content: { type: "text", text: "Keep planning" } }],
      rawOnly: true,
    });
  });
});

describe("reporters: what an input without the usual fields gives", () => {
  it.each([
    [
      "SendMessage with content",
      sendMessageReporter,
      { to: "r", content: "Hi" },
      { kind: "other", title: "Message r", displayText: "Hi" },
    ],
    ["SendMessage to nobody", sendMessageReporter, {}, { kind: "other", title: "SendMessage" }],
    [
      "TaskStop of a shell",
      taskStopReporter,
      { shell_id: "s1" },
      { kind: "other", title: "Stop task s1" },
    ],
    ["TaskStop of nothing", taskStopReporter, {}, { kind: "other", title: "TaskStop" }],
    ["Monitor without description", monitorReporter, {}, { kind: "other", title: "Monitor" }],
    [
      "Skill by command",
      skillReporter,
      { command: "c" },
      { kind: "other", title: "Load skill: c" },
    ],
    ["Skill by name", skillReporter, { name: "n" }, { kind: "other", title: "Load skill: n" }],
    ["Skill unnamed", skillReporter, {}, { kind: "other", title: "Load skill" }],
    [
      "ExitPlanMode without a plan",
      exitPlanModeReporter,
      { plan: "" },
      { kind: "switch_mode", title: "Approve Plan" },
    ],
    ["WebFetch streaming", webFetchReporter, {}, { kind: "fetch", title: "Fetch" }],
    ["WebSearch streaming", webSearchReporter, {}, { kind: "fetch", title: "Search" }],
    [
      "WebSearch for nothing",
      webSearchReporter,
      { query: "" },
      { kind: "fetch", title: 'Search ""' },
    ],
    ["Read streaming", readReporter, {}, { kind: "read", title: "Read" }],
    [
      "Read with a range",
      readReporter,
      { file_path: "/a", offset: 10, limit: 5 },
      { kind: "read", title: "Read /a (10 - 14)", locations: [{ path: "/a", line: 10 }] },
    ],
    [
      "Read with a limit",
      readReporter,
      { file_path: "/a", limit: 5 },
      { kind: "read", title: "Read /a (1 - 5)", locations: [{ path: "/a", line: 1 }] },
    ],
    [
      "ReportFindings without file or summary",
      reportFindingsReporter,
      { findings: [{ summary: "S" }, { file: "f" }, null] },
      { kind: "think", title: "Report findings", displayText: "- S" },
    ],
    [
      "ReportFindings with no list",
      reportFindingsReporter,
      { findings: "x" },
      { kind: "think", title: "Report findings" },
    ],
    [
      "one question",
      askUserQuestionReporter,
      { questions: [{ question: "Why?" }] },
      { kind: "other", title: "Why?", displayText: "Why?" },
    ],
    [
      "one question, for AIR",
      airAskUserQuestionReporter,
      { questions: [{ question: "Why?" }] },
      { kind: "other", title: "Asking for your input", displayText: "Why?" },
    ],
    [
      "several questions, for AIR",
      airAskUserQuestionReporter,
      { questions: [{ question: "A?" }, { question: "B?" }] },
      { kind: "other", title: "Asking for your input", displayText: "A?\nB?" },
    ],
    [
      "no questions, for AIR",
      airAskUserQuestionReporter,
      { questions: 3 },
      { kind: "other", title: "Asking for your input" },
    ],
    [
      "questions without text",
      askUserQuestionReporter,
      { questions: [{}, { question: "" }] },
      { kind: "other", title: "Asking for your input" },
    ],
    [
      "no questions",
      askUserQuestionReporter,
      { questions: {} },
      { kind: "other", title: "Asking for your input" },
    ],
  ] as const)("%s", (_name, reporter, input, facts) => {
    // Strict: a missing display text or location is no key at all.
    expect(reporter.describe(input, "x")).toStrictEqual(facts);
  });

  const text = (t: string) => [{ type: "content", content: { type: "text", text: t } }];
  const result = (fields: Partial<{ isError: boolean; text: string; structured: unknown }>) => ({
    isError: false,
    text: "",
    raw: "",
    structured: undefined,
    ...fields,
  });

  it.each([
    [
      "WebFetch: the structured answer",
      webFetchReporter,
      result({ text: "t", structured: { result: "answer" } }),
      { content: text("answer") },
    ],
    ["WebFetch: the text", webFetchReporter, result({ text: "t" }), { content: text("t") }],
    ["WebFetch: nothing", webFetchReporter, result({}), {}],
    [
      "Read: the file content, fenced",
      readReporter,
      result({ text: "t", structured: { file: { content: "x" } } }),
      { content: text("```\nx\n```") },
    ],
    [
      "Read: the text, fenced",
      readReporter,
      result({ text: "t" }),
      { content: text("```\nt\n```") },
    ],
    ["Read: nothing", readReporter, result({}), {}],
    [
      "Read: an error as it is",
      readReporter,
      result({ isError: true, text: "no" }),
      { content: text("no") },
    ],
    ["Read: an error without text", readReporter, result({ isError: true }), {}],
    [
      // The rejection is the result: AIR shows it in rawOutput alone.
      "ExitPlanMode: a rejection without a reason",
      exitPlanModeReporter,
      result({ isError: true }),
      { rawOnly: true },
    ],
  ] as const)("result of %s", (_name, reporter, r, facts) => {
    expect(reporter.result!(r, {})).toStrictEqual(facts);
  });
});

describe("todoPlan", () => {
  it("keeps entries of each known status, in order", () => {
    expect(
      todoWriteReporter.describe(
        {
          todos: [
            { content: "A", status: "pending" },
            { content: "B", status: "in_progress" },
            null,
            "C",
            { content: "", status: "completed" },
            { content: "D", status: "completed" },
          ],
        },
        "TodoWrite",
      ),
    ).toEqual({
      kind: "think",
      title: "Update plan",
      plan: [
        { content: "A", status: "pending", priority: "medium" },
        { content: "B", status: "in_progress", priority: "medium" },
        { content: "D", status: "completed", priority: "medium" },
      ],
    });
  });

  it("shows the entry in progress by its activeForm, but to AIR", () => {
    const todos = [
      { content: "Read", status: "completed", activeForm: "Reading" },
      { content: "Write", status: "in_progress", activeForm: "Writing" },
      { content: "Ship", status: "in_progress", activeForm: "" },
      { content: "Test", status: "pending", activeForm: "Testing" },
    ];
    const contents = (reporter: typeof todoWriteReporter) =>
      reporter.describe({ todos }, "TodoWrite").plan?.map((e) => e.content);
    expect(contents(todoWriteReporter)).toEqual(["Read", "Writing", "Ship", "Test"]);
    expect(contents(airTodoWriteReporter)).toEqual(["Read", "Write", "Ship", "Test"]);
  });

  it("has no entries without a list", () => {
    expect(todoPlan({ content: "A", status: "pending" })).toEqual([]);
  });
});
