import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ACCEPTED_DIFFERENCES } from "../golden/accepted-differences.js";
import {
  PROFILES,
  REPO_ROOT,
  UPSTREAM_ADAPTER_BIN,
  ADAPTER_BIN,
  eventually,
  MCP_ECHO_SERVER,
  type Scenario,
} from "../support/acp-harness.js";
import { checkAccepted } from "../support/golden-accepted.js";
import {
  compareMessages,
  describeDifferences,
  normaliseTraffic,
  type Difference,
  type GoldenMessage,
} from "../support/golden.js";
import { useScenarios } from "../support/scenario-test.js";
import { SUBAGENT_SCRIPT, textTurn } from "../support/script-turns.js";
import type { RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";

/**
 * The golden comparison with the published upstream adapter (issue 22, spec "Compatibility
 * rule"; issue 31): the same scripted conversations, for the same client, against both
 * adapters; every difference in methods, update kinds, field names and values must be in
 * `test/golden/accepted-differences.ts`, under a key that names one message and one field
 * (`test/support/golden-accepted.ts`); a permission request or a client answer on one side
 * only, and a key that matches nothing, fail.
 */
const scenario = useScenarios();

const NOTES = "alpha\nbeta\n";
const ECHO_SERVER = { name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] };

/** A user's choice on a permission request: allow, but for the tool calls the user rejects. */
function answer(request: RequestPermissionRequest): RequestPermissionResponse {
  const kind = REJECTED.has(request.toolCall.toolCallId) ? "reject_once" : "allow_once";
  const option = request.options.find((o) => o.kind === kind) ?? request.options[0]!;
  return { outcome: { outcome: "selected", optionId: option.optionId } };
}

const REJECTED = new Set(["toolu_denied", "toolu_denied_fetch"]);

type Turns = Parameters<Scenario["model"]["push"]>;

/** Sends a prompt after scripting its model turns; an error answer is returned, not thrown. */
function turnOf(s: Scenario, sessionId: string) {
  return async (text: string, ...turns: Turns) => {
    s.model.push(...turns);
    return s.prompt(sessionId, text).catch((error: unknown) => error);
  };
}

/**
 * The first conversation: text and thinking, a command, a read, an edit, a write, a
 * rejected command, two prompts at once, modes and models, a model API error, a cancel.
 */
async function basics(s: Scenario, capabilities: object): Promise<void> {
  const notes = join(s.workspace, "notes.txt");
  writeFileSync(notes, NOTES);
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  const turn = turnOf(s, sessionId);
  // Text and thinking.
  await turn("hello", {
    blocks: [
      { type: "thinking", thinking: "Let me think." },
      { type: "text", text: "Hello there." },
    ],
  });
  // A command that asks for permission (it writes a file), then a read and an edit.
  await turn(
    "write it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bash",
          name: "Bash",
          input: { command: "echo hi > out.txt", description: "Write out.txt" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "written" }] },
  );
  await turn(
    "read it",
    { blocks: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: notes } }] },
    { blocks: [{ type: "text", text: "read" }] },
  );
  await turn(
    "edit it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_edit",
          name: "Edit",
          input: { file_path: notes, old_string: "beta", new_string: "gamma" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "edited" }] },
  );
  await turn(
    "write a new file",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_write",
          name: "Write",
          input: { file_path: join(s.workspace, "new.txt"), content: "fresh\n" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "created" }] },
  );
  // A rejected command.
  await turn(
    "remove it",
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_denied",
          name: "Bash",
          input: { command: "rm new.txt", description: "Remove new.txt" },
        },
      ],
    },
    { blocks: [{ type: "text", text: "not removed" }] },
  );
  // Two prompts at once: the second waits for the first.
  s.model.push(textTurn("first"), textTurn("second"));
  await Promise.all([s.prompt(sessionId, "one"), s.prompt(sessionId, "two")]);
  // Modes and models.
  await s.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
  await s.agent.request("session/set_config_option", {
    sessionId,
    configId: "mode",
    value: "default",
  });
  await s.agent.request("session/set_config_option", {
    sessionId,
    configId: "model",
    value: "opus",
  });
  // A model API error, then a cancelled turn.
  await turn("fail", { kind: "error", status: 400, message: "Scripted bad request", times: 3 });
  const requests = s.model.mainRequests().length;
  s.model.push({ kind: "hang" });
  const cancelled = s.prompt(sessionId, "hang");
  await s.model.waitForMainRequest(requests + 1);
  await s.cancel(sessionId);
  await cancelled;
}

