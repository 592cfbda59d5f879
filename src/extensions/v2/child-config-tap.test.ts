import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { ChildReports } from "../../session/subagents/child-reports.js";
import type { ReplayedChild } from "../../session/subagents/subagent-child.js";
import type { MessageTapParts } from "../../session/taps/message-tap.js";
import { childSessionId, RUNNING } from "../../translation/subagents/child-session.js";
import { childConfigTap, replayedChildUpdates } from "./child-config-tap.js";

const ROOT = "root-1";
const CHILD = childSessionId(ROOT, "toolu_agent");
const MODELS: ModelInfo[] = [
  {
    value: "default",
    displayName: "Default (recommended)",
    description: "Opus 5.5",
    resolvedModel: "claude-opus-5-5",
  },
  {
    value: "haiku",
    displayName: "Haiku",
    description: "Haiku 5.5 · Fast",
    resolvedModel: "claude-haiku-5-5",
  },
];
const MODE_OPTION = {
  id: "mode",
  name: "Mode",
  type: "select",
  currentValue: "default",
  options: [{ value: "plan", name: "Plan", description: "Create a plan before making changes" }],
};

/** The tap over fakes: a router owning CHILD (task `task-1`), an outbox that records. */
function tapped() {
  const reports = new ChildReports();
  const sent: Array<{ sessionId: string; update: Record<string, unknown> }> = [];
  const held: unknown[] = [];
  const parts = {
    sessionId: ROOT,
    subagents: {
      reports,
      owns: (id: string) => id === CHILD,
      childOfTask: (taskId: string) => (taskId === "task-1" ? CHILD : undefined),
    },
    outbox: {
      send: (update: Record<string, unknown>, sessionId: string) =>
        sent.push({ sessionId, update }),
      announceRouted: (routed: unknown[]) => held.push(...routed),
    },
    options: {
      current: { models: MODELS, currentModel: "default", configOptions: () => [MODE_OPTION] },
    },
  } as unknown as MessageTapParts;
  const [tap] = childConfigTap(parts);
  const ids = () =>
    sent.map(({ update }) => (update.configOptions as Array<{ id: string }>).map((o) => o.id));
  return { tap: tap!, reports, sent, held, ids };
}

const response = (parent: string | null, model: string) =>
  ({
    type: "assistant",
    parent_tool_use_id: parent,
    message: { model, content: [] },
  }) as unknown as SDKMessage;

describe("a v2 child session's config options, from what Claude Code tells", () => {
  it("the model of a subagent's response: the session's row that runs it, stamped with the subagent; once", () => {
    const { tap, sent } = tapped();
    tap.observe(response("toolu_agent", "claude-opus-5-5"));
    tap.observe(response("toolu_agent", "claude-opus-5-5"));
    expect(sent).toEqual([
      {
        sessionId: CHILD,
        update: {
          sessionUpdate: "config_option_update",
          configOptions: [
            {
              id: "model",
              name: "Model",
              category: "model",
              type: "select",
              currentValue: "default",
              options: [{ value: "default", name: "Default (recommended)" }],
            },
          ],
          _meta: { claudeCode: { parentToolUseId: "toolu_agent" } },
        },
      },
    ]);
    // A model no row runs: its id.
    tap.observe(response("toolu_agent", "claude-fable-5"));
    expect(
      (sent[1]!.update.configOptions as Array<{ currentValue: string }>)[0]!.currentValue,
    ).toBe("claude-fable-5");
  });

  it("nothing for the main conversation, a message no model wrote, or a child not announced", () => {
    const { tap, sent } = tapped();
    tap.observe(response(null, "claude-opus-5-5"));
    tap.observe(response("toolu_agent", "<synthetic>"));
    tap.observe(response("toolu_other", "claude-opus-5-5"));
    expect(sent).toEqual([]);
  });

  it("the agent type at task_started (after its routing), the mode and effort of a hook in one update", () => {
    const { tap, reports, ids, sent } = tapped();
    const started = {
      type: "system",
      subtype: "task_started",
      task_id: "task-1",
      subagent_type: "Explore",
    };
    tap.observe(started as unknown as SDKMessage);
    expect(sent).toEqual([]);
    tap.routed!(started as unknown as SDKMessage);
    reports.report({
      agentId: "task-1",
      permissionMode: "plan",
      effort: "high",
      agentType: "Explore",
    });
    reports.report({ agentId: "task-1", permissionMode: "plan", effort: "high" });
    reports.report({ agentId: "task-9", permissionMode: "plan" });
    expect(ids()).toEqual([["agent"], ["mode", "effort", "agent"]]);
    expect(sent[1]!.update.configOptions).toMatchObject([
      // The root's own entry of the mode, when it offers it.
      {
        id: "mode",
        currentValue: "plan",
        options: [
          { value: "plan", name: "Plan", description: "Create a plan before making changes" },
        ],
      },
      { id: "effort", currentValue: "high", options: [{ value: "high", name: "High" }] },
      { id: "agent", currentValue: "Explore" },
    ]);
  });

  it("a replayed child: its stored model's id right after its announcement, its row at the next prompt", () => {
    const child = {
      sessionId: CHILD,
      toolUseId: "toolu_agent",
      title: "t",
      agentType: "Explore",
      prompt: "p",
    };
    expect(replayedChildUpdates(child, "claude-opus-5-5")).toMatchObject([
      {
        sessionUpdate: "config_option_update",
        configOptions: [
          {
            id: "model",
            currentValue: "claude-opus-5-5",
            options: [{ value: "claude-opus-5-5", name: "claude-opus-5-5" }],
          },
        ],
      },
    ]);
    const { reports, held } = tapped();
    const adopted = (model: string | undefined): ReplayedChild => ({
      session: child,
      parentSessionId: ROOT,
      taskId: "task-1",
      state: RUNNING,
      ...(model ? { model } : {}),
    });
    // Held until the session speaks again (the next prompt), routed to the child's call.
    reports.adopted([adopted("claude-opus-5-5")]);
    expect(held).toMatchObject([
      {
        target: "toolu_agent",
        update: {
          sessionUpdate: "config_option_update",
          configOptions: [{ id: "model", currentValue: "default" }],
        },
      },
    ]);
    // Nothing when the replay's set stands: no model, or one no row runs.
    reports.adopted([adopted(undefined), adopted("claude-fable-5")]);
    expect(held).toHaveLength(1);
  });
});
