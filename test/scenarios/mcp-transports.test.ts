import { afterEach, describe, expect, it } from "vitest";
import { toolCallUpdates } from "../support/acp-harness.js";
import { startMcpHttpServer, type McpHttpServer } from "../support/mcp-http-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

let mcp: McpHttpServer | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
});

/** A turn calling the `echo` tool of the server `server`. */
function echoCall(server: string, id: string, text: string) {
  return {
    blocks: [{ type: "tool_use" as const, id, name: `mcp__${server}__echo`, input: { text } }],
  };
}

/** The text of the tool_result for `id` in a request's messages, if any. */
function toolResultText(messages: unknown, id: string): string | undefined {
  for (const message of messages as Array<{ content: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== "tool_result" || block.tool_use_id !== id) continue;
      const content = block.content;
      if (typeof content === "string") return content;
      return (content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
    }
  }
  return undefined;
}

describe("client MCP servers over the network", () => {
  it("an http and an sse server from session/new serve their tools; the result goes back to the model", async () => {
    mcp = await startMcpHttpServer();
    const s = await scenario({
      settings: {
        permissions: { defaultMode: "default", allow: ["mcp__web__echo", "mcp__events__echo"] },
      },
      script: [
        echoCall("web", "toolu_http", "over http"),
        echoCall("events", "toolu_sse", "over sse"),
        textTurn("done"),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession({
      mcpServers: [
        {
          type: "http",
          name: "web",
          url: mcp.httpUrl,
          headers: [{ name: "X-Scenario", value: "http-header" }],
        },
        {
          type: "sse",
          name: "events",
          url: mcp.sseUrl,
          headers: [{ name: "X-Scenario", value: "sse-header" }],
        },
      ],
    });
    expect((await s.prompt(sessionId, "echo twice")).stopReason).toBe("end_turn");

    const [first, second, third] = s.model.mainRequests();
    const tools = (first!.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(tools).toContain("mcp__web__echo");
    expect(tools).toContain("mcp__events__echo");
    expect(toolResultText(second!.body.messages, "toolu_http")).toBe("http echo: over http");
    expect(toolResultText(third!.body.messages, "toolu_sse")).toBe("sse echo: over sse");

    expect(toolCallUpdates(s, sessionId, "toolu_http").at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "http echo: over http" } }],
    });
    expect(toolCallUpdates(s, sessionId, "toolu_sse").at(-1)).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "sse echo: over sse" } }],
    });
    // The client's headers reach the server on each transport.
    const sent = (path: string) =>
      mcp!.requests.filter((r) => r.path === path).map((r) => r.headers["x-scenario"]);
    expect(new Set(sent("/mcp"))).toEqual(new Set(["http-header"]));
    expect(new Set([...sent("/sse"), ...sent("/messages")])).toEqual(new Set(["sse-header"]));
  });
});
