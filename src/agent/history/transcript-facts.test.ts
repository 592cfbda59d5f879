import { describe, expect, it } from "vitest";
import { syntheticTranscript } from "../../../test/support/synthetic-transcript.js";
import { transcriptFacts } from "./transcript-facts.js";

const sessionId = "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb";
const parentId = "7f3c1d2e-1111-4222-8333-944455556666";
const cwd = "/work/project";
const T = (s: number) => `2026-01-02T00:00:${String(s).padStart(2, "0")}.000Z`;
const ms = (s: number) => Date.parse(T(s));

const line = (entry: Record<string, unknown>) => JSON.stringify({ sessionId, cwd, ...entry });
const prompt = (s: number, content: unknown, extra: Record<string, unknown> = {}) =>
  line({ type: "user", timestamp: T(s), message: { role: "user", content }, ...extra });
const answer = (s: number, stop: string | null, extra: Record<string, unknown> = {}) =>
  line({
    type: "assistant",
    timestamp: T(s),
    message: {
      model: "claude-opus-5-5",
      stop_reason: stop,
      content: [{ type: "text", text: "x" }],
    },
    ...extra,
  });
const toolResult = (s: number) =>
  prompt(s, [{ type: "tool_result", tool_use_id: "toolu_1", content: "out" }]);
const system = (s: number, subtype: string) => line({ type: "system", subtype, timestamp: T(s) });

function facts(lines: string[], head = "") {
  const tail = Buffer.from(lines.join("\n") + "\n");
  return transcriptFacts(Buffer.from(head), tail);
}

describe("transcriptFacts", () => {
  it("a synthetic transcript: its last prompt, model and turn end", () => {
    const text = syntheticTranscript({
      sessionId,
      cwd,
      startedAt: new Date("2026-01-01T00:00:00.000Z"),
      turns: [
        { prompt: "first", text: "a" },
        { prompt: "second", text: "b", bash: { command: "ls", output: "x" } },
      ],
    });
    const entries = text
      .trim()
      .split("\n")
      .map(
        (l) => JSON.parse(l) as { type: string; timestamp: string; message?: { content: unknown } },
      );
    const lastPrompt = entries.findLast(
      (e) => e.type === "user" && JSON.stringify(e.message?.content).includes('"second"'),
    )!;
    const lastAnswer = entries.findLast((e) => e.type === "assistant")!;
    expect(transcriptFacts(Buffer.from(text), Buffer.from(text))).toStrictEqual({
      lastPromptAt: Date.parse(lastPrompt.timestamp),
      model: "claude-opus-5-5",
      turnState: "finished",
      lastTurnEndedAt: Date.parse(lastAnswer.timestamp),
    });
  });

  it("a turn at work: unfinished, the end of the turn before it", () => {
    expect(
      facts([
        prompt(1, "one"),
        answer(2, "end_turn"),
        prompt(3, "two"),
        answer(4, "tool_use"),
        toolResult(5),
      ]),
    ).toStrictEqual({
      lastPromptAt: ms(3),
      model: "claude-opus-5-5",
      turnState: "unfinished",
      lastTurnEndedAt: ms(2),
    });
  });

  it("Claude Code's turn-end records close a turn; an API error behind them is an error", () => {
    expect(
      facts([
        prompt(1, [{ type: "text", text: "go" }]),
        answer(2, "stop_sequence", { isApiErrorMessage: true, message: { model: "<synthetic>" } }),
        system(3, "turn_duration"),
        system(4, "stop_hook_summary"),
      ]),
    ).toStrictEqual({
      lastPromptAt: ms(1),
      turnState: "finished",
      lastTurnEndedAt: ms(4),
      lastTurnError: true,
    });
  });

  it("an answer after the error clears it; a `<synthetic>` model is no model", () => {
    expect(
      facts([
        prompt(1, "go"),
        answer(2, null, { isApiErrorMessage: true, message: { model: "<synthetic>" } }),
        prompt(3, "again"),
        answer(4, "end_turn"),
        system(5, "turn_duration"),
      ]),
    ).toStrictEqual({
      lastPromptAt: ms(3),
      model: "claude-opus-5-5",
      turnState: "finished",
      lastTurnEndedAt: ms(5),
    });
  });

  it("an interrupt ends the turn, and is no prompt of the user's", () => {
    expect(
      facts([
        prompt(1, "go"),
        answer(2, "tool_use"),
        prompt(3, [{ type: "text", text: "[Request interrupted by user]" }]),
      ]),
    ).toStrictEqual({
      lastPromptAt: ms(1),
      model: "claude-opus-5-5",
      turnState: "finished",
      lastTurnEndedAt: ms(3),
    });
  });

  it("tool results, meta entries, slash commands and local command output are no prompts", () => {
    expect(
      facts([
        prompt(1, "typed"),
        prompt(2, "<command-name>/compact</command-name>"),
        prompt(3, "<local-command-stdout>ok</local-command-stdout>"),
        prompt(4, "reminder", { isMeta: true }),
        prompt(5, "summary", { isCompactSummary: true }),
        answer(6, "tool_use"),
        toolResult(7),
      ]).lastPromptAt,
    ).toBe(ms(1));
  });

  it("an image is a prompt; a tool result with an image is not", () => {
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "AA==" },
    };
    expect(facts([prompt(1, [image])]).lastPromptAt).toBe(ms(1));
    expect(
      facts([
        prompt(1, "typed"),
        prompt(2, [{ type: "tool_result", tool_use_id: "t", content: "x" }, image]),
      ]).lastPromptAt,
    ).toBe(ms(1));
  });

  it("subagent entries are not the session's", () => {
    expect(
      facts([
        prompt(1, "go"),
        answer(2, "end_turn"),
        prompt(3, "child task", { isSidechain: true }),
        answer(4, "tool_use", { isSidechain: true, message: { model: "claude-haiku-5" } }),
      ]),
    ).toStrictEqual({
      lastPromptAt: ms(1),
      model: "claude-opus-5-5",
      turnState: "finished",
      lastTurnEndedAt: ms(2),
    });
  });

  it("the fork origin from the head; a cut first line and other entries are skipped", () => {
    const head = line({ type: "user", forkedFrom: { sessionId: parentId, messageUuid: "u" } });
    expect(
      facts(['cut":"type":"user"}', line({ type: "queue-operation" }), prompt(1, "go")], head),
    ).toStrictEqual({ forkedFrom: parentId, lastPromptAt: ms(1), turnState: "unfinished" });
  });

  it("nothing from an empty transcript", () => {
    expect(transcriptFacts(Buffer.alloc(0), Buffer.alloc(0))).toStrictEqual({});
  });
});
