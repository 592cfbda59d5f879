import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The Claude Code executable: `CLAUDE_CODE_EXECUTABLE`, else the one the SDK's platform
 * package ships (`@anthropic-ai/claude-agent-sdk-<platform>-<arch>[-musl]/claude`).
 */
export function claudeExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CLAUDE_CODE_EXECUTABLE) return env.CLAUDE_CODE_EXECUTABLE;
  if (shipped === null) shipped = findShippedExecutable();
  return shipped;
}

/** The platform package's binary, looked up once: it does not move while we run. */
let shipped: string | undefined | null = null;

function findShippedExecutable(): string | undefined {
  const require = createRequire(import.meta.url);
  const name = process.platform === "win32" ? "claude.exe" : "claude";
  for (const suffix of ["", "-musl"]) {
    try {
      const pkg = require.resolve(
        `@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}${suffix}/package.json`,
      );
      const path = join(dirname(pkg), name);
      if (existsSync(path)) return path;
    } catch {
      // not installed for this libc
    }
  }
  return undefined;
}
