import { readFileSync } from "node:fs";
import { join } from "node:path";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { commandLine } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";
import { claudeProcess, textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/** The session's `model` config option, as session/new answered it. */
async function modelOption(env: Record<string, string>) {
  const s = await scenario({ env, script: [textTurn("ok")] });
  await s.initialize();
  const answer = await s.agent.request(methods.agent.session.new, {
    cwd: s.workspace,
    mcpServers: [],
  });
  const option = answer.configOptions?.find((o) => o.id === "model");
  return { s, sessionId: answer.sessionId, option: option as Record<string, unknown> | undefined };
}

describe("environment variables (features 1q)", () => {
  it("ANTHROPIC_MODEL is the session's model, and the model picker shows it", async () => {
    const { s, sessionId, option } = await modelOption({ ANTHROPIC_MODEL: "sonnet" });
    expect(option?.currentValue).toBe("sonnet");
    await s.prompt(sessionId, "hi");
    expect(s.model.mainRequests()[0]!.body.model).toMatch(/^claude-sonnet-/);
  });

  it("ANTHROPIC_CUSTOM_MODEL_OPTION is offered in the model picker", async () => {
    const { option } = await modelOption({ ANTHROPIC_CUSTOM_MODEL_OPTION: "my-custom-model" });
    expect((option?.options as unknown[]).at(-1)).toEqual({
      value: "my-custom-model",
      name: "my-custom-model",
      description: "Custom model (my-custom-model)",
    });
  });

  it("CLAUDE_MODEL_CONFIG's settings reach Claude Code under the client's", async () => {
    const overrides = JSON.stringify({
      modelOverrides: { "claude-opus-5-5": "provider-opus-profile" },
    });
    const { s, sessionId } = await modelOption({ CLAUDE_MODEL_CONFIG: overrides });
    await s.prompt(sessionId, "hi");
    expect(s.model.mainRequests()[0]!.body.model).toBe("provider-opus-profile");
  });

  it("MAX_THINKING_TOKENS and CLAUDE_CODE_THINKING_DISPLAY reach Claude Code", async () => {
    const { s } = await modelOption({
      MAX_THINKING_TOKENS: "2048",
      CLAUDE_CODE_THINKING_DISPLAY: "omitted",
    });
    const args = commandLine(claudeProcess(s)!).split(" ");
    expect(args).toContain("--max-thinking-tokens=2048");
    expect(args).toContain("--thinking-display=omitted");
  });

  it("CLAUDE_AGENT_LOGS: the adapter's log lines also go to <dir>/agent.log", async () => {
    const dir = "agent-logs";
    const { s } = await modelOption({ CLAUDE_AGENT_LOGS: dir, MAX_THINKING_TOKENS: "lots" });
    // The adapter runs in the workspace: a relative directory is under it.
    const text = readFileSync(join(s.workspace, dir, "agent.log"), "utf8");
    expect(text).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z \[claude-agent-acp\] warn MAX_THINKING_TOKENS is not a non-negative integer; ignored /m,
    );
    expect(s.adapterStderr).toContain("warn MAX_THINKING_TOKENS is not a non-negative integer");
  });

  it.each([
    ["SSH_CONNECTION", "10.0.0.1 5555 10.0.0.2 22"],
    ["NO_BROWSER", "1"],
  ])("a remote session (%s) is offered the single terminal /login", async (name, value) => {
    const s = await scenario({ env: { [name]: value } });
    const init = await s.initialize({ auth: { terminal: true } });
    expect(init.authMethods).toEqual([
      {
        id: "claude-login",
        name: "Log in to Claude",
        description: "Run Claude Code's /login in a terminal (prints a link to open elsewhere)",
        type: "terminal",
        args: ["--cli", "/login"],
      },
    ]);
    // A terminal login runs in the client's terminal, never through authenticate.
    await expect(
      s.agent.request("authenticate", { methodId: "claude-login" }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
