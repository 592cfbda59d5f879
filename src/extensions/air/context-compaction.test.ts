import { describe, expect, it } from "vitest";
import { contextCompactionMeta } from "./context-compaction.js";
import { customAnswerMeta } from "./custom-answer.js";

const ALL = {
  trigger: "automatic",
  preTokens: 180000,
  postTokens: 42000,
  durationMs: 5300,
} as const;

describe("contextCompactionMeta", () => {
  it.each([
    [
      "every fact, for the tool call form with an error",
      { ...ALL, error: "Not enough messages to compact." },
      "tool_call",
      { version: 1, ...ALL, error: "Not enough messages to compact." },
    ],
    [
      "no error for the compaction_update form (its standard error field has it)",
      { trigger: "manual", error: "boom" },
      "compaction_update",
      { version: 1, trigger: "manual" },
    ],
    ["only the version when nothing is known", {}, "tool_call", { version: 1 }],
    [
      "the adapter's idle compaction as automatic (S000 allows manual or automatic)",
      { trigger: "idle", preTokens: 5 },
      "compaction_update",
      { version: 1, trigger: "automatic", preTokens: 5 },
    ],
    [
      "zero counts",
      { preTokens: 0, postTokens: 0, durationMs: 0 },
      "compaction_update",
      {
        version: 1,
        preTokens: 0,
        postTokens: 0,
        durationMs: 0,
      },
    ],
  ] as const)("%s", (_name, facts, form, record) => {
    expect(contextCompactionMeta(undefined, facts, form)).toStrictEqual({
      jetbrains: { air: { version: 1, contextCompaction: record } },
    });
  });

  it("merges into the tool call's _meta and keeps the other keys", () => {
    const meta = { claudeCode: { toolName: "compact" }, jetbrains: { other: 1, air: { x: 2 } } };
    expect(contextCompactionMeta(meta, { trigger: "manual" }, "tool_call")).toStrictEqual({
      claudeCode: { toolName: "compact" },
      jetbrains: {
        other: 1,
        air: { x: 2, version: 1, contextCompaction: { version: 1, trigger: "manual" } },
      },
    });
  });
});

describe("customAnswerMeta", () => {
  it("names the select field of the question", () => {
    expect(customAnswerMeta("question_3")).toStrictEqual({
      jetbrains: {
        air: { version: 1, customAnswer: { questionId: "question_3", isCustomAnswer: true } },
      },
    });
  });
});
