/**
 * The MCP tool calls running now that the client was shown on the root session, so an
 * MCP server's elicitation can name the call it was made during (ACP `toolCallId`,
 * features 1i). Claude Code's elicitation request names only the server, so the call is
 * the latest running one of that server: the model calls a server's tools one after
 * another unless it runs them in parallel, where the latest is the best guess.
 */
export class OpenMcpCalls {
  /** Running calls, oldest first: tool use id → tool name. */
  private readonly open = new Map<string, string>();

  constructor(
    /** Whether a call under `parent` is a tool call on the root session (flat transcript). */
    private readonly onRoot: (parent: string | null) => boolean,
  ) {}

  /** A complete tool use (hot on a replay: a prefix check, no allocation for others). */
  started(id: string, name: string, parent: string | null): void {
    if (name.startsWith("mcp__") && this.onRoot(parent)) this.open.set(id, name);
  }

  /** A tool's result: its call no longer runs. */
  ended(toolUseId: string): void {
    this.open.delete(toolUseId);
  }

  /** The turn ended: no call of it still runs. */
  clear(): void {
    this.open.clear();
  }

  /** The latest running call of the MCP server named `server`, if one runs. */
  of(server: string): string | undefined {
    const prefix = `mcp__${mcpToolPrefix(server)}__`;
    let latest: string | undefined;
    for (const [id, name] of this.open) if (name.startsWith(prefix)) latest = id;
    return latest;
  }
}

/** A server's name as Claude Code writes it in its tools' names (`mcp__<name>__<tool>`). */
function mcpToolPrefix(server: string): string {
  return server.replace(/[^a-zA-Z0-9_-]/g, "_");
}
