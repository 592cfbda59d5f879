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
