import { describe, expect, it } from "vitest";
import type { MessageEntry } from "../replay/transcript-entry.js";
import { childRuns, runEnd } from "./child-runs.js";

/** Stored entries, as Claude Code 2.1.318 writes a child's transcript. */
const prompt = (uuid: string): MessageEntry => ({
  type: "user",
  uuid,
  message: { content: "Work." },
});
const coordinator = (uuid: string): MessageEntry => ({
  type: "user",
  uuid,
  isMeta: true,
  origin: "coordinator",
  message: { content: "The coordinator sent a message while you were working:\nAgain." },
});
const text = (uuid: string, said: string, id = `msg_${uuid}`): MessageEntry => ({
  type: "assistant",
  uuid,
  message: { id, content: [{ type: "text", text: said }] },
});
const toolUse = (uuid: string, id: string, messageId = `msg_${uuid}`): MessageEntry => ({
  type: "assistant",
  uuid,
  message: { id: messageId, content: [{ type: "tool_use", id, name: "Bash", input: {} }] },
});
const toolResult = (uuid: string, id: string): MessageEntry => ({
  type: "user",
  uuid,
  message: { content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] },
});
const apiError = (uuid: string): MessageEntry => ({
  type: "assistant",
  uuid,
  isApiErrorMessage: true,
  message: { content: [{ type: "text", text: "API Error: 500" }] },
});
const boundary = (uuid: string): MessageEntry => ({
  type: "system",
  uuid,
  subtype: "compact_boundary",
});

const uuids = (runs: MessageEntry[][]) => runs.map((run) => run.map((e) => e.uuid));

describe("childRuns", () => {
  it.each([
    [
      "one run",
      [prompt("p"), toolUse("a", "t1"), toolResult("r", "t1"), text("b", "Done.")],
      [["p", "a", "r", "b"]],
    ],
    [
      "a coordinator message after a finished run starts the next (a SendMessage's)",
      [prompt("p"), text("a", "First."), coordinator("c"), text("b", "Second.")],
      [
        ["p", "a"],
        ["c", "b"],
      ],
    ],
    [
      "one run per resume",
      [
        prompt("p"),
        text("a", "1"),
        coordinator("c1"),
        text("b", "2"),
        coordinator("c2"),
        text("d", "3"),
      ],
      [
        ["p", "a"],
        ["c1", "b"],
        ["c2", "d"],
      ],
    ],
    [
      "a message to a child that still works stays in its run (after a tool result)",
      [
        prompt("p"),
        toolUse("a", "t1"),
        toolResult("r", "t1"),
        coordinator("c"),
        text("b", "Done."),
      ],
      [["p", "a", "r", "c", "b"]],
    ],
    [
      "a message while a tool use is open stays in its run (text and tool use of one message)",
      [prompt("p"), text("a", "Let me look.", "m1"), toolUse("b", "t1", "m1"), coordinator("c")],
      [["p", "a", "b", "c"]],
    ],
    [
      "a user prompt that is not the coordinator's does not split",
      [prompt("p"), text("a", "First."), prompt("q"), text("b", "Second.")],
      [["p", "a", "q", "b"]],
    ],
    [
      "a system entry between the run's end and the message does not hide the end",
      [prompt("p"), text("a", "First."), boundary("s"), coordinator("c")],
      [["p", "a", "s"], ["c"]],
    ],
    ["a transcript without entries: one empty run", [], [[]]],
  ] as Array<[string, MessageEntry[], string[][]]>)("%s", (_name, entries, expected) => {
    expect(uuids(childRuns(entries))).toEqual(expected);
  });
});

describe("runEnd", () => {
  it.each([
    [
      "its last text answers, the run ended",
      [
        coordinator("c"),
        text("a", "Looking."),
        toolUse("b", "t1"),
        toolResult("r", "t1"),
        text("d", "Found it."),
      ],
      { answer: "Found it.", state: { state: "idle", stopReason: "end_turn" } },
    ],
    [
      "one message's text entries together",
      [coordinator("c"), text("a", "Found ", "m1"), text("b", "it.", "m1")],
      { answer: "Found it.", state: { state: "idle", stopReason: "end_turn" } },
    ],
    [
      "a run that stopped on a failed API call: an error, no answer",
      [coordinator("c"), text("a", "Looking."), apiError("e")],
      { answer: undefined, state: { state: "idle", stopReason: "error" } },
    ],
    [
      "a run that said nothing: no answer",
      [coordinator("c")],
      { answer: undefined, state: { state: "idle", stopReason: "end_turn" } },
    ],
  ] as Array<[string, MessageEntry[], unknown]>)("%s", (_name, run, expected) => {
    expect(runEnd(run)).toEqual(expected);
  });
});
