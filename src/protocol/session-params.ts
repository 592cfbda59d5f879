import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { invalidParams } from "./errors.js";

/** `cwd` must be an absolute path to an existing directory. */
export async function checkWorkingDirectory(cwd: string): Promise<void> {
  if (!isAbsolute(cwd)) throw invalidParams(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory())
    throw invalidParams(`cwd is not an existing directory: ${JSON.stringify(cwd)}`);
}

export function checkAdditionalDirectories(dirs: readonly string[] | undefined): string[] {
  for (const dir of dirs ?? []) {
    if (!isAbsolute(dir)) {
      throw invalidParams(`additionalDirectories must be absolute paths: ${JSON.stringify(dir)}`);
    }
  }
  return [...(dirs ?? [])];
}
