import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { ActivityTap } from "./session-activity.js";

const state = (s: "idle" | "running" | "requires_action") =>
  ({ type: "system", subtype: "session_state_changed", state: s }) as unknown as SDKMessage;
const result = (subtype: string, isError: boolean, cost: number) =>
  ({ type: "result", subtype, is_error: isError, total_cost_usd: cost }) as unknown as SDKMessage;

describe("ActivityTap", () => {
  it("follows Claude Code's state, the end of each turn and the query's cost", () => {
    let now = 1_000;
    const tap = new ActivityTap(() => now);
    expect(tap.current).toStrictEqual({});
    // Idle at the start is no turn's end.
    tap.observe(state("idle"));
    expect(tap.current).toStrictEqual({ state: "idle" });
    tap.observe(state("running"));
    expect(tap.current).toStrictEqual({ state: "running", lastTurnFailed: false });
    tap.observe(state("requires_action"));
    tap.observe(result("success", false, 0.5));
    now = 2_000;
    tap.observe(state("idle"));
    expect(tap.current).toStrictEqual({
      state: "idle",
      lastTurnFailed: false,
      costUsd: 0.5,
      lastTurnEndedAt: 2_000,
    });
    // A second idle is no new end.
    now = 3_000;
    tap.observe(state("idle"));
    expect(tap.current.lastTurnEndedAt).toBe(2_000);
  });

  it("a failed turn until the next starts; a cancelled one is no failure", () => {
    const tap = new ActivityTap(() => 0);
    tap.observe(state("running"));
    tap.observe(result("success", true, 0.1));
    expect(tap.current.lastTurnFailed).toBe(true);
    tap.observe(state("idle"));
    tap.observe(state("running"));
    expect(tap.current.lastTurnFailed).toBe(false);
    tap.observe(result("error_during_execution", true, 0.2));
    expect(tap.current).toMatchObject({ lastTurnFailed: false, costUsd: 0.2 });
    tap.observe(result("error_max_turns", true, Number.NaN));
    expect(tap.current).toMatchObject({ lastTurnFailed: true, costUsd: 0.2 });
  });

  it("a copy: the caller cannot change it", () => {
    const tap = new ActivityTap(() => 0);
    tap.observe(state("running"));
    const seen = tap.current as { state?: string };
    seen.state = "idle";
    expect(tap.current.state).toBe("running");
  });
});
