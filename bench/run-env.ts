import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scenarioEnv } from "../test/support/acp-harness.js";
import type { ScriptedTurn } from "../test/support/model-server.js";
import { killAll, processesWithEnv } from "../test/support/processes.js";
import { ModelThread } from "./model-thread.js";
import { readCpuMs } from "./proc-cpu.js";

const live = new Set<RunEnv>();

/** The user settings of a run that names none of its own. */
const DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  permissions: { defaultMode: "default" },
};

/** A run's model script, and what to write to its config dir's `settings.json`. */
export interface RunOptions {
  /** The model's answers to main requests (more can be pushed later). */
  readonly script?: readonly ScriptedTurn[];
  /**
   * The user settings (`<CLAUDE_CONFIG_DIR>/settings.json`) of the run, read by both
   * sides (the adapter and the bare runner load the user settings alike). Default:
   * `{"permissions":{"defaultMode":"default"}}`.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/**
 * The world of one benchmark run: a fresh workspace, Claude config dir and HOME, and a
 * scripted model server of its own. Both sides (adapter and bare SDK) get exactly the
 * same environment (`scenarioEnv`, as the scenario tests use). Every process started
 * in it carries `CLAUDE_CONFIG_DIR=<this run's dir>`, which is how `dispose()` finds and
 * kills whatever is left, Claude Code included.
 */
export class RunEnv {
  private disposed = false;

  private constructor(
    readonly root: string,
    readonly workspace: string,
    readonly configDir: string,
    readonly home: string,
    /** The scripted model server, in a thread of its own (see model-thread.ts). */
    readonly model: ModelThread,
  ) {}

  static async create({
    settings = DEFAULT_SETTINGS,
    script = [],
  }: RunOptions = {}): Promise<RunEnv> {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "acp-bench-")));
    const workspace = join(root, "workspace");
    const configDir = join(root, "claude-config");
    const home = join(root, "home");
    for (const dir of [workspace, configDir, home]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(configDir, "settings.json"), JSON.stringify(settings));
    let model: ModelThread;
    try {
      model = await ModelThread.start(script);
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      throw error;
    }
    const env = new RunEnv(root, workspace, configDir, home, model);
    live.add(env);
    return env;
  }

  /** The environment of both the adapter and the bare runner. */
  get env(): Record<string, string | undefined> {
    return scenarioEnv(this.model.url, this.configDir, this.home);
  }

  /** Arrival time of the first main model request at or after `since` (NaN if none). */
  firstMainRequestAfter(since: number): number {
    return this.model.mainRequestTimes.find((t) => t >= since) ?? Number.NaN;
  }

  /** CPU ms used so far by this run's processes other than `ownPid` (Claude Code, mainly). */
  othersCpuMs(ownPid: number): number {
    let total = 0;
    for (const pid of processesWithEnv("CLAUDE_CONFIG_DIR", this.configDir)) {
      if (pid === ownPid) continue;
      try {
        total += readCpuMs(pid);
      } catch {
        // exited meanwhile
      }
    }
    return total;
  }

  /** Kills every process of this run, stops its model server, removes its files. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    live.delete(this);
    const deadline = Date.now() + 5_000;
    for (;;) {
      const left = processesWithEnv("CLAUDE_CONFIG_DIR", this.configDir);
      if (left.length === 0) break;
      killAll(left);
      if (Date.now() > deadline) {
        console.error(`bench: ${left.length} process(es) of ${this.root} would not die`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await this.model.close();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Emergency cleanup (Ctrl-C): kills and removes every run still alive, synchronously. */
  static disposeAllSync(): void {
    for (const env of live) {
      killAll(processesWithEnv("CLAUDE_CONFIG_DIR", env.configDir));
      rmSync(env.root, { recursive: true, force: true });
    }
    live.clear();
  }
}

/** Runs `fn` in a fresh RunEnv and always disposes it. */
export async function withRunEnv<T>(
  options: RunOptions,
  fn: (env: RunEnv) => Promise<T>,
): Promise<T> {
  const env = await RunEnv.create(options);
  try {
    return await fn(env);
  } finally {
    await env.dispose();
  }
}
