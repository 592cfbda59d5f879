import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import { claudeExecutable } from "./claude-binary.js";
import { clientEnv } from "./query-options.js";
import { claudeConfigDir } from "./transcript-paths.js";

/**
 * A fingerprint of everything Claude Code's start-up answer (its model list) is known to
 * depend on, so that a cached answer is only ever reused for the same setup:
 * - the Claude Code binary (path, size, modification time: an update is a new binary);
 * - the environment Claude Code gets (ours plus the client's `options.env`): every
 *   `ANTHROPIC_*` / `CLAUDE_*` variable (the model variables, the base URL, the provider
 *   switches, the config dir) and the cloud provider's region and profile; secrets
 *   (keys, tokens) count only as set or not, so no secret's hash is ever written down;
 * - the login: the modification time of the config dir's `.credentials.json` (a login,
 *   logout or plan change rewrites it);
 * - the merged user / project / local settings, without `permissions` (rewritten at
 *   every "always allow", and no input to the model list): `model`, `availableModels`,
 *   `env` and whatever else they hold;
 * - the client's other pass-through options (`model`, `settings`, an executable path…).
 * A change anywhere above gives another key: the cache misses once (the answer waits
 * for Claude Code, as without a cache) and is refreshed. Anything not covered here (a
 * server-side change of the offered models) is caught when Claude Code's real answer
 * arrives and differs (see session.ts).
 */
export interface StartKeyInput {
  readonly passThrough: Readonly<Record<string, unknown>>;
  /** The merged settings of the session's cwd, as resolved for the start plan. */
  readonly settings: unknown;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const KEY_FORMAT = 1;

/** Environment variables that may change what Claude Code offers. */
const RELEVANT_ENV =
  /^(ANTHROPIC_|CLAUDE_|AWS_REGION$|AWS_DEFAULT_REGION$|AWS_PROFILE$|CLOUD_ML_REGION$|VERTEX_REGION_|DISABLE_)/;
/** Variables whose value is a secret: only whether they are set goes into the key. */
const SECRET_ENV = /(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH_HEADER|CUSTOM_HEADERS)/;
/**
 * Set by the adapter for every query, or by the SDK in this process at its first query():
 * not a choice of the user's (the SDK's version is in the binary's stamp).
 */
const OWN_ENV = new Set([
  "CLAUDE_CODE_ENTRYPOINT",
  "CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS",
  "CLAUDE_AGENT_SDK_VERSION",
]);

export function startKey(input: StartKeyInput): string {
  const env = clientEnv(input.passThrough, input.env);
  const { env: _env, ...options } = input.passThrough;
  const executable =
    typeof options.pathToClaudeCodeExecutable === "string"
      ? options.pathToClaudeCodeExecutable
      : claudeExecutable(env);
  const configDir = claudeConfigDir(env);
  const settings =
    input.settings && typeof input.settings === "object" && !Array.isArray(input.settings)
      ? { ...(input.settings as Record<string, unknown>), permissions: undefined }
      : input.settings;
  const parts = {
    format: KEY_FORMAT,
    binary: executable ? fileStamp(executable) : null,
    env: relevantEnv(env),
    credentials: fileStamp(join(configDir, ".credentials.json")),
    settings,
    options,
  };
  return createHash("sha256").update(canonicalJson(parts)).digest("hex");
}

function relevantEnv(env: Readonly<Record<string, string | undefined>>): [string, string][] {
  return Object.entries(env)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .filter(([key]) => RELEVANT_ENV.test(key) && !OWN_ENV.has(key))
    .map(([key, value]): [string, string] => [key, SECRET_ENV.test(key) ? "<set>" : value])
    .sort(([a], [b]) => byKey(a, b));
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Size and modification time of a file, or null when there is none. */
function fileStamp(path: string): [string, number, number] | null {
  try {
    const stat = statSync(path);
    return [path, stat.size, stat.mtimeMs];
  } catch {
    return null;
  }
}

/** JSON with object keys sorted, so that the same settings always give the same key. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byKey(a, b)),
        )
      : v,
  );
}
