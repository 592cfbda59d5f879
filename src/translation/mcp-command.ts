/** `/mcp` as the adapter runs it: Claude Code refuses these in SDK mode (0.3.318). */
export type McpCommand =
  | { readonly kind: "status" }
  | { readonly kind: "reconnect" | "enable" | "disable"; readonly server: string }
  | { readonly kind: "usage"; readonly reason: string };

/** Reads a prompt as an `/mcp` command, or undefined when it is not one. */
export function parseMcpCommand(text: string): McpCommand | undefined {
  const match = /^\/mcp(?:\s+(.*))?$/s.exec(text.trim());
  if (!match) return undefined;
  const args = (match[1] ?? "").trim().split(/\s+/).filter(Boolean);
  if (args.length === 0) return { kind: "status" };
  const [action, server, ...rest] = args;
  if (
    (action === "reconnect" || action === "enable" || action === "disable") &&
    server &&
    rest.length === 0
  ) {
    return { kind: action, server };
  }
  return { kind: "usage", reason: `Unknown /mcp command: ${args.join(" ")}` };
}

export interface McpServerLine {
  readonly name: string;
  readonly status: string;
  readonly error?: string | undefined;
  readonly tools?: number | undefined;
}

const STATUS_ICON: Record<string, string> = {
  connected: "✔",
  failed: "✘",
  "needs-auth": "⚠",
  pending: "…",
  disabled: "○",
};

/** The MCP server status as a markdown list. */
export function mcpStatusMarkdown(servers: readonly McpServerLine[]): string {
  if (servers.length === 0) return "No MCP servers are configured.";
  const lines = servers.map((s) => {
    const icon = STATUS_ICON[s.status] ?? "·";
    const tools = s.tools !== undefined ? ` · ${s.tools} tool${s.tools === 1 ? "" : "s"}` : "";
    const error = s.error ? ` — ${s.error}` : "";
    return `- ${icon} **${s.name}**: ${s.status}${tools}${error}`;
  });
  return `**MCP servers**\n\n${lines.join("\n")}\n\nUse \`/mcp reconnect <server>\`, \`/mcp enable <server>\` or \`/mcp disable <server>\`.`;
}

/**
 * What `/mcp` adds for the client's servers that wait for a sign-in (features 1h): a
 * client with URL elicitation is shown the sign-in link; another one cannot be.
 */
export function signInNote(names: readonly string[], canShowLink: boolean): string {
  if (names.length === 0) return "";
  const listed = names.map((name) => `**${name}**`).join(", ");
  return canShowLink
    ? `\n\nSign-in needed for ${listed}: follow the sign-in link your client shows.`
    : `\n\nSign-in needed for ${listed}: this client cannot open a sign-in link (it declares no URL elicitation), so the server stays unavailable.`;
}

/** The start notice of a client's server that waits for a sign-in the client cannot show. */
export function signInNotice(name: string): { title: string; description: string } {
  return {
    title: "MCP server needs sign-in",
    description: `MCP server "${name}" needs a sign-in, and this client cannot open a sign-in link (it declares no URL elicitation): its tools are unavailable.`,
  };
}
