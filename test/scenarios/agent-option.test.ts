import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { methods, type SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

const PERSONA = "REVIEWER-PERSONA-MARKER";

/** A custom agent of the project (`.claude/agents/reviewer.md`). */
function writeReviewer(s: Scenario): void {
  const dir = join(s.workspace, ".claude", "agents");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "reviewer.md"),
    `---\nname: reviewer\ndescription: Reviews code carefully\n---\n${PERSONA}: you review code.\n`,
  );
}

function systemText(s: Scenario, index: number): string {
  const system: unknown = s.model.mainRequests()[index]?.body.system;
  if (typeof system === "string") return system;
  return (system as Array<{ text?: string }>).map((b) => b.text ?? "").join("\n");
}

const agentOf = (options: SessionConfigOption[] | null | undefined) =>
  options?.find((o) => o.id === "agent");

const REVIEWER_OPTION = (current: string) => ({
  id: "agent",
  name: "Agent",
  description: "The agent Claude runs the session as",
  type: "select",
  currentValue: current,
  options: [
    { value: "default", name: "Default", description: "Claude Code's own instructions" },
    { value: "reviewer", name: "reviewer", description: "Reviews code carefully" },
  ],
});

describe("the agent config option (custom agents)", () => {
  it("lists the project's agents, not the built-in ones, and runs the main thread as the one picked", async () => {
    const s = await scenario({ script: [textTurn("as reviewer"), textTurn("as Claude")] });
    writeReviewer(s);
    await s.initialize();
    const created = await s.agent.request(methods.agent.session.new, {
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(agentOf(created.configOptions)).toStrictEqual(REVIEWER_OPTION("default"));
    const picked = await s.agent.request(methods.agent.session.setConfigOption, {
      sessionId: created.sessionId,
      configId: "agent",
      value: "reviewer",
    });
    expect(agentOf(picked.configOptions)).toStrictEqual(REVIEWER_OPTION("reviewer"));
    await s.prompt(created.sessionId, "review this");
    expect(systemText(s, 0)).toContain(PERSONA);
    await expect(
      s.agent.request(methods.agent.session.setConfigOption, {
        sessionId: created.sessionId,
        configId: "agent",
        value: "Explore",
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("starts as the agent _meta.claudeCode.options.agent names", async () => {
    const s = await scenario({ script: [textTurn("as reviewer")] });
    writeReviewer(s);
    await s.initialize();
    const created = await s.agent.request(methods.agent.session.new, {
      cwd: s.workspace,
      mcpServers: [],
      _meta: { claudeCode: { options: { agent: "reviewer" } } },
    });
    expect(agentOf(created.configOptions)).toStrictEqual(REVIEWER_OPTION("reviewer"));
    await s.prompt(created.sessionId, "review this");
    expect(systemText(s, 0)).toContain(PERSONA);
  });

  it("is absent without custom agents", async () => {
    const s = await scenario();
    await s.initialize();
    const created = await s.agent.request(methods.agent.session.new, {
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(agentOf(created.configOptions)).toBeUndefined();
    expect(created.configOptions?.map((o) => o.id)).toContain("model");
  });
});
