import { describe, expect, it } from "vitest";
import type { AvailableCommand } from "@agentclientprotocol/sdk/unstable";
import { eventually, MCP_ECHO_SERVER, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

const echoServer = { name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] };

/** The last command list the session was sent. */
function lastCommands(s: Scenario, sessionId: string): AvailableCommand[] {
  const lists = s
    .updates(sessionId)
    .flatMap((u) => (u.sessionUpdate === "available_commands_update" ? [u.availableCommands] : []));
  return lists.at(-1) ?? [];
}

/** The text of the tool results the model was sent. */
function toolResults(s: Scenario): string {
  return JSON.stringify(
    s.model
      .mainRequests()
      .flatMap((r) => r.body.messages as Array<{ content: unknown }>)
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b: { type?: string }) => b.type === "tool_result"),
  );
}

const askTurn = {
  blocks: [{ type: "tool_use" as const, id: "toolu_ask", name: "mcp__echo__ask", input: {} }],
};
const allowAsk = { permissions: { defaultMode: "default", allow: ["mcp__echo__ask"] } };

describe("MCP server prompts", () => {
  it("are in the slash menu as mcp:<server>:<prompt> and run when sent so", async () => {
    const s = await scenario({ script: [textTurn("greeted")] });
    await s.initialize();
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await eventually(
      "the MCP prompt in the menu",
      () => lastCommands(s, sessionId).some((c) => c.name === "mcp:echo:greet"),
      20_000,
    );
    expect(lastCommands(s, sessionId).find((c) => c.name === "mcp:echo:greet")).toMatchObject({
      name: "mcp:echo:greet",
      description: expect.stringContaining("Greet someone"),
    });
    expect(lastCommands(s, sessionId).some((c) => c.name.includes("(MCP)"))).toBe(false);
    await s.prompt(sessionId, "/mcp:echo:greet Ada");
    expect(JSON.stringify(s.model.mainRequests()[0]!.body.messages)).toContain(
      "GREET-PROMPT for Ada",
    );
  });
});

describe("MCP elicitation", () => {
  it("a server's form request is answered through the client (form elicitation)", async () => {
    const s = await scenario({
      settings: allowAsk,
      script: [askTurn, textTurn("got it")],
      onElicitation: () => ({ action: "accept", content: { color: "blue" } }),
    });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await s.prompt(sessionId, "ask me");
    expect(s.elicitations).toEqual([
      {
        mode: "form",
        sessionId,
        // Asked during the server's tool call: the elicitation names the call.
        toolCallId: "toolu_ask",
        message: "Which colour?",
        requestedSchema: {
          type: "object",
          properties: { color: { type: "string", title: "Colour" } },
          required: ["color"],
        },
      },
    ]);
    expect(toolResults(s)).toContain("answer: accept blue");
  });

  it("the user's decline reaches the server as decline", async () => {
    const s = await scenario({
      settings: allowAsk,
      script: [askTurn, textTurn("fine")],
      onElicitation: () => ({ action: "decline" }),
    });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await s.prompt(sessionId, "ask me");
    expect(s.elicitations).toHaveLength(1);
    expect(toolResults(s)).toContain("answer: decline");
  });

  it("a server's URL request goes to a client that declared URL elicitation", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["mcp__echo__sign_in"] } },
      script: [
        {
          blocks: [{ type: "tool_use", id: "toolu_sign", name: "mcp__echo__sign_in", input: {} }],
        },
        textTurn("signed"),
      ],
      onElicitation: () => ({ action: "accept" }),
    });
    await s.initialize({ elicitation: { form: {}, url: {} } });
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await s.prompt(sessionId, "sign me in");
    expect(s.elicitations).toEqual([
      {
        mode: "url",
        sessionId,
        toolCallId: "toolu_sign",
        message: "Sign in to echo",
        url: "https://example.com/sign-in",
        elicitationId: "echo-sign-in",
      },
    ]);
    expect(toolResults(s)).toContain("signed in: accept");
    // The server's completion notice reaches the client as ACP's.
    await eventually("elicitation/complete", () =>
      s.extNotifications.some((n) => n.method === "elicitation/complete"),
    );
    expect(s.extNotifications.filter((n) => n.method === "elicitation/complete")).toEqual([
      { method: "elicitation/complete", params: { elicitationId: "echo-sign-in" } },
    ]);
  });

  it("a client without elicitation is never asked", async () => {
    const s = await scenario({ settings: allowAsk, script: [askTurn, textTurn("fine")] });
    await s.initialize();
    const sessionId = await s.newSession({ mcpServers: [echoServer] });
    await s.prompt(sessionId, "ask me");
    expect(s.elicitations).toEqual([]);
    expect(toolResults(s)).not.toContain("answer: accept");
  });
});
