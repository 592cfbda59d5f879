import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfigOption, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { MessageTap, MessageTapParts } from "../../session/taps/message-tap.js";
import type { SubagentReport } from "../../session/subagents/child-reports.js";
import { childSessionId, type ChildSession } from "../../translation/subagents/child-session.js";
import { effortName, runningModelRow } from "../../translation/model-options.js";
import {
  ChildConfig,
  childAgentOption,
  childEffortOption,
  childModelOption,
  childModeOption,
  replayedChildConfig,
  type Entry,
} from "./child-config.js";

/**
 * Gives each native child session of a v2 client its config options (`child-config.ts`),
 * from what Claude Code tells of the subagent: `task_started` its type, its responses
 * their model, its hooks its mode and effort (`ChildReports`). Each change goes out as a
 * `config_option_update` on the child with the child's full set, in the session's order:
 * the agent type right after the child's announcement, the model before the response
 * that told it (stamped with the subagent's `parentToolUseId`, as its text is).
 */
export function childConfigTap(parts: MessageTapParts): MessageTap[] {
  const { subagents, outbox, options } = parts;
  /** The row of the session's model option that runs `model`, else the model's id. */
  const modelEntry = (model: string): Entry => {
    const config = options.current;
    return (
      (config && runningModelRow(config.models, config.currentModel, model)) ?? {
        value: model,
        name: model,
      }
    );
  };
  const reports = subagents?.reports;
  if (!subagents || !reports) return [];
  const configs = new Map<string, ChildConfig>();
  /** Records what was told of a child; its full set goes out when it changed. */
  const record = (sessionId: string, told: SessionConfigOption[], meta?: object) => {
    if (told.length === 0 || !subagents.owns(sessionId)) return;
    let config = configs.get(sessionId);
    if (!config) configs.set(sessionId, (config = new ChildConfig()));
    for (const option of told) config.set(option);
    const configOptions = config.publish();
    if (!configOptions) return;
    const update = { sessionUpdate: "config_option_update", configOptions } as SessionUpdate;
    outbox.send(meta ? ({ ...update, _meta: meta } as SessionUpdate) : update, sessionId);
  };
  /** The root's entry for `value` of its option `id` (its name, its description). */
  const rootEntry = (id: string, value: string): Entry | undefined => {
    const option = options.current?.configOptions().find((o) => o.id === id);
    const entries = option?.type === "select" ? option.options : [];
    const entry = entries.find((e) => "value" in e && e.value === value);
    return entry && "value" in entry
      ? {
          value,
          name: entry.name,
          ...(entry.description ? { description: entry.description } : {}),
        }
      : undefined;
  };
  reports.listen((report: SubagentReport) => {
    const sessionId = subagents.childOfTask?.(report.agentId);
    if (sessionId === undefined) return;
    const told: SessionConfigOption[] = [];
    const { permissionMode: mode, effort, agentType } = report;
    if (mode) told.push(childModeOption(rootEntry("mode", mode) ?? { value: mode, name: mode }));
    if (effort) told.push(childEffortOption({ value: effort, name: effortName(effort) }));
    if (agentType) told.push(childAgentOption(agentType));
    record(sessionId, told);
  });
  // A load's replayed children: their model by the session's model list, which the
  // replay did not map, at the next prompt (the session is quiet until then).
  reports.onAdopted((children) => {
    for (const { session, model } of children) {
      const config = replayedChildConfig(model);
      config.publish(); // what the replay sent (`replayedChild`)
      configs.set(session.sessionId, config);
      if (!model) continue;
      config.set(childModelOption(modelEntry(model)));
      const configOptions = config.publish();
      const update = { sessionUpdate: "config_option_update", configOptions } as SessionUpdate;
      if (configOptions) outbox.announceRouted([{ target: session.toolUseId, update }]);
    }
  });
  return [
    {
      observe(message: SDKMessage) {
        if (message.type !== "assistant" || !message.parent_tool_use_id) return;
        const model = message.message.model;
        if (typeof model !== "string" || !model || model === "<synthetic>") return;
        const parentToolUseId = message.parent_tool_use_id;
        const sessionId = childSessionId(parts.sessionId, parentToolUseId);
        const meta = { claudeCode: { parentToolUseId } };
        record(sessionId, [childModelOption(modelEntry(model))], meta);
      },
      routed(message: SDKMessage) {
        if (message.type !== "system" || message.subtype !== "task_started") return;
        const sessionId = subagents.childOfTask?.(message.task_id);
        if (sessionId !== undefined && message.subagent_type)
          record(sessionId, [childAgentOption(message.subagent_type)]);
      },
    },
  ];
}

/**
 * A replayed child's config options, right after its announcement (`replayedChild`):
 * what its history tells (`replayedChildConfig`).
 */
export function replayedChildUpdates(
  child: ChildSession,
  model: string | undefined,
): SessionUpdate[] {
  const configOptions = replayedChildConfig(model).publish();
  return configOptions
    ? [{ sessionUpdate: "config_option_update", configOptions } as SessionUpdate]
    : [];
}
