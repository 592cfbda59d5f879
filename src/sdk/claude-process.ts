import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import { existsSync } from "node:fs";
import type { SpawnedProcess, SpawnOptions } from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";
import { PROCESS_MARKER_ENV, processStartTime, sweepOrphans } from "./orphan-sweep.js";
import { descriptorPlan, ownDescriptorCredential } from "./token-descriptors.js";

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

/** What the sweep of one Claude Code's leftovers looks for (see orphan-sweep.ts). */
interface SweepTarget {
  /** The marker its shells inherit. */
  readonly marker: string;
  /** When it started: nothing older can be its. */
  readonly since: number | undefined;
}

/** Live Claude Code processes, with what their sweep looks for. */
const live = new Map<ChildProcess, SweepTarget>();
/** Who waits for the last live process to exit (`claudeProcessesEnded`). */
const endWaiters: Array<() => void> = [];
/** Set by the adapter's shutdown: a process started after it is ended at once. */
let ending = false;

/**
 * Runs a short Claude Code CLI command (`auth status`, `auth logout`) like a session's
 * Claude Code: it dies with the adapter, the adapter's shutdown ends it, and its exit
 * sweeps what it left. A probe at the lowest priority on a busy machine may still run
 * when the client goes away.
 */
export function execClaudeCli(
  executable: string,
  cliArgs: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeout: number },
  done: (error: Error | null, stdout: string, stderr: string) => void,
): ChildProcess {
  const { env, marker } = markedEnv(options.env);
  const [command, args] = diesWithAdapter(executable, cliArgs);
  // Spawned, not execFile'd: `auth status` must see a credential on a descriptor too.
  const child = spawnWithCredentials(command, args, { env, timeout: options.timeout });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  child.stdin.end();
  let reported = false;
  const report = (error: Error | null): void => {
    if (reported) return;
    reported = true;
    done(error, Buffer.concat(out).toString("utf8"), Buffer.concat(err).toString("utf8"));
  };
  child.once("error", report);
  child.once("close", (code, signal) =>
    report(code === 0 ? null : new Error(`${executable} exited with ${code ?? signal}`)),
  );
  trackClaudeProcess(child, marker);
  return child;
}

/**
 * Starts `command` with piped stdio and, on the descriptors that `env` names, the
 * credentials the adapter itself was given there (see token-descriptors.ts).
 */
function spawnWithCredentials(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; signal?: AbortSignal; timeout?: number },
): ChildProcessWithoutNullStreams {
  const descriptors = descriptorPlan(options.env, ownDescriptorCredential);
  const child = spawn(command, args, {
    ...options,
    stdio: ["pipe", "pipe", "pipe", ...descriptors.stdio],
    windowsHide: true,
    // stdio 0–2 are pipes whatever the extra descriptors: the streams are never null.
  }) as ChildProcessWithoutNullStreams;
  for (const [fd, credential] of descriptors.writes) {
    const stream = child.stdio[fd] as Writable | null;
    stream?.on("error", () => undefined); // Claude Code may exit without reading it
    stream?.end(`${credential}\n`);
  }
  return child;
}

/** A Claude Code command line that the kernel ends with the adapter (setpriv, on Linux). */
export function diesWithAdapter(
  command: string,
  args: readonly string[],
): [command: string, args: string[]] {
  return hasSetpriv
    ? [SETPRIV, ["--pdeathsig", "TERM", "--", command, ...args]]
    : [command, [...args]];
}

/** A fresh environment marker for one Claude Code process and its shells. */
export function markedEnv(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; marker: string } {
  const marker = randomUUID();
  return { env: { ...env, [PROCESS_MARKER_ENV]: marker }, marker };
}

export function spawnClaudeCode(options: SpawnOptions): SpawnedProcess {
  const { env, marker } = markedEnv(options.env);
  const [command, args] = diesWithAdapter(options.command, options.args);
  const child = spawnWithCredentials(command, args, {
    cwd: options.cwd,
    env,
    signal: options.signal,
  });
  child.stderr.on("data", (chunk: Buffer) => {
    log.debug("claude stderr", { text: chunk.toString("utf8").slice(0, 2000) });
  });
  child.on("error", (error) => log.warn("claude process error", { message: error.message }));
  trackClaudeProcess(child, marker);
  return child;
}

/**
 * Registers a Claude Code process, started with `markedEnv`'s `marker`, so that the
 * adapter's shutdown ends it and its exit sweeps what it left (also a process started
 * some other way: the login probe).
 */
export function trackClaudeProcess(child: ChildProcess, marker: string): void {
  const target = { marker, since: processStartTime(child.pid) };
  live.set(child, target);
  child.once("exit", (code, signal) => {
    live.delete(child);
    const swept = sweepOrphans(target.marker, target.since);
    if (swept > 0) log.warn("ended processes Claude Code left behind", { swept, code, signal });
    if (live.size === 0) for (const resolve of endWaiters.splice(0)) resolve();
  });
  // A start during the shutdown (a login probe that follows the end of another) would
  // only be killed when the shutdown's grace runs out.
  if (ending) child.kill("SIGTERM");
}

/**
 * The adapter's shutdown: SIGTERMs every Claude Code process, and any started from now
 * on; settles once none is left, each exit having swept its shells. The shutdown then
 * need not wait out its whole grace period.
 */
export function endClaudeProcesses(): Promise<void> {
  ending = true;
  killAllClaudeProcesses("SIGTERM");
  if (live.size === 0) return Promise.resolve();
  return new Promise((resolve) => endWaiters.push(resolve));
}

/** Ends every Claude Code process and its shells: the adapter's last act on shutdown. */
export function killAllClaudeProcesses(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const [child, { marker, since }] of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    if (signal === "SIGKILL") sweepOrphans(marker, since);
  }
}
