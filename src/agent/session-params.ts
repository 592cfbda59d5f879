import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { invalidInput } from "../util/adapter-error.js";

/** `cwd` must be an absolute path to an existing directory. */
export async function checkWorkingDirectory(cwd: string): Promise<void> {
  if (!isAbsolute(cwd)) throw invalidInput(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory())
    throw invalidInput(`cwd is not an existing directory: ${JSON.stringify(cwd)}`);
}

export function checkAdditionalDirectories(dirs: readonly string[] | undefined): string[] {
  for (const dir of dirs ?? []) {
    if (!isAbsolute(dir)) {
      throw invalidInput(`additionalDirectories must be absolute paths: ${JSON.stringify(dir)}`);
    }
  }
  return [...(dirs ?? [])];
}
