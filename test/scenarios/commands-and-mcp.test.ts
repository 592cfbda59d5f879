import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, MCP_ECHO_SERVER, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

const echoServer = { name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] };

describe("slash commands", () => {
  it("available_commands_update lists Claude Code's and the project's commands, not terminal-only ones", async () => {
    const s = await scenario();
    mkdirSync(join(s.workspace, ".claude/commands"), { recursive: true });
    writeFileSync(
      join(s.workspace, ".claude/commands/greet.md"),
      "---\ndescription: Greet someone\nargument-hint: <name>\n---\nSay hello to $ARGUMENTS.\n",
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await eventually("the command list", () =>
      s.updates(sessionId).some((u) => u.sessionUpdate === "available_commands_update"),
    );
    const update = s
      .updates(sessionId)
      .find((u) => u.sessionUpdate === "available_commands_update");
    const commands =
      update?.sessionUpdate === "available_commands_update" ? update.availableCommands : [];
    const names = commands.map((c) => c.name);
    expect(names).toContain("greet");
    expect(names).toContain("compact");
    expect(names).toContain("mcp");
    expect(names).not.toContain("clear");
    expect(names).not.toContain("login");
    expect(commands.find((c) => c.name === "greet")).toMatchObject({ input: { hint: "<name>" } });
    // The adapter's own /remote-control (the SDK connects the session to claude.ai), once.
    expect(commands.filter((c) => c.name === "remote-control")).toEqual([
      {
        name: "remote-control",
        description:
          "Continue this session from claude.ai/code or the Claude mobile app; `off` disconnects",
        input: { hint: "[session name | off]" },
      },
    ]);
  });

  it("/remote-control: refused while Claude works; Claude Code's refusal is the answer, not a hang; off disconnects", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "slow ".repeat(60), deltas: 60 }], delayMs: 30 }],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const running = s.prompt(sessionId, "take your time");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    await expect(s.prompt(sessionId, "/remote-control")).rejects.toMatchObject({
      code: -32600,
      message:
        "Invalid request: Remote Control can't be changed while Claude is working. Try again when the turn ends.",
    });
    expect((await running).stopReason).toBe("end_turn");
    const before = s.agentText(sessionId);

    // Claude Code's refusal is the answer, and the turn ends: the scripted rig routes it to
    // a custom endpoint (ANTHROPIC_BASE_URL), where Remote Control is not offered.
    expect((await s.prompt(sessionId, "/remote-control my laptop")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId).slice(before.length)).toBe(
      "Could not start Remote Control: Remote Control is only available when using Claude via api.anthropic.com. ANTHROPIC_BASE_URL is set and does not point at api.anthropic.com, so this session is using a custom endpoint — unset it (or run in a shell without it) to use Remote Control.",
    );
    const off = s.agentText(sessionId).length;
    expect((await s.prompt(sessionId, "/remote-control off")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId).slice(off)).toBe(
      "Remote Control is off. Run /remote-control to reconnect.",
    );
    // Neither reached the model: the adapter answered both.
    expect(s.model.mainRequests()).toHaveLength(1);
  });

  it("a prompt that starts with /name runs the project command", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "Hello, Bob!" }] }] });
    mkdirSync(join(s.workspace, ".claude/commands"), { recursive: true });
    writeFileSync(
      join(s.workspace, ".claude/commands/greet.md"),
      "Say hello to $ARGUMENTS in a friendly way.\n",
    );
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "/greet Bob")).stopReason).toBe("end_turn");
    expect(JSON.stringify(s.model.mainRequests()[0]!.body.messages)).toContain(
      "Say hello to Bob in a friendly way.",
    );
  });
});

describe("client MCP servers", () => {
  it("a server from session/new serves its tools as mcp__ tool calls", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["mcp__echo__echo"] } },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_echo",
              name: "mcp__echo__echo",
              input: { text: "ping" },
            },
          ],
        },
        { blocks: [{ type: "text", text: "done" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await s.prompt(sessionId, "echo ping");
    const updates = toolCallUpdates(s, sessionId, "toolu_echo");
    expect(updates[0]).toMatchObject({
      sessionUpdate: "tool_call",
      kind: "other",
      title: "mcp__echo__echo",
    });
    expect(updates.at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "echo: ping" } }],
    });
    const tools = (s.model.mainRequests()[0]!.body.tools as Array<{ name: string }>).map(
      (t) => t.name,
    );
    expect(tools).toContain("mcp__echo__echo");
  });

  it("/mcp shows the servers as a list; disable, enable and reconnect run through the SDK", async () => {
    const s = await scenario({ script: [textTurn("without echo"), textTurn("with echo")] });
    await s.initialize();
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    const toolsOf = (n: number) =>
      (s.model.mainRequests()[n]!.body.tools as Array<{ name: string }>).map((t) => t.name);
    const answer = async (text: string) => {
      const before = s.agentText(sessionId).length;
      expect((await s.prompt(sessionId, text)).stopReason).toBe("end_turn");
      return s.agentText(sessionId).slice(before);
    };
    expect(await answer("/mcp")).toContain("- ✔ **echo**: connected · 3 tools");
    expect(await answer("/mcp disable echo")).toContain(
      "Done: disable echo.\n\n**MCP servers**\n\n- ○ **echo**: disabled",
    );
    await s.prompt(sessionId, "anything there?");
    expect(toolsOf(0)).not.toContain("mcp__echo__echo");
    expect(await answer("/mcp enable echo")).toContain(
      "Done: enable echo.\n\n**MCP servers**\n\n- ✔ **echo**: connected · 3 tools",
    );
    await s.prompt(sessionId, "and now?");
    expect(toolsOf(1)).toContain("mcp__echo__echo");
    expect(await answer("/mcp reconnect echo")).toContain(
      "Done: reconnect echo.\n\n**MCP servers**\n\n- ✔ **echo**: connected · 3 tools",
    );
    // The /mcp commands themselves never reach the model.
    expect(s.model.mainRequests()).toHaveLength(2);
  });

  it("a server that fails to start is reported, not fatal", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "still fine" }] }] });
    await s.initialize({ session: { notices: {} } });
    const sessionId = await s.newSession({
      mcpServers: [{ name: "broken", command: join(s.root, "does-not-exist"), args: [], env: [] }],
    });
    await eventually("the failure notice", () =>
      s
        .updates(sessionId)
        .some((u) => u.sessionUpdate === "notice" && u.title === "MCP server unavailable"),
    );
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
  });
});
