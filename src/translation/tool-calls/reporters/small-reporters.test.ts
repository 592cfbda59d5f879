import { describe, expect, it } from "vitest";
import { monitorReporter, sendMessageReporter, taskStopReporter } from "./agent.js";
import { askUserQuestionReporter } from "./ask-user-question.js";
import { notebookEditReporter } from "./notebook-edit.js";
import { enterPlanModeReporter, exitPlanModeReporter } from "./plan-mode.js";
import { todoWriteReporter } from "./plans.js";
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
