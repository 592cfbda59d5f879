import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { afterEach, describe, expect, it } from "vitest";
import { AIR_CAPABILITIES } from "../../src/extensions/air/keys.js";
import {
  ADAPTER_BIN,
  eventually,
  PROFILES,
  REPO_ROOT,
  type Scenario,
  type TrafficEntry,
} from "../support/acp-harness.js";
import { V2Scenario } from "../support/acp-v2-client.js";
import { compareFrozen, connectionNotifications, freezeTraffic } from "../support/frozen-golden.js";
import { LODY_FULL } from "../support/lody.js";
import type { MessageTurn, RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * Frozen goldens of our own traffic (issue 29): one scripted conversation per client kind
 * against the built bin and real Claude Code, recorded both ways, normalised
 * (`test/support/frozen-golden.ts`) and compared line by line with
 * `test/golden/frozen/<kind>.jsonl`. `npm run golden:update` (`GOLDEN_UPDATE=1`) rewrites
 * the files instead; a reviewer reads their diff. `GOLDEN_DUMP=<prefix>` also writes each
 * run's lines to `<prefix>-<kind>.jsonl`.
 */
const scenario = useScenarios();
const v2Open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(v2Open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});

const FROZEN_DIR = join(REPO_ROOT, "test/golden/frozen");
const NOTES = "alpha\nbeta\n";
const EDITED = "alpha\ngamma\n";

/** Claude Code 0.3.318 offers TodoWrite (the plan) rather than its task tools with these. */
const ENV = { CLAUDE_CODE_ENABLE_TODO_TOOLS: "1", CLAUDE_CODE_ENABLE_TASKS: "0" };
/** Only the Agent is pre-approved: the edit, the command and the child's command ask. */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Agent"] } };
/** Claude Code's predicted next prompt (asked for an AIR client's session only). */
const PREDICTED = "Run the tests next";
const predicting = (r: RecordedRequest): MessageTurn | undefined =>
  r.reason.includes("[SUGGESTION MODE:")
    ? { blocks: [{ type: "text", text: PREDICTED }] }
    : undefined;

const tool = (id: string, name: string, input: Record<string, unknown>): ScriptedTurn => ({
  id: `msg_${id.slice("toolu_".length)}`,
  blocks: [{ type: "tool_use", id, name, input }],
});

/**
 * The scripted model of every conversation. Prompt 1: thinking and a streamed answer.
 * Prompt 2: a plan (TodoWrite); text and an Edit that asks (with its diff); a command with
 * output that asks (it writes a file); a foreground subagent whose child speaks and runs a
 * command that asks; the streamed final answer.
 */
function script(workspace: string): ScriptedTurn[] {
  return [
    {
      id: "msg_hello",
      blocks: [
        { type: "thinking", thinking: "The user greets me.", deltas: 2 },
        { type: "text", text: "Hello there, how can I help?", deltas: 3 },
      ],
    },
    tool("toolu_plan", "TodoWrite", {
      todos: [
        { content: "Edit the notes", status: "in_progress", activeForm: "Editing the notes" },
        { content: "Check the files", status: "pending", activeForm: "Checking the files" },
      ],
    }),
    {
      id: "msg_edit",
      blocks: [
        { type: "text", text: "Editing the notes." },
        {
          type: "tool_use",
          id: "toolu_edit",
          name: "Edit",
          input: {
            file_path: join(workspace, "notes.txt"),
            old_string: "beta",
            new_string: "gamma",
          },
        },
      ],
    },
    tool("toolu_bash", "Bash", { command: "echo hi | tee out.txt", description: "Write out.txt" }),
    tool("toolu_agent", "Agent", {
      description: "Make a marker",
      prompt: "Create the marker file.",
      subagent_type: "general-purpose",
      run_in_background: false,
    }),
    {
      id: "msg_child_1",
      blocks: [
        { type: "text", text: "Child speaking." },
        {
          type: "tool_use",
          id: "toolu_child",
          name: "Bash",
          input: { command: "touch marker.txt", description: "mark" },
        },
      ],
    },
    { id: "msg_child_2", blocks: [{ type: "text", text: "Child report." }] },
    { id: "msg_done", blocks: [{ type: "text", text: "All done.", deltas: 2 }] },
  ];
}

/** A v1 client kind: what it declares, and what its conversation waits for. */
interface V1Kind {
  readonly capabilities: ClientCapabilities;
  /** `_meta` of the second prompt (AIR asks for its file-change report). */
  readonly promptMeta?: Record<string, unknown>;
  /**
   * What comes after the answer of prompt `turn` (1-based), in the background, and must
   * be in before the next request: a sync point, so that it is recorded in one place.
   */
  readonly afterTurn?: (s: Scenario, turn: number) => Promise<void>;
}

/** How many `session_info_update`s have `_meta` text that includes `text`. */
function infoUpdatesWith(s: Scenario, text: string): number {
  return s.notifications.filter(
    (n) =>
      n.update.sessionUpdate === "session_info_update" &&
      JSON.stringify(n.update._meta ?? {}).includes(text),
  ).length;
}

