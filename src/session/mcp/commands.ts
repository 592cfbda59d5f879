import type { ClaudeQuery } from "../../sdk/claude-query.js";
import {
  authAnswer,
  MCP_USAGE,
  mcpStatusMarkdown,
  signInNote,
  type McpAuthOutcome,
  type McpCommand,
} from "../../translation/mcp-command.js";
import type { McpSignIn } from "./sign-in.js";

/**
 * Runs `/mcp` through the SDK control API (Claude Code refuses these in SDK mode) and
 * returns the markdown answer for the transcript. A client's server that then waits
 * for a sign-in is signed in (`McpSignIn`); any other is at `/mcp auth <server>`.
 */
export async function runMcpCommand(
  query: ClaudeQuery,
  command: McpCommand,
  signIn: McpSignIn,
): Promise<string> {
  switch (command.kind) {
    case "usage":
      return `${command.reason}\n\n${MCP_USAGE}`;
    case "auth":
      return authAnswer(command.server, await signInOne(query, command, signIn));
    case "status":
      break;
    case "reconnect":
      await query.reconnectMcpServer(command.server);
      break;
    case "enable":
    case "disable":
      await query.toggleMcpServer(command.server, command.kind === "enable");
      break;
  }
  const servers = await settledStatus(query);
  const listed = mcpStatusMarkdown(
    servers.map((s) => ({
      name: s.name,
      status: s.status,
      error: s.error,
      tools: (s as { tools?: unknown[] }).tools?.length,
    })),
  );
  signIn.start(servers);
  const needing = servers.filter((s) => s.status === "needs-auth").map((s) => s.name);
  const note = signInNote(needing, signIn.available ? signIn.waiting(servers) : []);
  return command.kind === "status"
    ? listed + note
    : `Done: ${command.kind} ${command.server}.\n\n${listed}${note}`;
}

/**
 * `/mcp auth <server>`: whatever the server's source, the client is shown its sign-in
 * link (URL elicitation), or given it as text to open (as Claude Code's own `/mcp`
 * prints the URL when it cannot open a browser). With the address the browser was sent
 * to after signing in, Claude Code finishes the sign-in with it (its callback listens
 * on its own machine: a browser elsewhere cannot reach it).
 */
async function signInOne(
  query: ClaudeQuery,
  { server: name, callbackUrl }: Extract<McpCommand, { kind: "auth" }>,
  signIn: McpSignIn,
): Promise<McpAuthOutcome> {
  const server = (await settledStatus(query)).find((s) => s.name === name);
  if (!server) return { kind: "unknown" };
  if (callbackUrl !== undefined) {
    try {
      await query.mcpSubmitCallback(name, callbackUrl);
    } catch (error) {
      return { kind: "callback-refused", reason: reasonOf(error) };
    }
    // Claude Code stores the token but leaves the server as it was (0.3.318); a server
    // that then fails shows so in `/mcp`.
    await query.reconnectMcpServer(name).catch(() => undefined);
    return { kind: "callback-taken" };
  }
  if (server.status !== "needs-auth") return { kind: "not-needed", status: server.status };
  return signIn.request(name) ? { kind: "shown" } : await signIn.link(name);
}

/** How long `/mcp` waits for servers that are still starting. */
const SETTLE_MS = 5_000;

/** The server status once no server is `pending`, or as it is after a short wait. */
async function settledStatus(
  query: ClaudeQuery,
): Promise<Awaited<ReturnType<ClaudeQuery["mcpServerStatus"]>>> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const servers = await query.mcpServerStatus();
    if (!servers.some((s) => s.status === "pending") || Date.now() > deadline) return servers;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Claude Code's reason for a refused control request (its error's message). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || "no reason given.";
}
