import { randomUUID } from "node:crypto";
import { mkdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectFolderName } from "../src/sdk/transcript-paths.js";
import { syntheticTranscript, type SyntheticTurn } from "../test/support/synthetic-transcript.js";

/**
 * The stored sessions the history benchmark reads, written straight into a run's Claude
 * config dir in the shape Claude Code 2.1.318 writes (`test/support/synthetic-transcript.ts`).
 */

function projectDir(configDir: string, cwd: string): string {
  const dir = join(configDir, "projects", projectFolderName(cwd));
  mkdirSync(dir, { recursive: true });
  return dir;
}

const words = (n: number, seed: number): string =>
  Array.from({ length: n }, (_, i) => `word${(i * 7 + seed) % 97}`).join(" ");

/**
 * `count` sessions of one directory, of 1–7 turns and ~30–140 KB each (Claude Code's
 * first request alone stores ~64 KB of bookkeeping), one minute apart. Returns MB written.
 */
export function writeManySessions(configDir: string, cwd: string, count: number): number {
  const dir = projectDir(configDir, cwd);
  let bytes = 0;
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    const sessionId = randomUUID();
    const turns: SyntheticTurn[] = Array.from({ length: 1 + (i % 7) }, (_, k) => ({
      prompt: `Task ${i}.${k}: ${words(12, i + k)}`,
      thinking: words(40, k),
      text: words(60, i),
      ...(k % 2 === 1 ? { bash: { command: `ls dir${k}`, output: words(30, k) } } : {}),
    }));
    const text = syntheticTranscript({
      sessionId,
      cwd,
      turns,
      bookkeepingBytes: 20_000 + (i % 5) * 15_000,
      startedAt: new Date(start + i * 60_000),
    });
    const path = join(dir, `${sessionId}.jsonl`);
    writeFileSync(path, text);
    const when = new Date(start + i * 60_000);
    utimesSync(path, when, when);
    bytes += text.length;
  }
  return bytes / 1e6;
}

/**
 * One long session of about `messages` user and assistant messages (five per turn:
 * prompt, thinking, a Bash call, its result, the answer) and about `megabytes` MB.
 */
export function writeLongSession(
  configDir: string,
  cwd: string,
  messages: number,
  megabytes: number,
): { sessionId: string; path: string; bytes: number; messages: number } {
  const turnCount = Math.ceil(messages / 5);
  // Per turn: ~5 KB of JSON around the texts; the rest of the budget goes to the texts.
  const perTurn = Math.max(0, (megabytes * 1e6) / turnCount - 5_000);
  const chars = (share: number) => Math.max(8, Math.floor((perTurn * share) / 8));
  const turns: SyntheticTurn[] = Array.from({ length: turnCount }, (_, k) => ({
    prompt: `Step ${k}: ${words(chars(0.1), k)}`,
    thinking: words(chars(0.25), k + 1),
    text: words(chars(0.35), k + 2),
    bash: { command: `make step-${k}`, output: words(chars(0.3), k + 3) },
  }));
  const sessionId = randomUUID();
  const path = join(projectDir(configDir, cwd), `${sessionId}.jsonl`);
  writeFileSync(path, syntheticTranscript({ sessionId, cwd, turns, bookkeepingBytes: 64_000 }));
  return { sessionId, path, bytes: statSync(path).size, messages: turnCount * 5 };
}
