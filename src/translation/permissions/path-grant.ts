import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";

/** The path a filesystem tool works on, from its input; undefined when it names none. */
export function toolPath(toolName: string, input: Readonly<Record<string, unknown>>): unknown {
  switch (toolName) {
    case "Read":
    case "Edit":
    case "Write":
      return input.file_path;
    case "NotebookEdit":
      return input.notebook_path;
    case "Glob":
    case "Grep":
      return input.path;
    default:
      return undefined;
  }
}

/**
 * Whether a session-scoped filesystem grant covers `path` (S000 "Choices per tool": a
 * grant is offered only when it covers the current path, so "don't ask again" is true
 * of the very request it answers). A mode change covers every path; a directory covers
 * what is inside it; a rule covers its whole tool, its exact path, or what its `/**`
 * pattern names, also a project-relative one such as `/.claude/**` (Claude Code's
 * grant for its own folder).
 */
export function grantCoversPath(updates: readonly PermissionUpdate[], path: unknown): boolean {
  return updates.length > 0 && updates.every((update) => covers(update, path));
}

function covers(update: PermissionUpdate, path: unknown): boolean {
  switch (update.type) {
    case "setMode":
      return true;
    case "addDirectories":
      return isAbsolute(path) && update.directories.some((dir) => inside(path, dir));
    case "addRules":
      return (
        update.behavior === "allow" &&
        update.rules.every(
          (rule) =>
            rule.ruleContent === undefined ||
            (isAbsolute(path) && ruleCovers(rule.ruleContent, path)),
        )
      );
    default:
      return false;
  }
}

function ruleCovers(content: string, path: string): boolean {
  const pattern = /^(.*?)\/\*\*$/.exec(content);
  const base = pattern ? pattern[1]! : content;
  if (/[*?[\]{}]/.test(base)) return false; // a pattern this check cannot read
  if (base.startsWith("//")) {
    const absolute = base.slice(1);
    return pattern ? inside(path, absolute) : path === absolute;
  }
  if (base.startsWith("/")) {
    // Relative to the settings' project root, which the request does not name: a
    // folder of that name anywhere on the path.
    return pattern ? path.includes(`${base}/`) : path.endsWith(base);
  }
  return false;
}

function inside(path: string, dir: string): boolean {
  const folder = dir.endsWith("/") ? dir.slice(0, -1) : dir;
  return path === folder || path.startsWith(`${folder}/`);
}

function isAbsolute(path: unknown): path is string {
  return typeof path === "string" && path.startsWith("/");
}
