import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./acp-harness.js";
import type { Tree } from "./architecture-source.js";

/** What the architecture tests read: src/ without its tests, path below src/ → text. */
const SRC = join(REPO_ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

export function readSourceTree(): Tree {
  return new Map(sourceFiles(SRC).map((f) => [relative(SRC, f), readFileSync(f, "utf8")]));
}