const V1_KINDS: Readonly<Record<string, V1Kind>> = {
  plain: { capabilities: PROFILES.plain },
  zed: { capabilities: PROFILES.zed },
  /**
   * Every AIR capability (`AIR_CAPABILITIES`: a new one joins the golden), and the
   * JetBrains terminal channel (`terminal_output_delta`).
   */
  air: {
    capabilities: {
      terminal: true,
      _meta: {
        terminal_output_delta: true,
        jetbrains: { air: { version: 1, capabilities: Object.values(AIR_CAPABILITIES) } },
      },
    },
    promptMeta: {
      jetbrains: { air: { agentFileChangeReportRequest: { version: 1, requestId: "report-1" } } },
    },
    // Claude Code predicts the next prompt after each turn's result (a prompt clears it).
    afterTurn: (s, turn) =>
      eventually(
        "the predicted prompt",
        () => infoUpdatesWith(s, `"promptSuggestions":{"suggestions":[{`) >= turn,
      ),
  },
  /** Subagent events and answer notes (with form elicitation). */
  lody: {
    capabilities: LODY_FULL,
    // The model names the session after the first turn's answer.
    afterTurn: (s, turn) =>
      turn === 1
        ? eventually(
            "the generated title",
            () => infoUpdatesWith(s, `"titleSource":"generated"`) >= 1,
          )
        : Promise.resolve(),
  },
  /** An ACP v1 client that takes subagents as child sessions (the subagents RFD). */
  rfd: { capabilities: { subagents: {} } as ClientCapabilities },
};

/** The literal run-specific strings of a scenario and what they become. */
function literals(s: {
  root: string;
  workspace: string;
  configDir: string;
  model: { url: string };
}): Record<string, string> {
  return {
    [s.workspace]: "<ws>",
    [s.configDir]: "<config>",
    [join(s.root, "home")]: "<home>",
    [s.root]: "<root>",
    [s.model.url]: "<model-url>",
    [ADAPTER_BIN]: "<adapter>",
    [REPO_ROOT]: "<repo>",
    [process.execPath]: "<node>",
  };
}

/**
 * The commands' update, which the adapter writes right behind the session's answer: the
 * first prompt waits for it, so that it is recorded before the prompt, however the two
 * writes reach the client (in one read or two: a client that prompts at once saw them
 * either way, as the adapter's write of the login state moved).
 */
function commandsTold(updates: () => ReadonlyArray<{ sessionUpdate: string }>): Promise<void> {
  return eventually("the commands", () =>
    updates().some((u) => u.sessionUpdate === "available_commands_update"),
  );
}

async function converseV1(kind: V1Kind): Promise<string[]> {
  const s = await scenario({ settings: SETTINGS, env: ENV, sideTurn: predicting });
  writeFileSync(join(s.workspace, "notes.txt"), NOTES);
  s.model.push(...script(s.workspace));
  await s.initialize(kind.capabilities);
  const sessionId = await s.newSession();
  await commandsTold(() => s.updates(sessionId));
  expect((await s.prompt(sessionId, "hello")).stopReason).toBe("end_turn");
  await kind.afterTurn?.(s, 1);
  const second = await s.agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text: "work on the notes" }],
    ...(kind.promptMeta ? { _meta: kind.promptMeta } : {}),
  });
  expect(second.stopReason).toBe("end_turn");
  await kind.afterTurn?.(s, 2);
  expect(readFileSync(join(s.workspace, "notes.txt"), "utf8")).toBe(EDITED);
  checkSignInState(s.traffic);
  return freezeTraffic(s.traffic, { literals: literals(s) });
}

/** The v2 client declares nothing: child sessions and display terminals are v2's baseline. */
async function converseV2(): Promise<string[]> {
  const s = await V2Scenario.start({ settings: SETTINGS, env: ENV });
  v2Open.push(s);
  writeFileSync(join(s.workspace, "notes.txt"), NOTES);
  s.model.push(...script(s.workspace));
  await s.initialize();
  const sessionId = await s.newSession();
  await commandsTold(() => s.updates(sessionId));
  await s.prompt(sessionId, "hello");
  await s.idle(sessionId, 1, 30_000);
  await s.prompt(sessionId, "work on the notes");
  await s.idle(sessionId, 2, 60_000);
  expect(s.states(sessionId).at(-1)).toBe("idle:end_turn");
  expect(readFileSync(join(s.workspace, "notes.txt"), "utf8")).toBe(EDITED);
  checkSignInState(s.traffic);
  return freezeTraffic(s.traffic, { literals: literals(s) });
}

/**
 * The sign-in state, which is not in the frozen lines (`frozen-golden.ts` rule 1c): its
 * probe may time out on a busy machine, so it may be missing, but when it comes it is
 * the scenario's API key, once.
 */
function checkSignInState(traffic: readonly TrafficEntry[]): void {
  const sent = connectionNotifications(traffic);
  expect(sent.length).toBeLessThanOrEqual(1);
  for (const notification of sent) {
    expect(notification).toEqual({
      method: "_auth/status_update",
      params: {
        authStatus: { kind: "api_key", label: "Anthropic API key", detail: "ANTHROPIC_API_KEY" },
      },
    });
  }
}

/** Compares with the committed file, or rewrites it under `GOLDEN_UPDATE=1`. */
function check(kind: string, lines: readonly string[]): void {
  const file = join(FROZEN_DIR, `${kind}.jsonl`);
  const text = `${lines.join("\n")}\n`;
  if (process.env.GOLDEN_DUMP) writeFileSync(`${process.env.GOLDEN_DUMP}-${kind}.jsonl`, text);
  if (process.env.GOLDEN_UPDATE === "1") {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return;
  }
  const shown = relative(REPO_ROOT, file);
  if (!existsSync(file)) {
    expect.fail(`${shown} is missing: run \`npm run golden:update\` and commit it`);
  }
  const expected = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "");
  const difference = compareFrozen(lines, expected, shown);
  if (difference !== undefined) expect.fail(difference);
}

describe("frozen goldens of our own traffic", () => {
  for (const [kind, spec] of Object.entries(V1_KINDS)) {
    it(`${kind}: the conversation's traffic matches test/golden/frozen/${kind}.jsonl`, async () => {
      check(kind, await converseV1(spec));
    }, 60_000);
  }
  it("v2: the conversation's traffic matches test/golden/frozen/v2.jsonl", async () => {
    check("v2", await converseV2());
  }, 60_000);
});
