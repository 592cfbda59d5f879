import { describe, expect, it } from "vitest";
import { PROFILES, TERMINAL_DELTA_CLIENT, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const ok = { command: "echo hello; echo warn >&2", description: "Say hello" };
const failing = { command: "echo partial; exit 3", description: "Fail on purpose" };

async function runCommands(capabilities: object) {
  const s = await scenario({
    settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
    script: [
      { blocks: [{ type: "tool_use", id: "toolu_ok", name: "Bash", input: ok }] },
      { blocks: [{ type: "tool_use", id: "toolu_fail", name: "Bash", input: failing }] },
      { blocks: [{ type: "text", text: "done" }] },
    ],
  });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "run them")).stopReason).toBe("end_turn");
  return { s, sessionId };
}

const bashMeta = { claudeCode: { toolName: "Bash" } };

describe("Bash on the Zed terminal channel (terminal_output)", () => {
  it("reports the command as a terminal with its output and exit code", async () => {
    const { s, sessionId } = await runCommands(PROFILES.zed);
    const terminal = { type: "terminal", terminalId: "toolu_ok" };
    const info = { terminal_info: { terminal_id: "toolu_ok" } };
    const updates = toolCallUpdates(s, sessionId, "toolu_ok");
    expect(updates.slice(0, 3)).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "toolu_ok",
        title: "Terminal",
        name: "Bash",
        kind: "execute",
        status: "pending",
        content: [terminal],
        rawInput: {},
        _meta: { ...bashMeta, ...info },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_ok",
        title: ok.command,
        rawInput: { command: ok.command },
        _meta: { ...bashMeta, ...info },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_ok",
        rawInput: ok,
        _meta: { ...bashMeta, ...info },
      },
    ]);
    const last = updates.at(-1)!;
    expect(last).toEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "toolu_ok",
      status: "completed",
      // The upstream convention: the final update repeats the terminal content.
      content: [terminal],
      _meta: {
        claudeCode: {
          toolName: "Bash",
          toolResponse: expect.objectContaining({ stdout: "hello\nwarn" }),
        },
        ...info,
        terminal_output: { terminal_id: "toolu_ok", data: "hello\nwarn" },
        terminal_exit: { terminal_id: "toolu_ok", exit_code: 0, signal: null },
      },
    });
    // No display copy of the description and no rawOutput when the terminal carries the output.
    for (const u of updates) {
      expect(u).not.toHaveProperty("rawOutput");
      expect(JSON.stringify(u.content ?? [])).not.toContain("Say hello");
    }
    // The output goes out once.
    expect(updates.filter((u) => JSON.stringify(u).includes('"terminal_output"'))).toHaveLength(1);
  });

  it("a failing command reports its exit code and status failed", async () => {
    const { s, sessionId } = await runCommands(PROFILES.zed);
    const last = toolCallUpdates(s, sessionId, "toolu_fail").at(-1)!;
    expect(last).toMatchObject({
      status: "failed",
      _meta: {
        terminal_output: { terminal_id: "toolu_fail", data: "partial" },
        terminal_exit: { terminal_id: "toolu_fail", exit_code: 3, signal: null },
      },
    });
  });
});

describe("Bash with terminal_output_delta (JetBrains key)", () => {
  it("appends the output in terminal_output_delta and enables the channel", async () => {
    const { s, sessionId } = await runCommands(TERMINAL_DELTA_CLIENT);
    const updates = toolCallUpdates(s, sessionId, "toolu_ok");
    expect(updates[0]).toMatchObject({ content: [{ type: "terminal", terminalId: "toolu_ok" }] });
    const last = updates.at(-1)!;
    expect(last._meta).toMatchObject({
      terminal_output_delta: { terminal_id: "toolu_ok", data: "hello\nwarn" },
      terminal_exit: { terminal_id: "toolu_ok", exit_code: 0, signal: null },
    });
    expect(last._meta).not.toHaveProperty("terminal_output");
  });
});

describe("Bash for a client without a terminal", () => {
  it("shows the description, then the output as a console block in its place", async () => {
    const { s, sessionId } = await runCommands(PROFILES.plain);
    const updates = toolCallUpdates(s, sessionId, "toolu_ok");
    expect(updates[0]).toEqual({
      sessionUpdate: "tool_call",
      toolCallId: "toolu_ok",
      title: "Terminal",
      name: "Bash",
      kind: "execute",
      status: "pending",
      content: [],
      rawInput: {},
      _meta: bashMeta,
    });
    const description = { type: "content", content: { type: "text", text: "Say hello" } };
    expect(updates).toContainEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "toolu_ok",
      content: [description],
      rawInput: ok,
      _meta: bashMeta,
    });
    expect(updates.at(-1)).toEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "toolu_ok",
      status: "completed",
      // Upstream 0.101.0: the output replaces the description (Compatibility rule).
      content: [
        { type: "content", content: { type: "text", text: "```console\nhello\nwarn\n```" } },
      ],
      rawOutput: "hello\nwarn",
      _meta: {
        claudeCode: {
          toolName: "Bash",
          toolResponse: expect.objectContaining({ stdout: "hello\nwarn" }),
        },
      },
    });
    for (const u of updates) expect(u._meta).not.toHaveProperty("terminal_info");
  });
});
