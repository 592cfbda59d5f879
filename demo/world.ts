import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADAPTER_BIN, scenarioEnv, waitForExit } from "../test/support/acp-harness.js";
import {
  startModelServer,
  type ModelServer,
  type ScriptedTurn,
} from "../test/support/model-server.js";
import { killAll, processesWithEnv, waitForNoProcesses } from "../test/support/processes.js";

/**
 * Everything the demo runs on, all local and temporary: a workspace, a Claude config
 * dir (its `settings.json` makes Claude Code ask before editing), the scripted model
 * server and the real adapter process. `close()` leaves no process and no directory.
 */
export interface World {
  readonly workspace: string;
  readonly model: ModelServer;
  readonly adapter: ChildProcess;
  /** What the adapter wrote to stderr so far (its logs). */
  stderr(): string;
  /** Ends the adapter gracefully, then kills whatever is left; returns the leftovers. */
  close(): Promise<number[]>;
  /** Last resort (watchdog, Ctrl-C): kill everything and remove the temp dir, synchronously. */
  killNow(): void;
}

export async function startWorld(
  files: Record<string, string>,
  script: (workspace: string) => ScriptedTurn[],
): Promise<World> {
  if (!existsSync(ADAPTER_BIN))
    throw new Error(`${ADAPTER_BIN} is missing: run \`npm run build\` first`);
  const root = realpathSync(mkdtempSync(join(tmpdir(), "acp-demo-")));
  const workspace = join(root, "workspace");
  const configDir = join(root, "claude-config");
  const home = join(root, "home");
  for (const dir of [workspace, configDir, home]) mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(workspace, name), text);
  writeFileSync(
    join(configDir, "settings.json"),
    JSON.stringify({ permissions: { defaultMode: "default" } }),
  );

  let model: ModelServer;
  try {
    model = await startModelServer({ script: script(workspace) });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const adapter = spawn(process.execPath, [ADAPTER_BIN], {
    cwd: workspace,
    stdio: ["pipe", "pipe", "pipe"],
    env: scenarioEnv(model.url, configDir, home),
  });
  let stderr = "";
  adapter.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // A write to a dead adapter must surface as a failed request, not crash the demo.
  adapter.stdin!.on("error", () => undefined);

  let closed = false;
  const killNow = (): void => {
    if (adapter.exitCode === null && adapter.signalCode === null) adapter.kill("SIGKILL");
    // Claude Code and its shells inherit CLAUDE_CONFIG_DIR, which is unique to this run.
    killAll(processesWithEnv("CLAUDE_CONFIG_DIR", configDir));
    rmSync(root, { recursive: true, force: true });
  };
  return {
    workspace,
    model,
    adapter,
    stderr: () => stderr,
    killNow,
    async close(): Promise<number[]> {
      if (closed) return [];
      closed = true;
      adapter.stdin!.end(); // EOF: the adapter ends its sessions and exits
      if (!(await waitForExit(adapter, 4_000))) adapter.kill("SIGKILL");
      const left = await waitForNoProcesses("CLAUDE_CONFIG_DIR", configDir, 3_000);
      killAll(left);
      await model.close();
      rmSync(root, { recursive: true, force: true });
      return left;
    },
  };
}
