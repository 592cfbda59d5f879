import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { SpawnedProcess, SpawnOptions } from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";

/**
 * Spawns Claude Code so that it cannot outlive the adapter.
 *
 * A killed adapter (SIGKILL) runs no cleanup, so the child must learn of its parent's
 * death by itself: on Linux we start it through util-linux `setpriv --pdeathsig`, which
 * makes the kernel send SIGTERM to Claude Code when the adapter dies; Claude Code then
 * shuts down its own shells. Where setpriv is missing, the closed stdin pipe is the
 * fallback signal (Claude Code exits on stdin EOF).
 */
const SETPRIV = "/usr/bin/setpriv";
const hasSetpriv = process.platform === "linux" && existsSync(SETPRIV);

export function spawnClaudeCode(options: SpawnOptions): SpawnedProcess {
  const [command, args] = hasSetpriv
    ? [SETPRIV, ["--pdeathsig", "TERM", "--", options.command, ...options.args]]
    : [options.command, options.args];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["pipe", "pipe", "pipe"],
    signal: options.signal,
    windowsHide: true,
  });
  child.stderr.on("data", (chunk: Buffer) => {
    log.debug("claude stderr", { text: chunk.toString("utf8").slice(0, 2000) });
  });
  child.on("error", (error) => log.warn("claude process error", { message: error.message }));
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}

const live = new Set<ReturnType<typeof spawn>>();

/** Kills every Claude Code process still running: the adapter's last act on shutdown. */
export function killAllClaudeProcesses(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

export function liveClaudeProcessCount(): number {
  return live.size;
}
