import {
  filterEscalatingDefaultMode,
  resolveSettings,
  type PermissionMode,
} from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";

/** What the user's Claude Code settings say about a new session's start. */
export interface StartSettings {
  /** `permissions.defaultMode` after Claude Code's trust filter (`manual` read as `default`). */
  readonly defaultMode: PermissionMode | undefined;
  readonly bypassDisabled: boolean;
  readonly autoDisabled: boolean;
  /** The model the settings name, if any. */
  readonly model: string | undefined;
  /** The effort level the settings name (`effortLevel`), if any. */
  readonly effortLevel?: string;
  /** The merged settings (for the start key: Claude Code's model list depends on them). */
  readonly merged: unknown;
}

const MODES: ReadonlySet<string> = new Set([
  "default",
  "acceptEdits",
  "bypassPermissions",
  "plan",
  "dontAsk",
  "auto",
]);

/** A Claude permission mode id (0.3.318's `PermissionMode`). */
export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === "string" && MODES.has(value);
}

/**
 * Reads the user, project and local settings of `cwd` the way Claude Code merges them
 * (the SDK's own engine, no process started). A settings file that cannot be read
 * leaves Claude Code's defaults.
 */
export async function readStartSettings(cwd: string): Promise<StartSettings> {
  try {
    const resolved = await resolveSettings({ cwd, settingSources: ["user", "project", "local"] });
    const effective = filterEscalatingDefaultMode(resolved);
    const permissions = (effective.permissions ?? {}) as Record<string, unknown>;
    const raw = permissions.defaultMode === "manual" ? "default" : permissions.defaultMode;
    return {
      defaultMode: isPermissionMode(raw) ? raw : undefined,
      bypassDisabled: permissions.disableBypassPermissionsMode === "disable",
      autoDisabled:
        (effective as Record<string, unknown>).disableAutoMode === "disable" ||
        permissions.disableAutoMode === "disable",
      model: typeof effective.model === "string" ? effective.model : undefined,
      ...(typeof effective.effortLevel === "string" ? { effortLevel: effective.effortLevel } : {}),
      merged: resolved.effective,
    };
  } catch (error) {
    log.warn("could not read Claude Code settings", { message: String(error) });
    return {
      defaultMode: undefined,
      bypassDisabled: false,
      autoDisabled: false,
      model: undefined,
      merged: undefined,
    };
  }
}

/**
 * Claude Code refuses bypassPermissions as root unless IS_SANDBOX is exactly "1"
 * (0.3.318; these machines export IS_SANDBOX=yes, which it does not accept).
 */
export function rootRefusesBypass(env: Record<string, string | undefined>): boolean {
  return process.getuid?.() === 0 && env.IS_SANDBOX !== "1";
}

/** The Claude Code settings that bear on idle compaction (merged user, project, local). */
export interface CompactionSettings {
  /** `idleCompaction: false` turns idle compaction off (Claude Code's default: on). */
  readonly idleCompaction?: boolean;
  /** `autoCompactEnabled: false` turns every automatic compaction off. */
  readonly autoCompactEnabled?: boolean;
  /** The settings' `env` block: Claude Code applies it over its launch environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The settings of `cwd` that bear on idle compaction (`session/taps/idle-compaction.ts`):
 * `idleCompaction`, `autoCompactEnabled` and the `env` block's strings, merged the way
 * Claude Code merges them. Settings that cannot be read say nothing.
 */
export async function readCompactionSettings(cwd: string): Promise<CompactionSettings> {
  try {
    const resolved = await resolveSettings({ cwd, settingSources: ["user", "project", "local"] });
    const effective = resolved.effective as Record<string, unknown>;
    const env: Record<string, string> = {};
    const block = effective.env;
    if (block !== null && typeof block === "object") {
      for (const [name, value] of Object.entries(block)) {
        if (typeof value === "string") env[name] = value;
      }
    }
    return {
      ...(typeof effective.idleCompaction === "boolean"
        ? { idleCompaction: effective.idleCompaction }
        : {}),
      ...(typeof effective.autoCompactEnabled === "boolean"
        ? { autoCompactEnabled: effective.autoCompactEnabled }
        : {}),
      env,
    };
  } catch (error) {
    log.warn("could not read Claude Code settings", { message: String(error) });
    return {};
  }
}
