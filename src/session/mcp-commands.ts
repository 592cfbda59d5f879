import type { ClaudeQuery } from "../sdk/claude-query.js";
import { mcpStatusMarkdown, type McpCommand } from "../translation/mcp-command.js";

/**
 * Runs `/mcp` through the SDK control API (Claude Code refuses these in SDK mode) and
 * returns the markdown answer for the transcript.
 */
export async function runMcpCommand(query: ClaudeQuery, command: McpCommand): Promise<string> {
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
  return command.kind === "status"
    ? listed
    : `Done: ${command.kind} ${command.server}.\n\n${listed}`;
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
