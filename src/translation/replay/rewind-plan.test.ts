import { describe, expect, it } from "vitest";
import { planRewind, type BranchEntry } from "./rewind-plan.js";
import type { MessageEntry } from "./transcript-entry.js";

let previous: string | undefined;
function at(entry: MessageEntry): BranchEntry {
  const branch = { entry, parentUuid: previous };
  previous = entry.uuid;
  return branch;
}
const prompt = (uuid: string, text: string, extra: Partial<MessageEntry> = {}) =>
  at({ type: "user", uuid, message: { content: [{ type: "text", text }] }, ...extra });
const agent = (uuid: string, id: string, content: unknown[]) =>
  at({ type: "assistant", uuid, message: { id, content } });
const text = (t: string) => ({ type: "text", text: t });
const use = (id: string, name: string) => ({ type: "tool_use", id, name, input: {} });
const result = (uuid: string, toolUseId: string) =>
  at({
    type: "user",
    uuid,
    message: { content: [{ type: "tool_result", tool_use_id: toolUseId, content: "ok" }] },
  });

function history(): BranchEntry[] {
  previous = undefined;
  return [
    prompt("p1", "First"),
    agent("a1", "msg_1", [text("One.")]),
    prompt("p2", "Second"),
    agent("a2", "msg_2", [use("toolu_edit", "Edit")]),
    result("r2", "toolu_edit"),
    agent("a2b", "msg_2b", [use("toolu_bash", "Bash")]),
    result("r2b", "toolu_bash"),
    agent("a2c", "msg_2c", [text("Done.")]),
    prompt("p3", "Third"),
    agent("a3", "msg_3", [text("Three.")]),
  ];
}

describe("planRewind", () => {
  it("keeps an agent message and everything before it; the later prompts are the restore points", () => {
    expect(planRewind(history(), "msg_1", "rewind")).toEqual({
      keep: "a1",
      remaining: 2,
      lastMessageId: "msg_1",
      restorePoints: ["p2", "p3"],
      droppedFileEdits: true,
      unrestorable: [{ toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" }],
    });
  });

  it("keeps the results of the named message's tool calls", () => {
    const plan = planRewind(history(), "msg_2", "rewind");
    expect(plan).toMatchObject({ keep: "r2", remaining: 4, lastMessageId: "msg_2" });
  });

  it("names a file tool's change later in the kept turn as one a restore cannot undo", () => {
    const plan = planRewind(history(), "msg_2", "rewind");
    expect(plan).toMatchObject({
      restorePoints: ["p3"],
      droppedFileEdits: false,
      unrestorable: [{ toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" }],
    });
    const before = planRewind(history(), "p2", "rewind");
    expect(before).toMatchObject({
      keep: "p2",
      unrestorable: [
        { toolCallId: "toolu_edit", tool: "Edit", reason: "kept_turn" },
        { toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" },
      ],
    });
  });

  it("rewinds to a prompt by its uuid, and an id with a segment suffix to its message", () => {
    expect(planRewind(history(), "p3", "rewind")).toMatchObject({
      keep: "p3",
      remaining: 7,
      lastMessageId: "p3",
      restorePoints: [],
    });
    expect(planRewind(history(), "msg_3:segment:2", "rewind")).toMatchObject({ keep: "a3" });
  });

  it("edits a prompt: keeps what precedes it, and restores files from the prompt itself", () => {
    expect(planRewind(history(), "p3", "edit")).toEqual({
      keep: "a2c",
      remaining: 6,
      lastMessageId: "msg_2c",
      restorePoints: ["p3"],
      droppedFileEdits: false,
      unrestorable: [],
    });
  });

  it("edits the first prompt: nothing is kept, every prompt is a restore point", () => {
    expect(planRewind(history(), "p1", "edit")).toEqual({
      keep: undefined,
      remaining: 0,
      lastMessageId: undefined,
      restorePoints: ["p1", "p2", "p3"],
      droppedFileEdits: true,
      unrestorable: [{ toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" }],
    });
  });

  it.each([
    ["an unknown id", "msg_nothing", "rewind", "no message of the session has id"],
    ["a tool result's uuid", "r2", "rewind", "no message of the session has id"],
    ["an agent message to edit", "msg_1", "edit", "not a prompt"],
  ] as const)("refuses %s", (_name, id, mode, reason) => {
    const plan = planRewind(history(), id, mode);
    expect(plan).toEqual({ refused: expect.stringContaining(reason) });
  });

  it("counts neither reminders nor Claude Code's own messages as prompts", () => {
    previous = undefined;
    const branch = [
      prompt("p1", "First"),
      agent("a1", "msg_1", [text("One.")]),
      prompt("meta", "reminder", { isMeta: true }),
      prompt("note", "task done", { origin: "task-notification" }),
      prompt("p2", "Second", { origin: "human" }),
    ];
    expect(planRewind(branch, "msg_1", "rewind")).toMatchObject({
      remaining: 2,
      restorePoints: ["p2"],
    });
    expect(planRewind(branch, "note", "rewind")).toEqual({ refused: expect.any(String) });
  });
});
