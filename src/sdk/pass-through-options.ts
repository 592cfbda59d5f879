import { z } from "zod";
import { ownField, toPlainData } from "../util/plain-data.js";

const strings = z.array(z.string());
const object = z.record(z.string(), z.unknown());
const text = z.string().optional();
const flag = z.boolean().optional();

/**
 * The types of the Claude Agent SDK options (0.3.318 `Options`) a client may set in
 * `_meta.claudeCode.options`. Only the outer shape is checked here: Claude Code checks
 * the rest. Keys not listed pass unchecked; callbacks cannot come over JSON anyway.
 */
const passThroughSchema = z.looseObject({
  additionalDirectories: strings.optional(),
  allowedTools: strings.optional(),
  disallowedTools: strings.optional(),
  betas: strings.optional(),
  executableArgs: strings.optional(),
  supportedDialogKinds: strings.optional(),
  settingSources: z.array(z.enum(["user", "project", "local"])).optional(),
  env: z.record(z.string(), z.string()).optional(),
  extraArgs: z.record(z.string(), z.string().nullable()).optional(),
  toolAliases: z.record(z.string(), z.string()).optional(),
  mcpServers: z.record(z.string(), object).optional(),
  agents: z.record(z.string(), object).optional(),
  hooks: object.optional(),
  thinking: object.optional(),
  sandbox: object.optional(),
  outputFormat: object.optional(),
  toolConfig: object.optional(),
  taskBudget: object.optional(),
  managedSettings: object.optional(),
  plugins: z.array(object).optional(),
  tools: z.union([strings, object]).optional(),
  skills: z.union([strings, z.literal("all")]).optional(),
  settings: z.union([z.string(), object]).optional(),
  systemPrompt: z.union([z.string(), strings, object]).optional(),
  model: text,
  fallbackModel: text,
  agent: text,
  cwd: text,
  effort: text,
  permissionMode: text,
  pathToClaudeCodeExecutable: text,
  executable: text,
  planModeInstructions: text,
  permissionPromptToolName: text,
  resumeSessionAt: text,
  title: text,
  debugFile: text,
  projectConfigRoot: text,
  maxTurns: z.number().int().positive().optional(),
  maxThinkingTokens: z.number().int().nonnegative().optional(),
  maxBudgetUsd: z.number().nonnegative().optional(),
  loadTimeoutMs: z.number().nonnegative().optional(),
  continue: flag,
  forkSession: flag,
  includePartialMessages: flag,
  includeHookEvents: flag,
  forwardSubagentText: flag,
  verbatimPrompts: flag,
  persistSession: flag,
  strictMcpConfig: flag,
  allowDangerouslySkipPermissions: flag,
  enableFileCheckpointing: flag,
  promptSuggestions: flag,
  agentProgressSummaries: flag,
  perTaskStopAffordance: flag,
  debug: flag,
});

/**
 * Reads `_meta.claudeCode.options` (the upstream convention clients rely on) as plain
 * data. Anything that is not an object is ignored: a malformed `_meta` enables nothing.
 * An object with a known option of the wrong type (`allowedTools: "Bash"`) throws a
 * ZodError whose path starts at `_meta` (→ `invalidParams`).
 */
export function readPassThroughOptions(meta: unknown): Record<string, unknown> {
  const plain = toPlainData(meta);
  // The legacy `_meta.disableBuiltInTools: true` is `tools: []` (features 1b), unless the
  // client names the tools itself.
  const noBuiltIns = ownField(plain, "disableBuiltInTools") === true ? { tools: [] } : {};
  const raw = ownField(ownField(plain, "claudeCode"), "options");
  if (!object.safeParse(raw).success) return { ...noBuiltIns };
  const parsed = passThroughSchema.safeParse(raw);
  if (parsed.success) return { ...noBuiltIns, ...parsed.data };
  // The paths name the field as the client wrote it, from the request's `_meta` on.
  for (const issue of parsed.error.issues) {
    (issue as { path: PropertyKey[] }).path = ["_meta", "claudeCode", "options", ...issue.path];
  }
  throw parsed.error;
}
