import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";

/**
 * Words for the durable effect of a bundle of permission updates, or undefined when
 * any part cannot be described honestly: then no durable choice is offered at all
 * (S000 "Durable SDK suggestions": never label one part and apply the rest silently).
 *
 * The label is exact and short: the effects are grouped by where they apply, and what
 * is allowed shares one "allow" ("Yes, always allow `touch` commands in this project,
 * and allow access to /w/lib and all edits during this session").
 */
export function describeUpdates(updates: readonly PermissionUpdate[]): string | undefined {
  if (updates.length === 0) return undefined;
  const groups = new Map<string, { allows: string[]; others: string[]; always: boolean }>();
  for (const update of updates) {
    const effect = describeUpdate(update);
    if (!effect) return undefined;
    const where = scope(update.destination);
    const group = groups.get(where) ?? { allows: [], others: [], always: false };
    groups.set(where, group);
    if (effect.allow) group.allows.push(effect.allow);
    if (effect.other) group.others.push(effect.other);
    group.always ||= effect.always;
  }
  const parts = [...groups].map(([where, group]) => {
    const allow = group.allows.length
      ? [
          `${group.always && where !== SESSION ? "always allow" : "allow"} ${group.allows.join(" and ")}`,
        ]
      : [];
    return `${[...allow, ...group.others].join(" and ")}${where}`;
  });
  return `Yes, ${parts.join(", and ")}`;
}

/** One update in words: what it allows (a noun phrase), or another effect. */
interface Effect {
  readonly allow?: string;
  readonly other?: string;
  /** A rule that stays: "always allow". */
  readonly always: boolean;
}

const MODE_WORDS: Record<string, Omit<Effect, "always"> | undefined> = {
  acceptEdits: { allow: "all edits" },
  default: { other: "ask before each action" },
  plan: { other: "switch to plan mode" },
  auto: { other: "switch to auto mode" },
  bypassPermissions: { other: "bypass all permission checks" },
};

// "during this session", as upstream words its one session-wide choice (all edits).
const SESSION = " during this session";

function scope(destination: PermissionUpdate["destination"]): string {
  switch (destination) {
    case "session":
      return SESSION;
    case "localSettings":
    case "projectSettings":
      return " in this project";
    case "userSettings":
      return " in every project";
    default:
      return "";
  }
}

function describeUpdate(update: PermissionUpdate): Effect | undefined {
  switch (update.type) {
    case "addRules": {
      if (update.behavior !== "allow") return undefined;
      const subjects = update.rules.map((rule) => ruleSubject(rule.toolName, rule.ruleContent));
      if (subjects.some((s) => s === undefined)) return undefined;
      return { allow: subjects.join(" and "), always: true };
    }
    case "setMode": {
      const words = MODE_WORDS[update.mode];
      return words ? { ...words, always: false } : undefined;
    }
    case "addDirectories":
      return { allow: `access to ${update.directories.join(", ")}`, always: false };
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
