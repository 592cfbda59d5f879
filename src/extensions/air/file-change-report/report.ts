import { isAbsolute, normalize, sep } from "node:path";
import { ownField } from "../../../util/plain-data.js";
import { airMeta } from "../air-meta.js";
import { AIR_VERSION, FILE_CHANGE_REPORT } from "../keys.js";

/** Why a turn has no file list ("Unavailable report"). */
export type FileChangeUnavailableReason =
  "cancelled" | "timeout" | "invalidOutput" | "providerError";

/** `_meta.jetbrains.air.agentFileChangeReport` (air-extensions.md "Report"). */
export type FileChangeReport =
  | {
      readonly version: 1;
      readonly requestId: string;
      readonly status: "reported";
      readonly paths: readonly string[];
      /** Always false: checkpoints miss Bash and most subagents ("Claude source"). */
      readonly declaredComplete: false;
      readonly truncated: boolean;
    }
  | {
      readonly version: 1;
      readonly requestId: string;
      readonly status: "unavailable";
      readonly reason: FileChangeUnavailableReason;
    };

/** "Report": the limits of one report. */
export const MAX_PATHS = 1024;
export const MAX_PATH_CHARACTERS = 4096;
export const MAX_REPORT_BYTES = 256 * 1024;

/** C0 controls, DEL and C1 controls: a path with one is dropped. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The files of an SDK dry-run rewind (`RewindFilesResult`): `filesChanged` when the
 * rewind could run and named its files as strings, else undefined ("invalidOutput": the
 * preview cannot rewind or has no file list).
 */
export function previewedFiles(preview: unknown): readonly string[] | undefined {
  if (ownField(preview, "canRewind") !== true) return undefined;
  const files = ownField(preview, "filesChanged");
  if (!Array.isArray(files) || !files.every((f): f is string => typeof f === "string")) {
    return undefined;
  }
  return files;
}

/**
 * Whether `path` is canonical in form (absolute, no dot segments, no trailing separator)
 * and strictly inside one of `roots`.
 */
function insideRoots(path: string, roots: readonly string[]): boolean {
  if (!isAbsolute(path) || normalize(path) !== path || path.endsWith(sep)) return false;
  if (roots.includes(path)) return false;
  return roots.some((root) => path.startsWith(root.endsWith(sep) ? root : root + sep));
}

/**
 * The `reported` report of `files` (canonical absolute paths: the caller resolves
 * links) for the session `roots` (the working directory and the additional directories,
 * canonical too). Drops paths outside the roots, the roots themselves, paths with
 * control characters and paths over 4,096 characters, then keeps at most 1,024 paths
 * and 256 KiB of serialized report; anything dropped sets `truncated`. A repeated path
 * counts once. The order is the SDK's (the spec promises none).
 */
export function reportedFileChanges(
  requestId: string,
  files: readonly string[],
  roots: readonly string[],
): FileChangeReport {
  const candidates = [...new Set(files)];
  const paths: string[] = [];
  // The report's size with no paths, counted with the longer `truncated: false`.
  let bytes = jsonBytes(reported(requestId, [], false));
  let truncated = false;
  for (const path of candidates) {
    const reportable =
      insideRoots(path, roots) && !CONTROL.test(path) && [...path].length <= MAX_PATH_CHARACTERS;
    const size = jsonBytes(path) + (paths.length > 0 ? 1 : 0);
    if (!reportable || paths.length === MAX_PATHS || bytes + size > MAX_REPORT_BYTES) {
      truncated = true;
      continue;
    }
    paths.push(path);
    bytes += size;
  }
  return reported(requestId, paths, truncated);
}

function reported(requestId: string, paths: string[], truncated: boolean): FileChangeReport {
  return {
    version: AIR_VERSION,
    requestId,
    status: "reported",
    paths,
    declaredComplete: false,
    truncated,
  };
}

/** The `unavailable` report of a turn without a file list ("Unavailable report"). */
export function unavailableFileChanges(
  requestId: string,
  reason: FileChangeUnavailableReason,
): FileChangeReport {
  return { version: AIR_VERSION, requestId, status: "unavailable", reason };
}

/** The `session_info_update` that carries `report`, under `_meta.jetbrains.air`. */
export function fileChangeReportUpdate(report: FileChangeReport): {
  sessionUpdate: "session_info_update";
  _meta: Record<string, unknown>;
} {
  return { sessionUpdate: "session_info_update", _meta: airMeta({ [FILE_CHANGE_REPORT]: report }) };
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}