/**
 * The second conversation: a custom slash command, the plan tool, a fetch the user rejects, an MCP tool, a subagent (flat: the client does not declare subagents),
 * retried and failed model calls (529, 429, 401), then the sessions: list, fork, close,
 * load with its replay, resume.
 */
async function more(s: Scenario, capabilities: object): Promise<void> {
  mkdirSync(join(s.workspace, ".claude/commands"), { recursive: true });
  writeFileSync(join(s.workspace, ".claude/commands/greet.md"), "Say hello to $ARGUMENTS.\n");
  writeFileSync(join(s.workspace, "notes.txt"), NOTES);
  await s.initialize(capabilities);
  const sessionId = await s.newSession({ mcpServers: [ECHO_SERVER] });
  const turn = turnOf(s, sessionId);
  await turn("/greet the team", textTurn("Hello, team."));
  await turn(
    "plan it",
    tool("toolu_todo", "TodoWrite", {
      todos: [
        { content: "Read the notes", status: "completed", activeForm: "Reading the notes" },
        { content: "Write the summary", status: "in_progress", activeForm: "Writing" },
      ],
    }),
    textTurn("planned"),
  );
  await turn(
    "fetch it",
    tool("toolu_denied_fetch", "WebFetch", { url: "https://example.com/", prompt: "Summarise" }),
    textTurn("not fetched"),
  );
  await turn("echo", tool("toolu_echo", "mcp__echo__echo", { text: "ping" }), textTurn("echoed"));
  await turn("delegate", ...SUBAGENT_SCRIPT);
  // Retried and failed model calls: overloaded, rate limited, a rejected key.
  await turn("busy", { kind: "error", status: 529, errorType: "overloaded_error", times: 2 });
  await turn("limit", { kind: "error", status: 429, errorType: "rate_limit_error", times: 2 });
  await turn("who", { kind: "error", status: 401, times: 2 });
  // The sessions.
  await s.agent.request("session/list", { cwd: s.workspace });
  const fork = (await s.agent.request("session/fork", { sessionId, cwd: s.workspace })) as {
    sessionId: string;
  };
  await s.agent.request("session/close", { sessionId: fork.sessionId });
  await s.agent.request("session/close", { sessionId });
  await s.agent.request("session/load", { sessionId, cwd: s.workspace, mcpServers: [] });
  await s.agent.request("session/resume", { sessionId: fork.sessionId, cwd: s.workspace });
  s.model.push(textTurn("resumed"));
  await s.prompt(fork.sessionId, "again");
}

/** A model turn that calls one tool. */
const tool = (id: string, name: string, input: object): ScriptedTurn => ({
  blocks: [{ type: "tool_use" as const, id, name, input }],
});

/** Claude Code names the plan file in plan mode's instructions; the scripted model writes it. */
const writePlan = (req: RecordedRequest): ScriptedTurn => {
  const path = /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ?? "/none.md";
  return tool("toolu_plan", "Write", { file_path: path, content: "1. Write hello.txt\n" });
};

/**
 * The third conversation: the built-in `/mcp` command, a command in the background, a
 * subagent whose write asks the user, plan mode and its approved plan, then a load with
 * its replay.
 */
async function later(s: Scenario, capabilities: object): Promise<void> {
  await s.initialize(capabilities);
  const sessionId = await s.newSession({ mcpServers: [ECHO_SERVER] });
  const turn = turnOf(s, sessionId);
  await turn("/mcp");
  const background = { command: "sleep 300", description: "Wait", run_in_background: true };
  await turn("wait", tool("toolu_bg", "Bash", background), textTurn("waiting"));
  const child = join(s.workspace, "child.txt");
  await turn(
    "delegate the write",
    tool("toolu_agent_write", "Agent", {
      description: "Write the file",
      prompt: "Write child.txt",
      subagent_type: "general-purpose",
      run_in_background: false,
    }),
    {
      id: "msg_child_w",
      blocks: [
        {
          type: "tool_use",
          id: "toolu_child_write",
          name: "Write",
          input: { file_path: child, content: "x\n" },
        },
      ],
    },
    { id: "msg_child_w2", blocks: [{ type: "text", text: "Written." }] },
    textTurn("delegated"),
  );
  await s.agent.request("session/set_mode", { sessionId, modeId: "plan" });
  await turn(
    "plan it",
    writePlan,
    tool("toolu_exit", "ExitPlanMode", {}),
    textTurn("after the plan"),
  );
  await s.agent.request("session/close", { sessionId });
  await s.agent.request("session/load", { sessionId, cwd: s.workspace, mcpServers: [] });
}

