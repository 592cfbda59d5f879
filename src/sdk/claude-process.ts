import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { SpawnedProcess, SpawnOptions } from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";
import { PROCESS_MARKER_ENV, sweepOrphans } from "./orphan-sweep.js";

/**
 * Spawns Claude Code so that neither it nor its shells can outlive the adapter.
 *
 * - The adapter dies (even SIGKILL, which runs no cleanup): on Linux Claude Code is
 *   started through util-linux `setpriv --pdeathsig`, so the kernel sends it SIGTERM and
 *   it ends its own shells. Where setpriv is missing, stdin EOF is the fallback signal.
 * - Claude Code dies hard: its shells are swept by their environment marker
 *   (see orphan-sweep.ts).
 */
const SETPRIV = "/usr/bin/setpriv";
const hasSetpriv = process.platform === "linux" && existsSync(SETPRIV);

/** Live Claude Code processes, with their shells' marker (none for a short CLI run). */
const live = new Map<ChildProcess, string | undefined>();

/**
 * Counts a short Claude Code CLI run (`auth status`, `auth logout`) among the processes
 * the adapter ends on shutdown: a probe at the lowest priority on a busy machine may
 * still run when the client goes away.
 */
export function trackClaudeCli(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  live.set(child, undefined);
  child.once("exit", () => live.delete(child));
}

export function spawnClaudeCode(options: SpawnOptions): SpawnedProcess {
  const marker = randomUUID();
  const [command, args] = hasSetpriv
    ? [SETPRIV, ["--pdeathsig", "TERM", "--", options.command, ...options.args]]
    : [options.command, options.args];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...options.env, [PROCESS_MARKER_ENV]: marker },
    stdio: ["pipe", "pipe", "pipe"],
    signal: options.signal,
    windowsHide: true,
  });
  child.stderr.on("data", (chunk: Buffer) => {
    log.debug("claude stderr", { text: chunk.toString("utf8").slice(0, 2000) });
  });
  child.on("error", (error) => log.warn("claude process error", { message: error.message }));
  live.set(child, marker);
  child.once("exit", (code, signal) => {
    live.delete(child);
    const swept = sweepOrphans(marker);
    if (swept > 0) log.warn("ended processes Claude Code left behind", { swept, code, signal });
  });
  return child;
}

/** Ends every Claude Code process and its shells: the adapter's last act on shutdown. */
export function killAllClaudeProcesses(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const [child, marker] of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    if (signal === "SIGKILL" && marker) sweepOrphans(marker);
  }
}
