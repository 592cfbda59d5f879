import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { unrouted } from "../../test/support/unrouted.js";
import { MessageStreamTranslator } from "./message-stream.js";

// SDK messages with only the fields the translator reads.
const start = (id: string, parent: string | null = null) =>
  ({
    type: "stream_event",
    parent_tool_use_id: parent,
    event: { type: "message_start", message: { id } },
  }) as unknown as SDKMessage;
const delta = (d: Record<string, unknown>, parent: string | null = null) =>
  ({
    type: "stream_event",
    parent_tool_use_id: parent,
    event: { type: "content_block_delta", index: 0, delta: d },
  }) as unknown as SDKMessage;
const text = (t: string, parent: string | null = null) =>
  delta({ type: "text_delta", text: t }, parent);
const thinking = (t: string, parent: string | null = null) =>
  delta({ type: "thinking_delta", thinking: t }, parent);
const complete = (
  id: string,
  content: Record<string, unknown>[],
  parent: string | null = null,
  error?: string,
) =>
  ({
    type: "assistant",
    parent_tool_use_id: parent,
    message: { id, content },
    ...(error ? { error } : {}),
  }) as unknown as SDKMessage;

const answer = (t: string, messageId?: string) => ({
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text: t },
  ...(messageId ? { messageId } : {}),
});
const thought = (t: string, messageId?: string) => ({
  sessionUpdate: "agent_thought_chunk",
  content: { type: "text", text: t },
  ...(messageId ? { messageId } : {}),
});

describe("MessageStreamTranslator", () => {
  it("sends streamed text and thinking as chunks of the message, and not again at the end", () => {
    const t = unrouted(new MessageStreamTranslator());
    expect(t.translate(start("msg_1"))).toEqual([]);
    expect(t.translate(thinking("hmm"))).toStrictEqual([thought("hmm", "msg_1")]);
    expect(t.translate(text("Hi"))).toStrictEqual([answer("Hi", "msg_1")]);
    expect(
      t.translate(
        complete("msg_1", [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Hi" },
        ]),
      ),
    ).toEqual([]);
  });

  it("sends from the complete message only the kinds that were not streamed", () => {
    const t = unrouted(new MessageStreamTranslator());
    t.translate(start("msg_1"));
    t.translate(text("Hi"));
    expect(
      t.translate(
        complete("msg_1", [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Hi" },
          { type: "tool_use", id: "toolu_1", name: "Bash", input: {} },
        ]),
      ),
    ).toStrictEqual([thought("hmm", "msg_1")]);
  });

  it("sends a message that was not streamed whole, skipping empty blocks", () => {
    const t = unrouted(new MessageStreamTranslator());
    expect(
      t.translate(
        complete("msg_2", [
          { type: "text", text: "" },
          { type: "thinking", thinking: "" },
          { type: "text", text: "a" },
          { type: "thinking", thinking: "b" },
        ]),
      ),
    ).toStrictEqual([answer("a", "msg_2"), thought("b", "msg_2")]);
  });

  it("ignores empty deltas and other events", () => {
    const t = unrouted(new MessageStreamTranslator());
    t.translate(start("msg_1"));
    expect(t.translate(text(""))).toEqual([]);
    expect(t.translate(thinking(""))).toEqual([]);
    expect(t.translate(delta({ type: "input_json_delta", partial_json: "{" }))).toEqual([]);
    expect(
      t.translate({
        type: "stream_event",
        parent_tool_use_id: null,
        event: { type: "message_stop" },
      } as unknown as SDKMessage),
    ).toEqual([]);
    expect(t.translate({ type: "user" } as unknown as SDKMessage)).toEqual([]);
    // Nothing was streamed: the complete message goes out whole.
    expect(t.translate(complete("msg_1", [{ type: "text", text: "a" }]))).toStrictEqual([
      answer("a", "msg_1"),
    ]);
  });

  it("sends a delta before any message start without a message id", () => {
    const t = unrouted(new MessageStreamTranslator());
    expect(t.translate(text("a"))).toStrictEqual([answer("a")]);
    expect(t.translate(thinking("b"))).toStrictEqual([thought("b")]);
  });

  it("keeps the messages of different turns apart after endTurn", () => {
    const t = unrouted(new MessageStreamTranslator());
    t.translate(start("msg_1"));
    t.translate(text("a"));
    t.endTurn();
    // The message id is forgotten: a delta now has none.
    expect(t.translate(text("b"))).toStrictEqual([answer("b")]);
    // And so is what was streamed: a replayed complete message goes out.
    expect(t.translate(complete("msg_1", [{ type: "text", text: "a" }]))).toStrictEqual([
      answer("a", "msg_1"),
    ]);
  });

  it("keeps the messages of a subagent that outlives the turn (a background child)", () => {
    const t = new MessageStreamTranslator(true);
    t.translate(start("msg_root"));
    t.translate(start("msg_bg", "toolu_bg"));
    t.translate(text("a", "toolu_bg"));
    t.translate(start("msg_fg", "toolu_fg"));
    t.endTurn((parent) => parent === "toolu_bg");
    const ids = (routed: ReturnType<typeof t.translate>) =>
      routed.map((r) => [r.target, (r.update as { messageId?: string }).messageId]);
    expect(ids(t.translate(text("b", "toolu_bg")))).toEqual([["toolu_bg", "msg_bg"]]);
    expect(ids(t.translate(text("c", "toolu_fg")))).toEqual([["toolu_fg", undefined]]);
    expect(ids(t.translate(text("d")))).toEqual([[null, undefined]]);
    // What the kept message streamed stays: its complete message is not sent again.
    expect(t.translate(complete("msg_bg", [{ type: "text", text: "ab" }], "toolu_bg"))).toEqual([]);
  });

  it("does not send an API error's synthetic message", () => {
    const t = unrouted(new MessageStreamTranslator());
    expect(
      t.translate(complete("msg_e", [{ type: "text", text: "API Error" }], null, "rate_limit")),
    ).toEqual([]);
  });

  it("keeps subagent traffic out of the root transcript", () => {
    const t = unrouted(new MessageStreamTranslator());
    expect(t.translate(start("msg_s", "toolu_p"))).toEqual([]);
    expect(t.translate(text("sub", "toolu_p"))).toEqual([]);
    expect(t.translate(complete("msg_s", [{ type: "text", text: "sub" }], "toolu_p"))).toEqual([]);
  });

  it("marks subagent traffic with its parent in a flat transcript, per parent", () => {
    const t = unrouted(new MessageStreamTranslator(true));
    const meta = { _meta: { claudeCode: { parentToolUseId: "toolu_p" } } };
    t.translate(start("msg_main"));
    t.translate(start("msg_s", "toolu_p"));
    expect(t.translate(text("sub", "toolu_p"))).toStrictEqual([
      { ...answer("sub", "msg_s"), ...meta },
    ]);
    expect(t.translate(text("main"))).toStrictEqual([answer("main", "msg_main")]);
    expect(
      t.translate(
        complete(
          "msg_s",
          [
            { type: "text", text: "sub" },
            { type: "thinking", thinking: "t" },
          ],
          "toolu_p",
        ),
      ),
    ).toStrictEqual([{ ...thought("t", "msg_s"), ...meta }]);
  });

  it("reads only assistant messages as complete messages", () => {
    const t = new MessageStreamTranslator(true);
    expect(
      t.translate({
        type: "user",
        parent_tool_use_id: null,
        message: { id: "u", content: [{ type: "text", text: "typed" }] },
      } as unknown as SDKMessage),
    ).toEqual([]);
  });
});
