import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { RootSubagentRoute } from "./root-subagent-route.js";

const ROOT = "root-session";
const system = (fields: Record<string, unknown>) =>
  ({ type: "system", session_id: "s", uuid: "u", ...fields }) as unknown as SDKMessage;
const started = (toolUseId: string, backgrounded: boolean) =>
  system({
    subtype: "task_started",
    task_id: `t-${toolUseId}`,
    tool_use_id: toolUseId,
    is_backgrounded: backgrounded,
  });
const ended = (toolUseId: string) =>
  system({
    subtype: "task_notification",
    task_id: `t-${toolUseId}`,
    tool_use_id: toolUseId,
    status: "completed",
  });
const work = (parent: string | null) =>
  ({ type: "assistant", parent_tool_use_id: parent, message: {} }) as unknown as SDKMessage;
const chunk = (text: string): SessionUpdate => ({
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text },
});

function route() {
  const sent: Array<[SessionUpdate, string]> = [];
  const r = new RootSubagentRoute(ROOT, (update, sessionId) => sent.push([update, sessionId]));
  let keep: (parent: string) => boolean = () => false;
  r.attach({
    keepAcrossTurns: (k: (parent: string) => boolean) => void (keep = k),
  } as unknown as SdkMessageTranslator);
  return { r, sent, keeps: (parent: string) => keep(parent) };
}

describe("RootSubagentRoute", () => {
  it("follows a background subagent from its task's start to its end", () => {
    const { r, keeps } = route();
    expect(r.observe(started("toolu_bg", true))).toBe(false);
    expect([r.inBackground("toolu_bg"), keeps("toolu_bg"), r.observe(work("toolu_bg"))]).toEqual([
      true,
      true,
      true,
    ]);
    expect(r.observe(ended("toolu_bg"))).toBe(false);
    expect([r.inBackground("toolu_bg"), keeps("toolu_bg"), r.observe(work("toolu_bg"))]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("leaves a foreground subagent's work and the root's to the turn", () => {
    const { r, keeps } = route();
    r.observe(started("toolu_fg", false));
    expect([r.inBackground("toolu_fg"), keeps("toolu_fg"), r.observe(work("toolu_fg"))]).toEqual([
      false,
      false,
      false,
    ]);
    expect(r.observe(work(null))).toBe(false);
  });

  it("sends a child's work and its requests to the root session; owns no session", () => {
    const { r, sent } = route();
    r.sendWork([
      { target: "toolu_bg", update: chunk("child") },
      { target: null, update: chunk("root") },
    ]);
    expect(sent).toEqual([
      [chunk("child"), ROOT],
      [chunk("root"), ROOT],
    ]);
    expect(r.sessionOf()).toBe(ROOT);
    expect(r.owns()).toBe(false);
  });

  it("forgets the background subagents when Claude Code exits", () => {
    const { r } = route();
    r.observe(started("toolu_bg", true));
    r.queryExited();
    expect(r.inBackground("toolu_bg")).toBe(false);
  });
});
