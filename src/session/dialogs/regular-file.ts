import { statSync } from "node:fs";

/**
 * Whether `path` names a regular file now: the check of an ExitPlanMode's plan file for
 * an AIR `planFile` client ("Plan file": the path names a regular file, else the plan
 * text goes out). Synchronous because the translator asks while it renders a report; it
 * runs once per plan file path of an ExitPlanMode, only for such a client.
 */
export function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
