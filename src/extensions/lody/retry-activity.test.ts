import { describe, expect, it } from "vitest";
import { RetryActivity } from "./retry-activity.js";

/**
 * Lody's retry activity (lody-contract.md §7.5): a stretch of `api_retry`s is one tool
 * call lifecycle tagged `_meta.lody.activity {kind: "retry"}`.
 */
const meta = (failureReason?: string) => ({
  lody: {
    activity: {
      version: 1,
      kind: "retry",
      automatic: true,
      ...(failureReason === undefined ? {} : { failureReason }),
    },
  },
});
const overloaded = (attempt: number) => ({
  attempt,
  maxRetries: 3,
  error: "overloaded",
  status: 529,
});

describe("RetryActivity", () => {
  it("opens at the first retry, retitles at the next, completes at the answer", () => {
    const activity = new RetryActivity();
    expect(activity.answered()).toEqual([]);
    expect(activity.retried("t1", overloaded(1))).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "retry:t1",
        title: "Retrying Claude, attempt 1 of 3.",
        kind: "think",
        status: "in_progress",
        _meta: meta(),
      },
    ]);
    expect(activity.retried("t1", overloaded(2))).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "retry:t1",
        title: "Retrying Claude, attempt 2 of 3.",
      },
    ]);
    expect(activity.answered()).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "retry:t1",
        status: "completed",
        _meta: meta(),
      },
    ]);
    expect(activity.answered()).toEqual([]);
    expect(activity.turnEnded()).toEqual([]);
  });

  it("a connection error reconnects; a later stretch of the same turn is a new activity", () => {
    const activity = new RetryActivity();
    const [opened] = activity.retried("t1", {
      attempt: 1,
      maxRetries: 2,
      error: undefined,
      status: null,
    });
    expect(opened).toMatchObject({ title: "Reconnecting to Claude, attempt 1 of 2." });
    activity.answered();
    expect(activity.retried("t1", overloaded(1))[0]).toMatchObject({
      sessionUpdate: "tool_call",
      toolCallId: "retry:t1:2",
    });
  });

  it("a turn that fails while retrying ends the activity failed with the reason", () => {
    const activity = new RetryActivity();
    activity.retried("t1", overloaded(1));
    expect(activity.turnEnded("API Error: 529 Overloaded")).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "retry:t1",
        status: "failed",
        _meta: meta("API Error: 529 Overloaded"),
      },
    ]);
    // The next turn counts its stretches from one again.
    expect(activity.retried("t2", overloaded(1))[0]).toMatchObject({ toolCallId: "retry:t2" });
    expect(activity.turnEnded()).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "retry:t2",
        status: "completed",
        _meta: meta(),
      },
    ]);
  });
});
