import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { ACCEPTED_V2_DIFFERENCES } from "../golden/accepted-differences-v2.js";
import {
  ADAPTER_BIN,
  eventually,
  MCP_ECHO_SERVER,
  REPO_ROOT,
  UPSTREAM_ADAPTER_BIN,
} from "../support/acp-harness.js";
import { V2Scenario } from "../support/acp-v2-client.js";
import { checkAccepted } from "../support/golden-accepted.js";
import {
  compareMessages,
  describeDifferences,
  normaliseTraffic,
  type Difference,
  type GoldenMessage,
} from "../support/golden.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { SUBAGENT_SCRIPT, textTurn } from "../support/script-turns.js";

/**
 * The golden comparison for a draft ACP v2 client (issue 31): the same scripted
 * conversations as `upstream-golden.test.ts`, through the ACP SDK's v2 client, against ours
 * and the published upstream adapter's v2 surface (seed 004); every difference must be in
 * `test/golden/accepted-differences-v2.ts`, and every key there must still match one.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});

const NOTES = "alpha\nbeta\n";
const AUTH_PUSH = "_auth/status_update";
const REJECTED = new Set(["toolu_denied", "toolu_denied_fetch"]);

/** A user's choice on a permission request: allow, but for the tool calls the user rejects. */
function answer(request: RequestPermissionRequest): RequestPermissionResponse {
  const subject = request.subject as { toolCall?: { toolCallId?: string } } | null | undefined;
  const id = subject?.toolCall?.toolCallId ?? "";
  const kind = REJECTED.has(id) ? "reject_once" : "allow_once";
  const option = request.options.find((o) => o.kind === kind) ?? request.options[0]!;
  return { outcome: { outcome: "selected", optionId: option.optionId } };
}

function idles(s: V2Scenario, sessionId: string): number {
  return s.states(sessionId).filter((state) => state.startsWith("idle")).length;
}

/**
 * Sends a prompt after scripting its model turns and waits for the session to be idle
 * again (v2 answers a prompt when its message is inserted, before the turn runs).
 */
function turnOf(s: V2Scenario, sessionId: string) {
  return async (text: string, ...turns: ScriptedTurn[]) => {
    const before = idles(s, sessionId);
    s.model.push(...turns);
    await s.prompt(sessionId, text).catch((error: unknown) => error);
    await eventually(`idle after "${text}"`, () => idles(s, sessionId) > before, 60_000);
  };
}

function tool(id: string, name: string, input: object): ScriptedTurn {
  return { blocks: [{ type: "tool_use", id, name, input: input as Record<string, unknown> }] };
}

/**
 * The first conversation: text and thinking, a command, a read, an edit, a write, a
 * rejected command, two prompts at once, the mode and the model, a model API error, a cancel.
 */
async function basics(s: V2Scenario): Promise<void> {
  const notes = join(s.workspace, "notes.txt");
  writeFileSync(notes, NOTES);
  await s.initialize();
  const sessionId = await s.newSession();
  const turn = turnOf(s, sessionId);
  await turn("hello", {
    blocks: [
      { type: "thinking", thinking: "Let me think." },
      { type: "text", text: "Hello there." },
    ],
  });
  await turn(
    "write it",
    tool("toolu_bash", "Bash", { command: "echo hi > out.txt", description: "Write out.txt" }),
    textTurn("written"),
  );
  await turn("read it", tool("toolu_read", "Read", { file_path: notes }), textTurn("read"));
  await turn(
    "edit it",
    tool("toolu_edit", "Edit", { file_path: notes, old_string: "beta", new_string: "gamma" }),
    textTurn("edited"),
  );
  await turn(
    "write a new file",
    tool("toolu_write", "Write", { file_path: join(s.workspace, "new.txt"), content: "fresh\n" }),
    textTurn("created"),
  );
  await turn(
    "remove it",
    tool("toolu_denied", "Bash", { command: "rm new.txt", description: "Remove new.txt" }),
    textTurn("not removed"),
  );
  // Two prompts at once: the second is inserted into the running turn's stretch.
  const before = idles(s, sessionId);
  s.model.push(textTurn("first"), textTurn("second"));
  await Promise.all([s.prompt(sessionId, "one"), s.prompt(sessionId, "two")]);
  await eventually(
    "both prompts' turns",
    () => s.model.remaining() === 0 && idles(s, sessionId) > before,
    60_000,
  );
  await eventually("idle", () => s.states(sessionId).at(-1)?.startsWith("idle") === true);
  for (const [configId, value] of [
    ["mode", "acceptEdits"],
    ["mode", "default"],
    ["model", "opus"],
  ] as const) {
    await s.request("session/set_config_option", { sessionId, configId, type: "id", value });
  }
  await turn("fail", { kind: "error", status: 400, message: "Scripted bad request", times: 3 });
  const requests = s.model.mainRequests().length;
  const cancelledBefore = idles(s, sessionId);
  s.model.push({ kind: "hang" });
  await s.prompt(sessionId, "hang");
  await s.model.waitForMainRequest(requests + 1);
  await s.cancel(sessionId);
  await eventually("the cancelled turn", () => idles(s, sessionId) > cancelledBefore, 30_000);
}

