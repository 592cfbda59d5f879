import { readFile, stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { MAX_PATCH_TEXT_BYTES } from "../../translation/patches/git-patch.js";
import type { FileBeforeApproval } from "../../translation/tool-calls/facts.js";
import { log } from "../../util/log.js";

/** The tools whose approval can show a preview of the change. */
const FILE_TOOLS = new Set(["Edit", "MultiEdit", "Write"]);

/**
 * The target file of a file tool, read just before its approval for a client that takes a
 * preview (AIR `diffPatch`, air-extensions.md "Claude behavior"); undefined for any other
 * tool or a path that is not absolute. A file over 1 MiB is not read: no preview shows it.
 */
export async function readFileBeforeApproval(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
  toolUseId: string,
): Promise<FileBeforeApproval | undefined> {
  const path = input.file_path;
  if (!FILE_TOOLS.has(toolName) || typeof path !== "string" || !isAbsolute(path)) return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_PATCH_TEXT_BYTES) return { unreadable: true };
    return { bytes: await readFile(path) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { missing: true };
    log.warn("file not readable for the approval preview", { toolUseId, message: String(error) });
    return { unreadable: true };
  }
}
