import type { ClaudeQuery } from "../sdk/claude-query.js";
import { mcpStatusMarkdown, signInNote, type McpCommand } from "../translation/mcp-command.js";
import type { McpSignIn } from "./mcp-sign-in.js";

/**
 * Runs `/mcp` through the SDK control API (Claude Code refuses these in SDK mode) and
 * returns the markdown answer for the transcript. A client's server that then waits
 * for a sign-in is signed in (`McpSignIn`), or the answer says why it cannot be.
 */
export async function runMcpCommand(
  query: ClaudeQuery,
  command: McpCommand,
  signIn: McpSignIn,
): Promise<string> {
  switch (command.kind) {
    case "usage":
      return `${command.reason}\n\nUsage: \`/mcp\`, \`/mcp reconnect <server>\`, \`/mcp enable <server>\`, \`/mcp disable <server>\`.`;
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
  const note = signInNote(signIn.waiting(servers), signIn.available);
  return command.kind === "status"
    ? listed + note
    : `Done: ${command.kind} ${command.server}.\n\n${listed}${note}`;
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
