/**
 * A tiny real MCP server for scenarios (stdio): a tool, `echo`, that answers with its
 * text; a tool, `ask`, that asks the user for a colour through an MCP elicitation and
 * answers with what came back; a tool, `sign_in`, that asks the user to open a URL (a
 * URL elicitation); and a prompt, `greet`, with a `name` argument. Run as
 * `node dist/test/support/mcp-echo-server.js`.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "echo-server", version: "1.0.0" });
server.registerTool(
  "echo",
  { description: "Echo the text back", inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: "text", text: `echo: ${text}` }] }),
);
server.registerTool("ask", { description: "Ask the user for a colour" }, async () => {
  const answer = await server.server.elicitInput({
    mode: "form",
    message: "Which colour?",
    requestedSchema: {
      type: "object",
      properties: { color: { type: "string", title: "Colour" } },
      required: ["color"],
    },
  });
  const color = typeof answer.content?.color === "string" ? ` ${answer.content.color}` : "";
  return { content: [{ type: "text", text: `answer: ${answer.action}${color}` }] };
});
server.registerTool("sign_in", { description: "Sign the user in" }, async () => {
  const answer = await server.server.elicitInput({
    mode: "url",
    message: "Sign in to echo",
    url: "https://example.com/sign-in",
    elicitationId: "echo-sign-in",
  });
  // The sign-in "happened": the server says so, as a URL elicitation's server does.
  if (answer.action === "accept")
    await server.server.createElicitationCompletionNotifier("echo-sign-in")();
  return { content: [{ type: "text", text: `signed in: ${answer.action}` }] };
});
server.registerPrompt(
  "greet",
  { description: "Greet someone", argsSchema: { name: z.string() } },
  ({ name }) => ({
    messages: [{ role: "user", content: { type: "text", text: `GREET-PROMPT for ${name}` } }],
  }),
);
await server.connect(new StdioServerTransport());
