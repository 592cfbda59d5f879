import { closeSync, openSync, readSync } from "node:fs";
import { log } from "../util/log.js";

/**
 * Claude Code's credentials on a descriptor: `CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR=N`
 * says the token is readable on descriptor N (0.3.x). The adapter starts Claude Code with
 * only stdio 0–2, and a pipe can be read only once while each session starts its own
 * Claude Code: so the adapter reads the credential from its own descriptor once and hands
 * every Claude Code it starts the same credential on a fresh stream at the same number.
 */
export const DESCRIPTOR_CREDENTIAL_VARS = [
  "CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR",
  "CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR",
] as const;

/** Extra stdio entries (from fd 3 on) and what to write on each credential stream. */
export interface DescriptorPlan {
  readonly stdio: ReadonlyArray<"pipe" | "ignore">;
  readonly writes: ReadonlyMap<number, string>;
}

export const NO_DESCRIPTORS: DescriptorPlan = { stdio: [], writes: new Map() };

/**
 * Which descriptors a Claude Code started with `env` needs, and their credentials read
 * with `read` (undefined: unreadable, the descriptor is left out and Claude Code falls
 * back to its other sign-ins, as it would without the adapter in between).
 */
export function descriptorPlan(
  env: Readonly<Record<string, string | undefined>>,
  read: (fd: number) => string | undefined,
): DescriptorPlan {
  const writes = new Map<number, string>();
  for (const name of DESCRIPTOR_CREDENTIAL_VARS) {
    const value = env[name]?.trim() ?? "";
    if (!/^\d+$/.test(value)) continue;
    const fd = Number(value);
    if (fd < 3) continue; // stdio: Claude Code's own protocol streams, never a credential
    const credential = read(fd);
    if (credential) writes.set(fd, credential);
  }
  if (writes.size === 0) return NO_DESCRIPTORS;
  const top = Math.max(...writes.keys());
  const stdio = Array.from({ length: top - 2 }, (_, i) =>
    writes.has(i + 3) ? ("pipe" as const) : ("ignore" as const),
  );
  return { stdio, writes };
}

const MAX_BYTES = 64 * 1024;
const read = new Map<number, string | undefined>();

/**
 * The credential on the adapter's own descriptor `fd`, read once (up to a newline or the
 * end of the stream, as Claude Code reads it) and kept: a pipe cannot be read again.
 */
export function ownDescriptorCredential(fd: number): string | undefined {
  if (read.has(fd)) return read.get(fd);
  let credential: string | undefined;
  try {
    credential = readCredential(fd) || undefined;
  } catch (error) {
    log.warn("cannot read the credential descriptor", { fd, message: String(error) });
  }
  read.set(fd, credential);
  return credential;
}

function readCredential(fd: number): string {
  let own: number;
  try {
    // Through /dev/fd a file is read from its start, whatever the descriptor's offset.
    own = openSync(`/dev/fd/${fd}`, "r");
  } catch {
    // A socket (what a Node parent's "pipe" is) cannot be opened again: read it as is.
    return readLine(fd);
  }
  try {
    return readLine(own);
  } finally {
    closeSync(own);
  }
}

const WAIT_MS = 5_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Up to a newline or the end of the stream; waits out a non-blocking descriptor. */
function readLine(fd: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(8192);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() > deadline) throw error;
      Atomics.wait(sleeper, 0, 0, 10);
      continue;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    total += n;
    if (buffer.subarray(0, n).includes(10) || total > MAX_BYTES) break;
  }
  return Buffer.concat(chunks).toString("utf8").split("\n")[0]!.trim();
}
