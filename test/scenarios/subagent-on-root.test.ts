import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";
import { clientView, type ViewItem } from "../support/update-shapes.js";

/**
 * A subagent's work on the root session for a client without a subagent signal (seed 000
 * "Native subagent sessions": "Without either signal, Agent and Task stay ordinary tool
 * calls … Child interactions stay on the root session"; "Claude tools and ACP fields": the
 * streamed text of a subagent goes out on the root session): its text, its tool calls
 * (`_meta.claudeCode.parentToolUseId`: the Agent call) and its permission requests, live
 * and after `session/load`, beside the Agent call with its report.
 */
const scenario = useScenarios();

const AGENT = "toolu_agent";
/** Only the Agent is pre-approved: the child's command asks, its read of the notes does not. */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Agent"] } };

/** A foreground subagent that streams text, reads a file, runs a command that asks, reports. */
function script(workspace: string): ScriptedTurn[] {
  return [
    {
      id: "msg_agent",
      blocks: [
        {
          type: "tool_use",
          id: AGENT,
          name: "Agent",
          input: {
            description: "Look at the notes",
            prompt: "Read notes.txt and mark it",
            subagent_type: "general-purpose",
            run_in_background: false,
          },
        },
      ],
    },
    {
      id: "msg_child_read",
      blocks: [
        { type: "text", text: "Reading the notes now.", deltas: 3 },
        {
          type: "tool_use",
          id: "toolu_child_read",
          name: "Read",
          input: { file_path: join(workspace, "notes.txt") },
        },
      ],
    },
    {
      id: "msg_child_bash",
      blocks: [
        { type: "text", text: "Marking them." },
        {
          type: "tool_use",
          id: "toolu_child_bash",
          name: "Bash",
          input: { command: "touch marker.txt", description: "Mark the notes" },
        },
      ],
    },
    { id: "msg_child_end", blocks: [{ type: "text", text: "The notes say alpha.", deltas: 2 }] },
    { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] },
  ];
}

type Call = Extract<ViewItem, { kind: "tool_call" }>;

function call(view: readonly ViewItem[], toolCallId: string): Call | undefined {
  return view.find(
    (item): item is Call => item.kind === "tool_call" && item.toolCallId === toolCallId,
  );
}

/** What the client shows, in order: texts with their parent, tool calls by id. */
function outline(view: readonly ViewItem[]): string[] {
  return view.map((item) =>
    item.kind === "tool_call"
      ? `call ${item.toolCallId}`
      : item.kind === "plan"
        ? "plan"
        : `${item.parent ?? "root"}: ${item.text}`,
  );
}

/**
 * The full response the PostToolUse hook sent for one tool call (`clientView` leaves
 * `_meta.claudeCode.toolResponse` out: a load, with no hook, carries none).
 */
function responseOf(updates: readonly Record<string, unknown>[], toolCallId: string): unknown {
  for (const update of updates) {
    if (update.toolCallId !== toolCallId) continue;
    const meta = update._meta as { claudeCode?: { toolResponse?: unknown } } | undefined;
    if (meta?.claudeCode?.toolResponse !== undefined) return meta.claudeCode.toolResponse;
  }
  return undefined;
}

async function delegate(s: Scenario, capabilities: ClientCapabilities): Promise<string> {
  writeFileSync(join(s.workspace, "notes.txt"), "alpha\n");
  s.model.push(...script(s.workspace));
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
  return sessionId;
}

const EXPECTED_OUTLINE = [
  `call ${AGENT}`,
  `${AGENT}: Reading the notes now.`,
  "call toolu_child_read",
  `${AGENT}: Marking them.`,
  "call toolu_child_bash",
  `${AGENT}: The notes say alpha.`,
  "root: Parent done.",
];

