import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * What a login or logout in a terminal changes on disk, as one string: the size and
 * modification time of each file Claude Code keeps its login in or reads a key from —
 * the stored credentials, its global config (the account), the user settings
 * (`apiKeyHelper`, `env`) and the project's under `cwd`. Two equal readings mean no
 * login changed between them; undefined where that cannot be told from files (macOS
 * keeps the login in the keychain).
 */
export function loginFilesSignature(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string | undefined {
  if (process.platform === "darwin") return undefined;
  const home = env.HOME ?? homedir();
  const configDir = env.CLAUDE_CONFIG_DIR ?? join(home, ".claude");
  const files = [
    join(configDir, ".credentials.json"),
    join(configDir, "settings.json"),
    env.CLAUDE_CONFIG_DIR ? join(configDir, ".claude.json") : join(home, ".claude.json"),
    join(cwd, ".claude", "settings.json"),
    join(cwd, ".claude", "settings.local.json"),
  ];
  return files.map(fileStamp).join("|");
}

function fileStamp(path: string): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : "-";
}
