/**
 * One fresh process of the early-spawn probe (early-spawn-probe.ts): spawn → first answer
 * through the Claude Agent SDK, with Claude Code's binary started either by the SDK (after
 * the SDK's module loaded) or by this process at its first instant, before the SDK's module
 * is even imported, and handed over through `Options.spawnClaudeCodeProcess`.
 *
 *   node early-spawn-runner.js record <recipe.json>   the SDK spawns (our own spawn function,
 *                                                     which writes the SpawnOptions it got)
 *   node early-spawn-runner.js plain                  the SDK spawns with its own function
 *   node early-spawn-runner.js early <recipe.json>    spawn the recipe at once, then import
 *   node early-spawn-runner.js stale <recipe.json>    the same with a recipe that no longer
 *                                                     matches (one env key more): the early
 *                                                     child is ended, the SDK's spawned anew
 *
 * No static import of the SDK: loading it is what the early spawn overlaps. Prints one JSON
 * line at the first `result` (times in ms since this process began) and exits.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

interface Recipe {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string | undefined;
  readonly env: Record<string, string | undefined>;
}

const [mode = "plain", recipePath] = process.argv.slice(2);
const entryMs = performance.now();

function spawnRecipe(recipe: Recipe): ChildProcessWithoutNullStreams {
  return spawn(recipe.command, [...recipe.args], {
    cwd: recipe.cwd,
    env: recipe.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** The same command line, folder and environment (every key, every value). */
function sameRecipe(a: Recipe, b: Recipe): string | undefined {
  if (a.command !== b.command) return "command";
  if (JSON.stringify(a.args) !== JSON.stringify(b.args)) return "args";
  if (a.cwd !== b.cwd) return "cwd";
  const keys = new Set([...Object.keys(a.env), ...Object.keys(b.env)]);
  for (const key of keys) if (a.env[key] !== b.env[key]) return `env ${key}`;
  return undefined;
}

let early: ChildProcessWithoutNullStreams | undefined;
let earlySpawnMs = Number.NaN;
let recipe: Recipe | undefined;
if (mode === "early" || mode === "stale") {
  recipe = JSON.parse(readFileSync(recipePath!, "utf8")) as Recipe;
  if (mode === "stale") recipe = { ...recipe, env: { ...recipe.env, EARLY_SPAWN_STALE: "1" } };
  early = spawnRecipe(recipe);
  earlySpawnMs = performance.now();
}

const sdk = await import("@anthropic-ai/claude-agent-sdk");
const loadedMs = performance.now();

let handoff:
  { used: boolean; mismatch?: string; bufferedBytes: number; firstBytes: string } | undefined;
let sdkAskedMs = Number.NaN;

function spawnClaudeCodeProcess(options: {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
}): ChildProcessWithoutNullStreams {
  sdkAskedMs = performance.now();
  const asked: Recipe = {
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    env: options.env,
  };
  if (mode === "record") {
    writeFileSync(recipePath!, JSON.stringify(asked));
    return spawnRecipe(asked);
  }
  const child = early!;
  const mismatch = sameRecipe(recipe!, asked);
  // What Claude Code wrote before the SDK's first request: still in the stream's buffer.
  const buffered = child.stdout.readableLength;
  const peek = buffered > 0 ? String(child.stdout.read() ?? "") : "";
  if (peek) child.stdout.unshift(peek);
  handoff = {
    used: mismatch === undefined,
    ...(mismatch ? { mismatch } : {}),
    bufferedBytes: buffered,
    firstBytes: peek.slice(0, 200),
  };
  if (mismatch) {
    // SIGTERM: Claude Code then removes the entry it wrote under sessions/ at its start
    // (SIGKILL leaves `sessions/<pid>.json` behind).
    child.kill("SIGTERM");
    return spawnRecipe(asked);
  }
  return child;
}

const input = (async function* () {
  yield {
    type: "user" as const,
    message: { role: "user" as const, content: "What is two plus two?" },
    parent_tool_use_id: null,
    session_id: "",
  };
  await new Promise(() => undefined); // streaming input: stays open, as a session's does
})();

const q = sdk.query({
  prompt: input,
  options: {
    cwd: process.cwd(),
    includePartialMessages: true,
    ...(mode === "plain" ? {} : { spawnClaudeCodeProcess }),
  },
});
let text = "";
for await (const message of q) {
  if (message.type === "assistant")
    for (const block of message.message.content) if (block.type === "text") text += block.text;
  if (message.type === "result") {
    process.stdout.write(
      `${JSON.stringify({
        mode,
        entryMs,
        earlySpawnMs,
        loadedMs,
        sdkAskedMs,
        resultMs: performance.now(),
        ok: !message.is_error,
        text,
        handoff,
      })}\n`,
    );
    break;
  }
}
q.close();
early?.kill();
process.exit(0);
