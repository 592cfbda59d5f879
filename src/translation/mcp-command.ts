/** What `/mcp <verb> <server>` does to a server; `auth` signs it in (features 1h). */
export type McpVerb = "reconnect" | "enable" | "disable" | "auth";
const VERBS: ReadonlySet<string> = new Set<McpVerb>(["reconnect", "enable", "disable", "auth"]);

/** The usage line of `/mcp`. */
export const MCP_USAGE =
  "Usage: `/mcp`, `/mcp reconnect <server>`, `/mcp enable <server>`, `/mcp disable <server>`, `/mcp auth <server> [<callback address>]`.";

/** `/mcp` as the adapter runs it: Claude Code refuses these in SDK mode (0.3.318). */
export type McpCommand =
  | { readonly kind: "status" }
  | { readonly kind: Exclude<McpVerb, "auth">; readonly server: string }
  /** `callbackUrl`: the address the browser was sent to after signing in, pasted. */
  | { readonly kind: "auth"; readonly server: string; readonly callbackUrl?: string }
  | { readonly kind: "usage"; readonly reason: string };

/** Reads a prompt as an `/mcp` command, or undefined when it is not one. */
export function parseMcpCommand(text: string): McpCommand | undefined {
  const match = /^\/mcp(?:\s+(.*))?$/s.exec(text.trim());
  if (!match) return undefined;
  const args = (match[1] ?? "").trim().split(/\s+/).filter(Boolean);
  if (args.length === 0) return { kind: "status" };
  const [action, server, ...rest] = args;
  if (action && VERBS.has(action) && server && rest.length === 0) {
    return { kind: action as McpVerb, server };
  }
  if (action === "auth" && server && rest.length === 1) {
    return { kind: "auth", server, callbackUrl: rest[0]! };
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
  return `**MCP servers**\n\n${lines.join("\n")}\n\nUse \`/mcp reconnect <server>\`, \`/mcp enable <server>\`, \`/mcp disable <server>\` or \`/mcp auth <server>\`.`;
}

/**
 * What `/mcp` adds for the servers that wait for a sign-in (features 1h): those whose
 * sign-in link the client is being shown (`shown`: the client's own servers, for a
 * client with URL elicitation), and how to sign in the others (`/mcp auth`).
 */
export function signInNote(names: readonly string[], shown: readonly string[]): string {
  const listed = (list: readonly string[]) => list.map((name) => `**${name}**`).join(", ");
  const others = names.filter((name) => !shown.includes(name));
  const lines = [
    ...(shown.length > 0
      ? [`Sign-in needed for ${listed(shown)}: follow the sign-in link your client shows.`]
      : []),
    ...(others.length > 0
      ? [`Sign-in needed for ${listed(others)}: run \`/mcp auth <server>\` to sign in.`]
      : []),
  ];
  return lines.map((line) => `\n\n${line}`).join("");
}

/** The start notice of a client's server that waits for a sign-in the client cannot show. */
export function signInNotice(name: string): { title: string; description: string } {
  return {
    title: "MCP server needs sign-in",
    description: `MCP server "${name}" needs a sign-in, and this client cannot open a sign-in link (it declares no URL elicitation): run \`/mcp auth ${name}\` for the link to open yourself.`,
  };
}

/** How `/mcp auth <server>` went. */
export type McpAuthOutcome =
  | { readonly kind: "unknown" }
  | { readonly kind: "not-needed"; readonly status: string }
  /** The client is shown the sign-in link (URL elicitation). */
  | { readonly kind: "shown" }
  /** The client cannot show a link: the user opens it. */
  | { readonly kind: "link"; readonly url: string }
  | { readonly kind: "signed-in" }
  | { readonly kind: "no-link" }
  /** The pasted callback address: Claude Code finished the sign-in with it, or says why not. */
  | { readonly kind: "callback-taken" }
  | { readonly kind: "callback-refused"; readonly reason: string };

/** The answer to `/mcp auth <server>`: one clear line (and the link to open), never an error. */
export function authAnswer(server: string, outcome: McpAuthOutcome): string {
  const name = `**${server}**`;
  switch (outcome.kind) {
    case "unknown":
      return `There is no MCP server named ${name}: \`/mcp\` lists them.`;
    case "not-needed":
      return `${name} does not need a sign-in (it is ${outcome.status}).`;
    case "shown":
      return `Signing in to ${name}: follow the sign-in link your client shows.`;
    case "link":
      return `To sign in to ${name}, open this link in your browser:\n\n${outcome.url}\n\nThe server connects once you have signed in (\`/mcp\` shows it). If the page your browser is sent to then does not load (Claude Code waits for it on its own machine), run \`/mcp auth ${server} <address>\` with the address from the browser's address bar.`;
    case "signed-in":
      return `${name} is signed in.`;
    case "no-link":
      return `Claude Code gave no sign-in link for ${name}.`;
    case "callback-taken":
      return `Signed in to ${name}: the server connects in a moment (\`/mcp\` shows it).`;
    case "callback-refused":
      return `Claude Code did not take that address for ${name}: ${outcome.reason}`;
  }
}
