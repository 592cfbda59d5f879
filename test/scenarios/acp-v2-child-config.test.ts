import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../support/acp-harness.js";
import { V2Scenario } from "../support/acp-v2-client.js";
import { delegation, textTurn } from "../support/script-turns.js";

/**
 * A subagent's child session has config options of its own on ACP v2 (upstream 0.101.0's
 * v2 surface, issue 31): what Claude Code reports of the subagent, each option with its
 * one value, as a `config_option_update` on the child with the child's full set whenever
 * it grows: the agent type when it starts, the model with its first response, its mode
 * and effort with its first tool use (Claude Code's hooks); a resume's replay gives the
 * stored model's id, the next prompt the session's row for it. Real Claude Code, the
 * scripted model, a subagent through the Agent tool.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});

type Update = Record<string, unknown> & { sessionUpdate: string };

const AGENT = {
  type: "select",
  configId: "agent",
  name: "Agent",
  description: "Subagent type",
  currentValue: "general-purpose",
  options: [{ value: "general-purpose", name: "general-purpose" }],
};
const model = (value: string, name: string) => ({
  type: "select",
  configId: "model",
  name: "Model",
  category: "model",
  currentValue: value,
  options: [{ value, name }],
});
const DEFAULT_MODEL = model("default", "Default (recommended)");
/** The session's mode, as Claude Code's hooks report the subagent's (the settings'). */
const MODE = {
  type: "select",
  configId: "mode",
  name: "Mode",
  description: "Session permission mode",
  category: "mode",
  currentValue: "acceptEdits",
  options: [
    {
      value: "acceptEdits",
      name: "Accept edits",
      description: "Automatically accept all file edits",
    },
  ],
};
const EFFORT = {
  type: "select",
  configId: "effort",
  name: "Effort",
  description: "Current reasoning effort",
  category: "thought_level",
  currentValue: "medium",
  options: [{ value: "medium", name: "Medium" }],
};

describe("ACP v2 (draft): a subagent's child session has config options", () => {
  it("live, in a resume's replay and at the next prompt; set_config_option on the child", async () => {
    const s = await V2Scenario.start({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Agent", "Bash"] } },
      script: [...delegation(), textTurn("resumed")],
    });
    open.push(s);
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    await s.idle(sessionId, 1, 60_000);
    const childId = [...new Set(s.notifications.map((n) => n.sessionId))].find(
      (id) => id !== sessionId,
    )!;
    const on = (id: string, from = 0) =>
      s.notifications
        .slice(from)
        .flatMap((n, i) => (n.sessionId === id ? [{ i: i + from, u: n.update as Update }] : []));
    const configs = (from = 0) =>
      on(childId, from).filter(({ u }) => u.sessionUpdate === "config_option_update");

    // Live: the full set each time it grows, in the root's order.
    const live = configs();
    expect(live.map(({ u }) => u)).toEqual([
      { sessionUpdate: "config_option_update", configOptions: [AGENT] },
      {
        sessionUpdate: "config_option_update",
        configOptions: [DEFAULT_MODEL, AGENT],
        // The model came with the subagent's response, stamped as its text is.
        _meta: { claudeCode: { parentToolUseId: "toolu_agent" } },
      },
      {
        sessionUpdate: "config_option_update",
        configOptions: [MODE, DEFAULT_MODEL, EFFORT, AGENT],
      },
    ]);
    // The agent type right after the child's prompt reached it, the model before the text
    // of the response that told it, the mode and effort before the tool the hook ran for.
    const index = (find: (u: Update) => boolean) => on(childId).find(({ u }) => find(u))!.i;
    const prompt = index((u) => u.sessionUpdate === "session_message");
    const text = index((u) => u.sessionUpdate === "agent_message_chunk");
    const terminal = index((u) => u.sessionUpdate === "terminal_update");
    expect(prompt).toBeLessThan(live[0]!.i);
    expect(live[1]!.i).toBeLessThan(text);
    expect(text).toBeLessThan(live[2]!.i);
    expect(live[2]!.i).toBeLessThan(terminal);

    // The child's options are answered: its one value changes nothing, any other is invalid.
    const set = (configId: string, value: string) =>
      s.request("session/set_config_option", { sessionId: childId, configId, type: "id", value });
    await expect(set("mode", "acceptEdits")).resolves.toEqual({
      configOptions: [MODE, DEFAULT_MODEL, EFFORT, AGENT],
    });
    await expect(set("model", "opus")).rejects.toMatchObject({ code: -32602 });
    await expect(set("ultracode", "true")).rejects.toMatchObject({ code: -32602 });
    expect(configs()).toHaveLength(3);

    // Resume with replay: the child's stored model alone (its id: the replay maps no model
    // list; no hook tells its type), right after its announcement; the next prompt maps it.
    await s.request("session/close", { sessionId });
    const before = s.notifications.length;
    const answer = (await s.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      replayFrom: { type: "start" },
    })) as {
      configOptions: Array<{
        configId: string;
        currentValue: string;
        options: Array<{ value: string; name: string }>;
      }>;
    };
    const replayed = configs(before);
    expect(replayed.map(({ u }) => u)).toEqual([
      {
        sessionUpdate: "config_option_update",
        configOptions: [model("claude-opus-5-5", "claude-opus-5-5")],
      },
    ]);
    const announcement = s.notifications.findIndex(
      (n, i) => i >= before && (n.update as Update).sessionUpdate === "subagent_update",
    );
    expect(replayed[0]!.i).toBe(announcement + 1);
    const resumed = s.notifications.length;
    await s.prompt(sessionId, "again");
    await eventually(
      "the next turn's end",
      () => s.agentText(sessionId).endsWith("resumed"),
      60_000,
    );
    await s.idle(sessionId, 2, 60_000);
    // The session's row that runs it: the resumed session's own (the stored model's row).
    const rows = answer.configOptions.find((o) => o.configId === "model")!;
    const row = rows.options.find((o) => o.value === rows.currentValue)!;
    expect(row.value).not.toBe("claude-opus-5-5");
    expect(configs(resumed).map(({ u }) => u)).toEqual([
      { sessionUpdate: "config_option_update", configOptions: [model(row.value, row.name)] },
    ]);
  }, 180_000);
});
