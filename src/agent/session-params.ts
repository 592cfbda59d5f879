import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { invalidInput } from "../util/adapter-error.js";
import { ownField, toPlainData } from "../util/plain-data.js";
import type { ClientProfile } from "../profile/client-profile.js";
import {
  checkSystemPrompt,
  claudeSystemPrompt,
  type ClaudeSystemPrompt,
} from "../translation/system-prompt.js";

/** `cwd` must be an absolute path to an existing directory. */
export async function checkWorkingDirectory(cwd: string): Promise<void> {
  if (!isAbsolute(cwd)) throw invalidInput(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory())
    throw invalidInput(`cwd is not an existing directory: ${JSON.stringify(cwd)}`);
}

/**
 * The session's additional directories: the ACP field, else the legacy
 * `_meta.additionalRoots` some clients still send (features 1b); each an absolute path.
 * (`_meta.claudeCode.options.additionalDirectories` joins them when the query starts.)
 */
export function checkAdditionalDirectories(params: {
  readonly additionalDirectories?: readonly string[] | null;
  readonly _meta?: Readonly<Record<string, unknown>> | null;
}): string[] {
  const legacy = params._meta?.[LEGACY_ROOTS];
  const field = params.additionalDirectories ? "additionalDirectories" : LEGACY_ROOTS;
  const dirs: unknown = params.additionalDirectories ?? legacy ?? [];
  if (!Array.isArray(dirs)) throw invalidInput(`${field} must be an array of absolute paths`);
  for (const dir of dirs) {
    if (typeof dir !== "string" || !isAbsolute(dir)) {
      throw invalidInput(`${field} must be absolute paths: ${JSON.stringify(dir)}`);
    }
  }
  return [...(dirs as string[])];
}

/** The legacy `_meta` key of a session's additional directories. */
const LEGACY_ROOTS = "additionalRoots";

/** `_meta.claudeCode.emitRawSDKMessages: true`: the client taps the raw SDK messages. */
export function wantsRawSdkMessages(meta: unknown): boolean {
  const claudeCode = ownField(toPlainData(meta), "claudeCode");
  return ownField(claudeCode, "emitRawSDKMessages") === true;
}

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The text a session lifecycle request (new, load, resume, fork) carries in its
     * `_meta` for after the session's system prompt (AIR's `customInstructions`), or
     * undefined when it carries none.
     */
    readonly sessionInstructions?: (meta: unknown) => string | undefined;
  }
}

/**
 * The system prompt a session's Claude Code starts with (features 1b): the request's
 * `systemPrompt`, else the legacy `_meta.systemPrompt`, with the instructions a
 * negotiated extension reads from the request after it (`sessionInstructions`). Throws `invalidInput` for a `systemPrompt`
 * the adapter cannot apply; call it before the request changes anything.
 */
export function sessionSystemPrompt(
  params: { readonly systemPrompt?: unknown; readonly _meta?: unknown },
  profile: ClientProfile,
): ClaudeSystemPrompt | undefined {
  return claudeSystemPrompt({
    field: params.systemPrompt,
    legacy: ownField(toPlainData(params._meta), LEGACY_SYSTEM_PROMPT),
    customInstructions: profile.hooks.sessionInstructions?.(params._meta),
  });
}

/** The legacy `_meta` key of a client's system prompt. */
const LEGACY_SYSTEM_PROMPT = "systemPrompt";

/**
 * What every session lifecycle request checks before it changes anything: its cwd, and
 * a `systemPrompt` the adapter can apply (the RFD: an error, and no session, otherwise).
 */
export async function checkSessionParams(params: {
  readonly cwd: string;
  readonly systemPrompt?: unknown;
}): Promise<void> {
  checkSystemPrompt(params.systemPrompt);
  await checkWorkingDirectory(params.cwd);
}
