import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CompactionSettings } from "../../sdk/session-settings.js";
import { Conversation } from "../turn/conversation.js";
import { IdleCompaction, type IdleCompactionParts } from "./idle-compaction.js";
import { Lifecycle } from "../lifecycle.js";
import type { Turn } from "../turn/turn.js";

const settings = vi.hoisted(() => ({
  read: (): Promise<CompactionSettings> => Promise.resolve({}),
}));
vi.mock("../../sdk/session-settings.js", () => ({
  readCompactionSettings: () => settings.read(),
}));

const CACHED = {
  input_tokens: 10,
  cache_creation_input_tokens: 150_000,
  output_tokens: 1,
  cache_creation: { ephemeral_1h_input_tokens: 150_000 },
};

function start(id: string, parent: string | null = null): SDKMessage {
  return {
    type: "stream_event",
    parent_tool_use_id: parent,
    event: { type: "message_start", message: { id, usage: CACHED } },
  } as unknown as SDKMessage;
}
const state = (s: "idle" | "running"): SDKMessage =>
  ({ type: "system", subtype: "session_state_changed", state: s }) as unknown as SDKMessage;

/** A session's idle compaction over stub parts; `delay` ms after the last request. */
function setUp() {
  const lifecycle = new Lifecycle();
  lifecycle.started();
  const send = vi.fn();
  const idleFlag = vi.fn();
  const sessionState = vi.fn();
  const parts = {
    sessionId: "s1",
    cwd: "/work",
    setup: {
      passThrough: {
        env: {
          CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS: "1000",
          CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "100000",
        },
      },
    },
    lifecycle,
    slot: { current: { send } },
    conversation: new Conversation("claude-1"),
    translator: { compaction: { idleCompaction: idleFlag } },
    runner: { sessionState },
    options: { current: { currentModel: "opus" } },
  } as unknown as IdleCompactionParts;
  const idle = new IdleCompaction(parts);
  /** Claude Code answered a request and went idle. */
  const turn = (id = "msg_1") => {
    idle.observe(start(id));
    idle.observe(state("idle"));
    idle.routed(state("idle"));
  };
  return { idle, lifecycle, send, idleFlag, sessionState, turn, options: parts.options };
}

const compact = (sent: unknown) =>
  expect(sent).toMatchObject({
    type: "user",
    message: { role: "user", content: [{ type: "text", text: "/compact" }] },
    parent_tool_use_id: null,
    session_id: "claude-1",
  });

beforeEach(() => {
  vi.useFakeTimers();
  settings.read = () => Promise.resolve({});
});
afterEach(() => {
  vi.useRealTimers();
});

describe("IdleCompaction", () => {
  it("sends /compact as Claude Code's own cycle once the session sat idle", async () => {
    const { idle, send, idleFlag, sessionState, turn } = setUp();
    turn();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    compact(send.mock.calls[0]![0]);
    expect(sessionState.mock.calls).toEqual([["running"]]);
    expect(idleFlag.mock.calls).toEqual([[true]]);
    // The compaction's cycle ends: its trigger is reported no more, and it does not re-arm.
    idle.observe(state("running"));
    idle.observe(state("idle"));
    idle.routed(state("idle"));
    expect(idleFlag.mock.calls).toEqual([[true], [false]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ends the compaction's idle trigger when its Claude Code is replaced", async () => {
    const { idle, idleFlag, send, turn } = setUp();
    turn();
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(1);
    idle.observe(state("running"));
    idle.queryStarted();
    expect(idleFlag.mock.calls).toEqual([[true], [false]]);
    // Not running any more: the next request's idle arms the timer.
    turn("msg_2");
    expect(vi.getTimerCount()).toBe(1);
  });

  it("drops the timer for a prompt or a new request, and arms it again at the next idle", () => {
    const { idle, turn } = setUp();
    turn();
    idle.disarm();
    expect(vi.getTimerCount()).toBe(0);
    idle.routed(state("idle"));
    expect(vi.getTimerCount()).toBe(1);
    idle.observe(state("running"));
    expect(vi.getTimerCount()).toBe(0);
    turn("msg_2");
    expect(vi.getTimerCount()).toBe(1);
    idle.observe(start("msg_3"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ignores a subagent's requests and drops the timer for a reset conversation", () => {
    const { idle, turn } = setUp();
    turn();
    idle.observe(start("msg_sub", "toolu_1"));
    expect(vi.getTimerCount()).toBe(1);
    idle.observe({ type: "conversation_reset" } as unknown as SDKMessage);
    expect(vi.getTimerCount()).toBe(0);
    idle.routed(state("idle"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    [
      "a rate limit in force",
      { type: "rate_limit_event", rate_limit_info: { status: "rejected" } },
    ],
    [
      "a compaction that kept a small context",
      { type: "system", subtype: "compact_boundary", compact_metadata: { post_tokens: 2_000 } },
    ],
  ])("does not arm after %s", (_name, message) => {
    const { idle } = setUp();
    idle.observe(start("msg_1"));
    idle.observe(message as unknown as SDKMessage);
    idle.routed(state("idle"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves no timer once the session closed, and arms none again", () => {
    const { idle, turn } = setUp();
    turn();
    idle.close();
    expect(vi.getTimerCount()).toBe(0);
    turn("msg_2");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not arm while a turn runs, and sends nothing when one started meanwhile", async () => {
    const { lifecycle, send, turn } = setUp();
    lifecycle.startTurn({} as Turn);
    turn();
    expect(vi.getTimerCount()).toBe(0);
    lifecycle.endTurn(lifecycle.turn!);
    turn("msg_2");
    lifecycle.startTurn({} as Turn);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it("sends nothing when the model changed since it was armed", async () => {
    const { send, turn, options } = setUp();
    turn();
    (options as { current: { currentModel: string } }).current.currentModel = "sonnet";
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it("sends nothing when the settings turn it off when it fires", async () => {
    const { send, turn } = setUp();
    settings.read = () => Promise.resolve({ idleCompaction: false });
    turn();
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it("sends nothing when a prompt came while it read the settings", async () => {
    const { idle, send, turn } = setUp();
    let answer: (value: CompactionSettings) => void = () => {};
    settings.read = () => new Promise((resolve) => (answer = resolve));
    turn();
    await vi.advanceTimersByTimeAsync(1000);
    idle.disarm();
    answer({});
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
  });
});