/**
 * The second conversation: a custom slash command, the plan tool, a fetch the user
 * rejects, an MCP tool, a subagent, retried and failed model calls, then the sessions:
 * list, fork, close, resume with its replay.
 */
async function more(s: V2Scenario): Promise<void> {
  mkdirSync(join(s.workspace, ".claude/commands"), { recursive: true });
  writeFileSync(join(s.workspace, ".claude/commands/greet.md"), "Say hello to $ARGUMENTS.\n");
  writeFileSync(join(s.workspace, "notes.txt"), NOTES);
  await s.initialize();
  const created = await s.agent.request("session/new", {
    cwd: s.workspace,
    mcpServers: [
      { type: "stdio", name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER] },
    ],
  });
  const sessionId = created.sessionId;
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
  await turn("busy", { kind: "error", status: 529, errorType: "overloaded_error", times: 2 });
  await turn("limit", { kind: "error", status: 429, errorType: "rate_limit_error", times: 2 });
  await turn("who", { kind: "error", status: 401, times: 2 });
  await s.request("session/list", { cwd: s.workspace });
  const fork = (await s.request("session/fork", { sessionId, cwd: s.workspace })) as {
    sessionId: string;
  };
  await s.request("session/close", { sessionId: fork.sessionId });
  await s.request("session/close", { sessionId });
  await s.request("session/resume", { sessionId, cwd: s.workspace, replayFrom: { type: "start" } });
  await turnOf(s, sessionId)("again", textTurn("resumed"));
}

/**
 * The third conversation: a session in auto mode (Claude Code's settings), whose
 * classifier falls back to billed requests behind a gateway; Claude Code warns of it,
 * and the warning is a `notice` (upstream's v2 sends it so).
 */
async function auto(s: V2Scenario): Promise<void> {
  await s.initialize();
  const sessionId = await s.newSession();
  await turnOf(s, sessionId)("hello", textTurn("one"));
}

/** Claude Code's settings of a conversation (default: asking for permission). */
const SETTINGS: Record<string, Record<string, unknown>> = {
  auto: { permissions: { defaultMode: "auto" } },
};

async function record(
  adapter: "ours" | "upstream",
  converse: (s: V2Scenario) => Promise<void>,
): Promise<GoldenMessage[]> {
  const s = await V2Scenario.start({
    adapter,
    ...(SETTINGS[converse.name] ? { settings: SETTINGS[converse.name] } : {}),
    onPermission: answer,
    env: { IS_SANDBOX: "1", CLAUDE_CODE_ENABLE_TODO_TOOLS: "1", CLAUDE_CODE_ENABLE_TASKS: "0" },
  });
  open.push(s);
  await converse(s);
  // The sign-in state: each adapter pushes it when its probe in the background ends,
  // which may be after the conversation (ours probes after the first session's start, at
  // the lowest priority): a sync point, so that both sides have it.
  await eventually(
    `${adapter}'s sign-in state push`,
    () => s.traffic.some((entry) => (entry.message as { method?: unknown }).method === AUTH_PUSH),
    60_000,
  );
  // Late messages (a generated title) settle before the comparison.
  await new Promise((r) => setTimeout(r, 300));
  if (process.env.GOLDEN_DUMP) {
    const file = `${process.env.GOLDEN_DUMP}-v2-${converse.name}-${adapter}-raw.json`;
    writeFileSync(file, JSON.stringify(s.traffic, null, 1));
  }
  return normaliseTraffic(s.traffic, {
    paths: {
      [s.workspace]: "<ws>",
      [s.root]: "<root>",
      [UPSTREAM_ADAPTER_BIN]: "<adapter>",
      [ADAPTER_BIN]: "<adapter>",
      [REPO_ROOT]: "<repo>",
    },
  });
}

function unique(differences: Difference[]): Difference[] {
  const seen = new Map<string, Difference>();
  for (const d of differences) if (!seen.has(d.key)) seen.set(d.key, d);
  return [...seen.values()];
}

describe("golden comparison with the upstream adapter, ACP v2", () => {
  it("a v2 client gets upstream's v2 traffic, but for the accepted differences", async () => {
    const differences: Difference[] = [];
    for (const converse of [basics, more, auto]) {
      const [ours, upstream] = await Promise.all([
        record("ours", converse),
        record("upstream", converse),
      ]);
      if (process.env.GOLDEN_DUMP) {
        const plain = (messages: GoldenMessage[]) =>
          messages.map((m) => [m.label, Object.fromEntries(m.fields)]);
        const both = { ours: plain(ours), upstream: plain(upstream) };
        writeFileSync(
          `${process.env.GOLDEN_DUMP}-v2-${converse.name}.json`,
          JSON.stringify(both, null, 1),
        );
      }
      differences.push(...compareMessages(ours, upstream));
    }
    if (process.env.GOLDEN_ALL)
      writeFileSync(process.env.GOLDEN_ALL, describeDifferences(unique(differences)));
    const { unaccepted, unused, rejected } = checkAccepted(
      unique(differences),
      ACCEPTED_V2_DIFFERENCES,
    );
    // The same strict rules as the v1 comparison (test/support/golden-accepted.ts).
    expect({ rejected, unaccepted: describeDifferences(unaccepted), unused }).toEqual({
      rejected: [],
      unaccepted: "",
      unused: [],
    });
  }, 480_000);
});
