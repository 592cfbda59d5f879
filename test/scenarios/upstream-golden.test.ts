import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, it } from "vitest";
import { ACCEPTED_DIFFERENCES } from "../golden/accepted-differences.js";
import { eventually, MCP_ECHO_SERVER, PROFILES, type Scenario } from "../support/acp-harness.js";
import {
  basics,
  chosenOption,
  GOLDEN_ENV,
  more,
  sentUpdates,
  titled,
  type GoldenClient,
} from "../support/golden-conversations.js";
import { compareWithUpstream, normalised } from "../support/golden-run.js";
import type { RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn, toolTurn } from "../support/script-turns.js";

/**
 * The golden comparison with the published upstream adapter (issue 22, spec "Compatibility
 * rule"; issue 31): the same scripted conversations (`golden-conversations.ts`), for the
 * same client, against both adapters; every difference in methods, update kinds, field
 * names and values must be in `test/golden/accepted-differences.ts`, under a key that names
 * one message and one field (`test/support/golden-accepted.ts`); a permission request or a
 * client answer on one side only, and a key that matches nothing, fail.
 */
const scenario = useScenarios();

const ECHO_SERVER = { name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] };

/** A v1 client (`capabilities`) over a scenario. */
function v1Client(s: Scenario, adapter: GoldenClient["adapter"], capabilities: object) {
  const prompt = (sessionId: string, text: string) =>
    s.prompt(sessionId, text).catch((error: unknown) => error);
  const client: GoldenClient = {
    adapter,
    workspace: s.workspace,
    model: s.model,
    traffic: s.traffic,
    initialize: () => s.initialize(capabilities as ClientCapabilities),
    newSession: (echo) => s.newSession(echo ? { mcpServers: [ECHO_SERVER] } : {}),
    // A v1 prompt's answer ends its turn; an error answer is recorded, not thrown.
    async turn(sessionId, text, ...turns) {
      s.model.push(...turns);
      await prompt(sessionId, text);
    },
    // The second waits for the first.
    async together(sessionId, texts, turns) {
      s.model.push(...turns);
      await Promise.all(texts.map((text) => s.prompt(sessionId, text)));
    },
    async switchModes(sessionId) {
      await s.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
      for (const [configId, value] of [
        ["mode", "default"],
        ["model", "opus"],
      ]) {
        await s.agent.request("session/set_config_option", { sessionId, configId, value });
      }
    },
    async hangAndCancel(sessionId) {
      const requests = s.model.mainRequests().length;
      s.model.push({ kind: "hang" });
      const cancelled = s.prompt(sessionId, "hang");
      await s.model.waitForMainRequest(requests + 1);
      await s.cancel(sessionId);
      await cancelled;
      // Upstream reports the cancelled turn's cost after the answer (Claude Code's result).
      if (adapter === "upstream") {
        await eventually(
          "upstream's cost of the cancelled turn",
          () => sentUpdates(client, sessionId, "usage_update").some((u) => "cost" in u),
          60_000,
        );
      }
    },
    // List, fork, close both, load the session with its replay, resume the fork.
    async sessions(sessionId) {
      await s.agent.request("session/list", { cwd: s.workspace });
      const fork = (await s.agent.request("session/fork", { sessionId, cwd: s.workspace })) as {
        sessionId: string;
      };
      await s.agent.request("session/close", { sessionId: fork.sessionId });
      await s.agent.request("session/close", { sessionId });
      await s.agent.request("session/load", { sessionId, cwd: s.workspace, mcpServers: [] });
      await s.agent.request("session/resume", { sessionId: fork.sessionId, cwd: s.workspace });
      await client.turn(fork.sessionId, "again", textTurn("resumed"));
      // Upstream titles the fork (Claude Code's `<title> (fork)`) when the turn ends.
      await titled(client, fork.sessionId, { ours: 0, upstream: 1 });
    },
    request: (method, params) => s.agent.request(method, params),
  };
  return client;
}

/** Claude Code names the plan file in plan mode's instructions; the scripted model writes it. */
const writePlan = (req: RecordedRequest): ScriptedTurn => {
  const path = /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ?? "/none.md";
  return toolTurn("toolu_plan", "Write", { file_path: path, content: "1. Write hello.txt\n" });
};

/**
 * The third conversation (v1 only): the built-in `/mcp` command, a command in the
 * background, a subagent whose write asks the user, plan mode and its approved plan, then
 * a load with its replay.
 */
async function later(c: GoldenClient): Promise<void> {
  await c.initialize();
  const sessionId = await c.newSession(true);
  await c.turn(sessionId, "/mcp");
  // Upstream titles the session by this prompt when the turn has ended (ours: no title
  // from a command that does not reach Claude).
  await titled(c, sessionId, { ours: 0, upstream: 1 });
  const background = { command: "sleep 300", description: "Wait", run_in_background: true };
  await c.turn(sessionId, "wait", toolTurn("toolu_bg", "Bash", background), textTurn("waiting"));
  const agent = {
    description: "Write the file",
    prompt: "Write child.txt",
    subagent_type: "general-purpose",
    run_in_background: false,
  };
  const write = { file_path: join(c.workspace, "child.txt"), content: "x\n" };
  await c.turn(
    sessionId,
    "delegate the write",
    toolTurn("toolu_agent_write", "Agent", agent),
    { id: "msg_child_w", ...toolTurn("toolu_child_write", "Write", write) },
    { id: "msg_child_w2", ...textTurn("Written.") },
    textTurn("delegated"),
  );
  await c.request("session/set_mode", { sessionId, modeId: "plan" });
  await c.turn(
    sessionId,
    "plan it",
    writePlan,
    toolTurn("toolu_exit", "ExitPlanMode", {}),
    textTurn("after the plan"),
  );
  await c.request("session/close", { sessionId });
  const loaded = c.traffic.length;
  await c.request("session/load", { sessionId, cwd: c.workspace, mcpServers: [] });
  // Upstream announces the loaded session's commands after the load's answer (ours before).
  await eventually(
    "the loaded session's commands",
    () => sentUpdates(c, sessionId, "available_commands_update", loaded).length > 0,
    60_000,
  );
}

const CONVERSATIONS = { basics, more, later };
const CLIENTS = { plain: PROFILES.plain, zed: PROFILES.zed };

/** One conversation (`<conversation>-<client>`), recorded for one adapter. */
async function record(adapter: GoldenClient["adapter"], name: string) {
  const [conversation, client] = name.split("-") as [
    keyof typeof CONVERSATIONS,
    keyof typeof CLIENTS,
  ];
  const s = await scenario({
    adapter,
    env: GOLDEN_ENV,
    onPermission: (request) => ({
      outcome: {
        outcome: "selected",
        optionId: chosenOption(request.toolCall.toolCallId, request.options),
      },
    }),
  });
  await CONVERSATIONS[conversation](v1Client(s, adapter, CLIENTS[client]));
  // The sign-in state comes from a probe in the background: compared once it has ended.
  await eventually(
    "the sign-in state",
    () => s.extNotifications.some((n) => n.method === "_auth/status_update"),
    30_000,
  );
  return normalised(name, adapter, s);
}

describe("golden comparison with the upstream adapter", () => {
  it("a plain and a Zed-like client get upstream's traffic, but for the accepted differences", async () => {
    const names = Object.keys(CONVERSATIONS).flatMap((conversation) =>
      Object.keys(CLIENTS).map((client) => `${conversation}-${client}`),
    );
    await compareWithUpstream(names, record, ACCEPTED_DIFFERENCES);
  }, 900_000);
});
