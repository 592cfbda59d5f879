import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";

/**
 * Validation and snapshot of the SDK's `suggestions` (S000 "Durable SDK suggestions").
 * Only a recognized, bounded, cloneable update can become a durable choice; the snapshot
 * is what a late answer applies, so the label and the effect cannot drift apart.
 */
const MAX_UPDATES = 16;
const MAX_ITEMS = 32;
const text = (max: number) => z.string().min(1).max(max);

const destination = z.enum([
  "userSettings",
  "projectSettings",
  "localSettings",
  "session",
  "cliArg",
]);
const rule = z.object({ toolName: text(256), ruleContent: text(4096).optional() }).strict();
const rules = z.object({
  type: z.enum(["addRules", "replaceRules", "removeRules"]),
  rules: z.array(rule).min(1).max(MAX_ITEMS),
  behavior: z.enum(["allow", "deny", "ask"]),
  destination,
});
const setMode = z.object({
  type: z.literal("setMode"),
  mode: z.enum(["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"]),
  destination,
});
const directories = z.object({
  type: z.enum(["addDirectories", "removeDirectories"]),
  directories: z.array(text(4096)).min(1).max(MAX_ITEMS),
  destination,
});
const update = z.union([rules, setMode, directories]);

/** The valid updates of `suggestions`, deep-cloned; invalid ones are left out. */
export function snapshotSuggestions(suggestions: unknown): PermissionUpdate[] {
  if (!Array.isArray(suggestions) || suggestions.length > MAX_UPDATES) return [];
  const valid: PermissionUpdate[] = [];
  for (const candidate of suggestions) {
    let clone: unknown;
    try {
      clone = structuredClone(candidate);
    } catch {
      continue;
    }
    const parsed = update.safeParse(clone);
    if (parsed.success) valid.push(parsed.data as PermissionUpdate);
  }
  return valid;
}
