import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";

/**
 * Words for the durable effect of a bundle of permission updates, or undefined when
 * any part cannot be described honestly: then no durable choice is offered at all
 * (S000 "Durable SDK suggestions": never label one part and apply the rest silently).
 */
export function describeUpdates(updates: readonly PermissionUpdate[]): string | undefined {
  if (updates.length === 0) return undefined;
  const parts: string[] = [];
  for (const update of updates) {
    const part = describeUpdate(update);
    if (!part) return undefined;
    parts.push(part);
  }
  return `Yes, ${parts.join(", and ")}`;
}

const MODE_WORDS: Record<string, string | undefined> = {
  acceptEdits: "allow all edits",
  default: "ask before each action",
  plan: "switch to plan mode",
  auto: "switch to auto mode",
  bypassPermissions: "bypass all permission checks",
};

function scope(destination: PermissionUpdate["destination"]): string {
  switch (destination) {
    case "session":
      return " this session";
    case "localSettings":
    case "projectSettings":
      return " in this project";
    case "userSettings":
      return " in every project";
    default:
      return "";
  }
}

function describeUpdate(update: PermissionUpdate): string | undefined {
  switch (update.type) {
    case "addRules": {
      if (update.behavior !== "allow") return undefined;
      const subjects = update.rules.map((rule) => ruleSubject(rule.toolName, rule.ruleContent));
      if (subjects.some((s) => s === undefined)) return undefined;
      return `and don't ask again for ${subjects.join(" or ")}${scope(update.destination)}`;
    }
    case "setMode": {
      const words = MODE_WORDS[update.mode];
      return words ? `${words}${scope(update.destination)}` : undefined;
    }
    case "addDirectories":
      return `allow access to ${update.directories.join(", ")}${scope(update.destination)}`;
    default:
      return undefined;
  }
}

/** What one allow rule covers, in words ("`npm test` commands", "edits in src/"). */
export function ruleSubject(toolName: string, content: string | undefined): string | undefined {
  if (/^mcp__/.test(toolName)) {
    if (content) return undefined;
    const [, server, ...tool] = toolName.split("__");
    return tool.length ? `${tool.join("__")} from ${server}` : `the ${server} tools`;
  }
  if (content === undefined) return toolName;
  switch (toolName) {
    case "Bash":
    case "PowerShell": {
      const prefix = /^(.*):\*$/s.exec(content);
      return prefix ? `\`${prefix[1]}\` commands` : `\`${content}\``;
    }
    case "Read":
      return `reading ${content}`;
    case "Edit":
    case "Write":
      return `edits to ${content}`;
    case "WebFetch": {
      const domain = /^domain:(.+)$/.exec(content);
      return domain ? `fetches from ${domain[1]}` : undefined;
    }
    case "SandboxNetworkAccess": {
      const domain = /^domain:(.+)$/.exec(content);
      return domain ? `connections to ${domain[1]}` : undefined;
    }
    case "Skill": {
      const prefix = /^(.*):\*$/.exec(content);
      return prefix ? `the ${prefix[1]} skill with any arguments` : `the ${content} skill`;
    }
    default:
      return undefined;
  }
}