describe.each([
  ["plain", PROFILES.plain as ClientCapabilities],
  ["Zed", PROFILES.zed as ClientCapabilities],
])("a subagent's work on the root session (%s client)", (name, capabilities) => {
  it("shows the child's text, tool calls and permission request live, with its parent", async () => {
    const s = await scenario({ settings: SETTINGS });
    const sessionId = await delegate(s, capabilities);
    const view = clientView(s.updates(sessionId));
    expect(outline(view)).toEqual(EXPECTED_OUTLINE);

    // The Agent call stays an ordinary tool call, with its prompt and its report.
    expect(call(view, AGENT)?.fields).toMatchObject({
      title: "Look at the notes",
      kind: "think",
      status: "completed",
      content: [
        { type: "content", content: { type: "text", text: "Read notes.txt and mark it" } },
        { type: "content", content: { type: "text", text: "The notes say alpha." } },
      ],
    });
    expect(call(view, AGENT)?.fields._meta).not.toHaveProperty("claudeCode.parentToolUseId");

    // The child's read: upstream's fields, and its parent.
    const notes = join(s.workspace, "notes.txt");
    const read = call(view, "toolu_child_read")?.fields;
    // Its full response (the PostToolUse hook's), as a call of the root's gets it.
    expect(responseOf(s.updates(sessionId), "toolu_child_read")).toMatchObject({
      type: "text",
      file: { filePath: notes, content: "alpha\n" },
    });
    expect([{ kind: "tool_call", toolCallId: "toolu_child_read", fields: read! }]).toEqual([
      {
        kind: "tool_call",
        toolCallId: "toolu_child_read",
        fields: {
          title: "Read notes.txt",
          kind: "read",
          status: "completed",
          name: "Read",
          locations: [{ path: notes, line: 1 }],
          rawInput: { file_path: notes },
          rawOutput: "1\talpha\n2\t",
          content: [
            { type: "content", content: { type: "text", text: "```\n1\talpha\n2\t\n```" } },
          ],
          _meta: { claudeCode: { toolName: "Read", parentToolUseId: AGENT } },
        },
      },
    ]);

    // The child's command asked on the root session, naming its parent, after its tool call.
    expect(s.permissionRequests).toHaveLength(1);
    const [request] = s.permissionRequests;
    expect(request).toMatchObject({
      sessionId,
      toolCall: {
        toolCallId: "toolu_child_bash",
        title: "touch marker.txt",
        kind: "execute",
        rawInput: { command: "touch marker.txt", description: "Mark the notes" },
        _meta: { claudeCode: { toolName: "Bash", parentToolUseId: AGENT } },
      },
    });
    const sent = s.sentByAdapter().map((m) => JSON.stringify(m));
    const announced = sent.findIndex(
      (m) => m.includes(`"sessionUpdate":"tool_call"`) && m.includes(`"toolu_child_bash"`),
    );
    const asked = sent.findIndex((m) => m.includes(`"method":"session/request_permission"`));
    expect(announced).toBeGreaterThanOrEqual(0);
    expect(asked).toBeGreaterThan(announced);
    expect(existsSync(join(s.workspace, "marker.txt"))).toBe(true);

    const bash = call(view, "toolu_child_bash")?.fields;
    expect(bash).toMatchObject({
      title: "touch marker.txt",
      kind: "execute",
      status: "completed",
      _meta: {
        claudeCode: {
          toolName: "Bash",
          parentToolUseId: AGENT,
        },
      },
    });
    expect(responseOf(s.updates(sessionId), "toolu_child_bash")).toMatchObject({
      stdout: "",
      stderr: "",
      interrupted: false,
    });
    if (name === "Zed") {
      // The terminal channel, as for a command of the root's.
      expect(bash?.content).toEqual([{ type: "terminal", terminalId: "toolu_child_bash" }]);
      expect(bash?._meta).toMatchObject({
        terminal_exit: { terminal_id: "toolu_child_bash", exit_code: 0, signal: null },
      });
    } else {
      expect(bash?.rawOutput).toBe("(Bash completed with no output)");
    }
  });

  it("replays the child's text and tool calls on the root session after session/load", async () => {
    const s = await scenario({ settings: SETTINGS });
    const sessionId = await delegate(s, capabilities);
    const live = clientView(s.updates(sessionId));
    await s.restartAdapter();
    await s.initialize(capabilities);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    const replay = clientView(s.updates(sessionId));
    expect(outline(replay)).toEqual(EXPECTED_OUTLINE);
    expect(replay).toEqual(live);
    expect(s.permissionRequests).toEqual([]);
  });
});

const BG_PROMPT = "Mark in the background";

/** Answers each main request from the script of its sender: the child (its prompt) or the parent. */
function byRequester(parent: ScriptedTurn[], child: ScriptedTurn[]): ScriptedTurn[] {
  const fromChild = (req: { body: { messages?: unknown[] } }) =>
    JSON.stringify(req.body.messages?.[0] ?? "").includes(BG_PROMPT);
  const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn =>
    (fromChild(req) ? child.shift() : parent.shift()) ?? textTurn("Noted.");
  return Array.from({ length: 12 }, () => answer);
}

describe("a background subagent's work on the root session (plain client)", () => {
  it("goes on after the prompt's answer: its command ends on its tool call, its report follows", async () => {
    // The child's command waits for a file the test writes once the prompt was answered.
    const wait = "while [ ! -f go.txt ]; do sleep 0.1; done; touch bg.txt";
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: byRequester(
        [
          {
            blocks: [
              {
                type: "tool_use",
                id: "toolu_bg",
                name: "Agent",
                input: {
                  description: "Background marker",
                  prompt: BG_PROMPT,
                  subagent_type: "general-purpose",
                  run_in_background: true,
                },
              },
            ],
          },
          { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] },
        ],
        [
          {
            id: "msg_bg_1",
            blocks: [
              { type: "text", text: "Child speaking." },
              {
                type: "tool_use",
                id: "toolu_bgcmd",
                name: "Bash",
                input: { command: wait, description: "wait, then mark" },
              },
            ],
          },
          { id: "msg_bg_2", blocks: [{ type: "text", text: "Child report." }] },
        ],
      ),
    });
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const command = () => call(clientView(s.updates(sessionId)), "toolu_bgcmd")?.fields;
    await eventually("the child's command running", () => command() !== undefined, 30_000);
    expect(command()?.status).not.toBe("completed");
    writeFileSync(join(s.workspace, "go.txt"), "");
    await eventually("the child's command's end", () => command()?.status === "completed", 30_000);
    expect(command()).toMatchObject({
      title: wait,
      _meta: { claudeCode: { toolName: "Bash", parentToolUseId: "toolu_bg" } },
    });
    expect(existsSync(join(s.workspace, "bg.txt"))).toBe(true);
    await eventually(
      "the child's report",
      () => outline(clientView(s.updates(sessionId))).includes("toolu_bg: Child report."),
      30_000,
    );
  });
});