/** One conversation, recorded for one adapter and normalised. */
async function record(
  adapter: "ours" | "upstream",
  capabilities: object,
  converse: (s: Scenario, capabilities: object) => Promise<void>,
): Promise<GoldenMessage[]> {
  // Upstream always offers bypassPermissions, which Claude Code refuses as root without it.
  // Claude Code 0.3.318 offers TodoWrite (rather than its task tools) only with this switch.
  const env = {
    IS_SANDBOX: "1",
    CLAUDE_CODE_ENABLE_TODO_TOOLS: "1",
    CLAUDE_CODE_ENABLE_TASKS: "0",
  };
  const s = await scenario({ adapter, env, onPermission: answer });
  const started = Date.now();
  await converse(s, capabilities);
  if (process.env.GOLDEN_DUMP)
    console.info(`${converse.name} ${adapter}: ${Date.now() - started} ms`);
  // The sign-in state comes from a probe in the background: compared once it has ended.
  await eventually(
    "the sign-in state",
    () => s.extNotifications.some((n) => n.method === "_auth/status_update"),
    30_000,
  );
  await new Promise((r) => setTimeout(r, 300));
  if (process.env.GOLDEN_DUMP) {
    const client = "_meta" in capabilities ? "zed" : "plain";
    const file = `${process.env.GOLDEN_DUMP}-${converse.name}-${client}-${adapter}-raw.json`;
    writeFileSync(file, JSON.stringify(s.traffic, null, 1));
  }
  return normaliseTraffic(s.traffic, {
    paths: {
      ...runNames(JSON.stringify(s.traffic)),
      // Claude Code's directory of the project's transcripts and task outputs.
      [s.workspace.replace(/[^A-Za-z0-9]/g, "-")]: "<project>",
      [s.workspace]: "<ws>",
      [s.root]: "<root>",
      [UPSTREAM_ADAPTER_BIN]: "<adapter>",
      [ADAPTER_BIN]: "<adapter>",
      [REPO_ROOT]: "<repo>",
    },
  });
}

/** Names Claude Code draws at random: a plan file's, a background task's. */
function runNames(traffic: string): Record<string, string> {
  const names = traffic.matchAll(/plans\/([a-z0-9-]+)\.md|in background with ID: (\w+)/g);
  return Object.fromEntries([...names].map((m) => (m[1] ? [m[1], "<plan>"] : [m[2]!, "<task>"])));
}

function unique(differences: Difference[]): Difference[] {
  const seen = new Map<string, Difference>();
  for (const d of differences) if (!seen.has(d.key)) seen.set(d.key, d);
  return [...seen.values()];
}

/**
 * `GOLDEN_DUMP=<prefix>` writes both normalised traffics to `<prefix>-<conversation>-<client>.json`
 * (and each raw traffic to `…-<adapter>-raw.json`).
 */
function dump(name: string, ours: GoldenMessage[], upstream: GoldenMessage[]): void {
  const prefix = process.env.GOLDEN_DUMP;
  if (!prefix) return;
  const plain = (messages: GoldenMessage[]) =>
    messages.map((m) => [m.label, Object.fromEntries(m.fields)]);
  const both = { ours: plain(ours), upstream: plain(upstream) };
  writeFileSync(`${prefix}-${name}.json`, JSON.stringify(both, null, 1));
}

describe("golden comparison with the upstream adapter", () => {
  it("a plain and a Zed-like client get upstream's traffic, but for the accepted differences", async () => {
    const differences: Difference[] = [];
    const clients = Object.entries({ plain: PROFILES.plain, zed: PROFILES.zed });
    for (const [conversation, converse] of Object.entries({ basics, more, later })) {
      // `GOLDEN_ONLY=<conversation>` runs one, to study it (its keys elsewhere go unused).
      if (process.env.GOLDEN_ONLY && process.env.GOLDEN_ONLY !== conversation) continue;
      for (const [client, profile] of clients) {
        const [ours, upstream] = await Promise.all([
          record("ours", profile, converse),
          record("upstream", profile, converse),
        ]);
        dump(`${conversation}-${client}`, ours, upstream);
        differences.push(...compareMessages(ours, upstream));
      }
    }
    if (process.env.GOLDEN_ALL)
      writeFileSync(process.env.GOLDEN_ALL, describeDifferences(unique(differences)));
    const { unaccepted, unused, rejected } = checkAccepted(
      unique(differences),
      ACCEPTED_DIFFERENCES,
    );
    // A key too wide, a difference no key may accept or none does, and a key that matched
    // nothing (the difference it names went away: delete the key) each fail.
    expect({ rejected, unaccepted: describeDifferences(unaccepted), unused }).toEqual({
      rejected: [],
      unaccepted: "",
      unused: [],
    });
  }, 900_000);
});
