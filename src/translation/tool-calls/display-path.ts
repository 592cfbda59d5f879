import { isAbsolute, relative, resolve, sep } from "node:path";

/**
 * How a tool title names a file for a client that is not AIR (spec "Compatibility rule":
 * upstream's values): a path inside the session's directory relative to it (`src/a.ts`),
 * any other path as Claude gave it. Without a directory (AIR: titles name the absolute
 * path), the path as given. Pure: a relative path or directory is never resolved against
 * this process's own directory.
 */
export function displayPath(path: string, cwd: string | undefined): string {
  if (cwd === undefined || !isAbsolute(cwd) || !isAbsolute(path)) return path;
  const dir = resolve(cwd);
  const file = resolve(path);
  return file === dir || file.startsWith(dir + sep) ? relative(dir, file) : path;
}
