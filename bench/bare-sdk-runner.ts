/**
 * The "bare" side of the benchmark: a fresh Node process that uses the Claude Agent SDK
 * directly, the way an embedding application would, with nothing of the adapter in it.
 * The bench spawns it (so its times include Node start-up, like the adapter's) and
 * drives it with newline-delimited JSON-RPC on stdin/stdout, the adapter's framing:
 *
 *   start {}                       → query() with streaming input, await initializationResult()
 *   prompt {text, expectChars?}    → push a user message, answer at `result`; sends the
 *                                    notification `lastChunk` once expectChars of text arrived
 *   churn {n}                      → n × (query(), initializationResult(), close()), sequentially
 *   first {text}                   → query() with the prompt pushed at once (no wait for
 *                                    initializationResult), answer at `result`: spawn → first answer;
 *                                    the answer names when the SDK had loaded (`loadedMs`, ms
 *                                    since the process began)
 *   concurrent {n, ms, text}       → n queries at once, each sending `text` again as soon as its
 *                                    last turn ended, until `ms` passed; answers each turn's latency
 *
 * Options: cwd, includePartialMessages: true (the adapter streams), everything else the
 * SDK's default (settingSources: all, the env of this process); `--edit-floor` adds the
 * file checkpoints and a file-reading PostToolUse hook (see below).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  query,
  startup,
  type Options,
  type Query,
  type SDKMessage,
  type SDKUserMessage,
} from "@anthropic-ai/claude-agent-sdk";
import { onLines, writeLine } from "./ndjson-lines.js";
import { PushIterable } from "./push-iterable.js";

type Id = number | string;

interface Turn {
  readonly id: Id;
  readonly expectChars: number | undefined;
  chunks: number;
  chars: number;
  announced: boolean;
  /** Set on the `first` turn: its answer carries it. */
  readonly loadedMs?: number;
}

/**
 * `--edit-floor`: what Claude Code does for any adapter that shows an edit's final diff from
 * the disk and can restore files on a rewind: file checkpoints (`enableFileCheckpointing`)
 * and a PostToolUse hook on the file tools that reads the file and answers at once. The
 * floor of the edit workload's Edit call: the adapter adds only its own work to it.
 */
const editFloor = process.argv.includes("--edit-floor");
const FILE_TOOLS = "Edit|Write|MultiEdit";

/** The file after the tool, read as the adapter's hook reads it (at once, not in the pool). */
function readFileSafe(path: string): void {
  try {
    readFileSync(path);
  } catch {
    // gone: the adapter shows no diff then
  }
}

/** `--debug-file=<path>`: Claude Code's debug log (BENCH_CC_DEBUG_DIR). */
const debugFile = process.argv.find((a) => a.startsWith("--debug-file="))?.slice(13);
/** `--debug-level=<level>`: Claude Code's log level (BENCH_CC_DEBUG_LEVEL). */
const debugLevel = process.argv.find((a) => a.startsWith("--debug-level="))?.slice(14);
if (debugLevel) process.env.CLAUDE_CODE_DEBUG_LOG_LEVEL = debugLevel;

/**
 * `--like=<pieces>`: what the adapters ask of Claude Code besides (edit-probe.ts), piece by
 * piece: `prompt` its own system prompt, `canuse` a permission callback
 * (`--permission-prompt-tool=stdio`; it allows), `hooks` the other hook events the adapter
 * registers (answered at once), `allpost` the PostToolUse hook on every tool, `env` the
 * session state events, `disallow` no AskUserQuestion; `all`: every piece.
 */
const like = new Set(
  (process.argv.find((a) => a.startsWith("--like="))?.slice(7) ?? "").split(",").filter(Boolean),
);
const has = (piece: string): boolean => like.has(piece) || like.has("all");
const noop = async (): Promise<Record<string, never>> => ({});
const adapterLike: Partial<Options> = {
  ...(has("prompt") ? { systemPrompt: { type: "preset", preset: "claude_code" } } : {}),
  ...(has("canuse")
    ? {
        canUseTool: async (_tool: string, input: Record<string, unknown>) => ({
          behavior: "allow" as const,
          updatedInput: input,
        }),
      }
    : {}),
  ...(has("env") ? { env: { ...process.env, CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: "1" } } : {}),
  ...(has("disallow") ? { disallowedTools: ["AskUserQuestion"] } : {}),
};
const adapterHooks = has("hooks")
  ? Object.fromEntries(
      ["PostModelSwitch", "PreCompact", "PostCompact", "TaskCreated", "TaskCompleted"].map((e) => [
        e,
        [{ hooks: [noop] }],
      ]),
    )
  : {};

const options: Options = {
  cwd: process.cwd(),
  includePartialMessages: true,
  ...(debugFile ? { debugFile } : {}),
  ...adapterLike,
  ...(editFloor
    ? {
        enableFileCheckpointing: true,
        hooks: {
          ...adapterHooks,
          PostToolUse: [
            {
              ...(has("allpost") ? {} : { matcher: FILE_TOOLS }),
              hooks: [
                async (hook) => {
                  const path = (hook as { tool_response?: { filePath?: unknown } }).tool_response
                    ?.filePath;
                  if (typeof path === "string") readFileSafe(path);
                  return {};
                },
              ],
            },
          ],
        },
      }
    : {}),
};

/** After the static imports: Node's start plus the SDK's load, in ms since the process began. */
const loadedMs = performance.now();

/**
 * `--startup-at-launch`: Claude Code is started (the SDK's `startup()`) at the runner's first
 * instant, with the folder and options known, before any request. The floor of any adapter
 * that starts Claude Code early: it cannot start it sooner (it needs the SDK loaded) nor with
 * less left to do.
 */
const warm = process.argv.includes("--startup-at-launch") ? startup({ options }) : undefined;

let input: PushIterable<SDKUserMessage> | undefined;
let session: Query | undefined;
let sessionId = "";
let turn: Turn | undefined;

function reply(id: Id, result: unknown): void {
  writeLine(process.stdout, { jsonrpc: "2.0", id, result });
}

function fail(id: Id, error: unknown): void {
  writeLine(process.stdout, {
    jsonrpc: "2.0",
    id,
    error: { code: -32603, message: String(error) },
  });
}

function onMessage(message: SDKMessage): void {
  if (message.type === "system" && message.subtype === "init") sessionId = message.session_id;
  const current = turn;
  if (!current) return;
  if (message.type === "stream_event" && message.parent_tool_use_id === null) {
    const event = message.event;
    if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
      current.chunks++;
      current.chars += event.delta.text.length;
      if (
        !current.announced &&
        current.expectChars !== undefined &&
        current.chars >= current.expectChars
      ) {
        current.announced = true;
        writeLine(process.stdout, {
          jsonrpc: "2.0",
          method: "lastChunk",
          params: { id: current.id },
        });
      }
    }
  } else if (message.type === "result") {
    turn = undefined;
    if (message.is_error) fail(current.id, `turn ended with ${message.subtype}`);
    else
      reply(current.id, {
        chunks: current.chunks,
        chars: current.chars,
        stop: message.subtype,
        ...(current.loadedMs !== undefined ? { loadedMs: current.loadedMs } : {}),
      });
  }
}

async function consume(q: Query): Promise<void> {
  try {
    for await (const message of q) onMessage(message);
  } catch (error) {
    if (turn) fail(turn.id, error);
    turn = undefined;
  }
}

async function start(): Promise<unknown> {
  if (session) throw new Error("already started");
  input = new PushIterable<SDKUserMessage>();
  session = query({ prompt: input, options });
  void consume(session);
  await session.initializationResult();
  return {};
}

function prompt(id: Id, params: { text: string; expectChars?: number }): void {
  if (!session || !input) throw new Error("not started");
  if (turn) throw new Error("a turn is running");
  turn = { id, expectChars: params.expectChars, chunks: 0, chars: 0, announced: false };
  input.push({
    type: "user",
    message: { role: "user", content: [{ type: "text", text: params.text }] },
    parent_tool_use_id: null,
    uuid: randomUUID(),
    session_id: sessionId,
  });
}

function userMessage(text: string): SDKUserMessage {
  return {
    type: "user",
    message: { role: "user", content: [{ type: "text", text }] },
    parent_tool_use_id: null,
    uuid: randomUUID(),
    session_id: "",
  };
}

/** The first answer of a fresh process: query() and the prompt at once, as a bare app would. */
async function first(id: Id, params: { text: string }): Promise<void> {
  if (session) throw new Error("already started");
  input = new PushIterable<SDKUserMessage>();
  turn = { id, expectChars: undefined, chunks: 0, chars: 0, announced: false, loadedMs };
  input.push(userMessage(params.text));
  session = warm ? (await warm).query(input) : query({ prompt: input, options });
  void consume(session);
}

/** `n` sessions at once, short turns back to back for `ms`: every turn's latency. */
async function concurrent(params: { n: number; ms: number; text: string }): Promise<unknown> {
  const sessions = Array.from({ length: params.n }, () => {
    const stream = new PushIterable<SDKUserMessage>();
    const q = query({ prompt: stream, options });
    return { stream, q, messages: q[Symbol.asyncIterator]() };
  });
  await Promise.all(sessions.map((s) => s.q.initializationResult()));
  const latencies: number[] = [];
  const end = performance.now() + params.ms;
  await Promise.all(
    sessions.map(async (s) => {
      while (performance.now() < end) {
        const start = performance.now();
        s.stream.push(userMessage(params.text));
        for (;;) {
          const next = await s.messages.next();
          if (next.done) throw new Error("the query ended");
          if (next.value.type === "result") break;
        }
        latencies.push(performance.now() - start);
      }
      s.stream.end();
      s.q.close();
    }),
  );
  return { latencies };
}

/** Starts and closes `n` queries one after the other; each is ready before it closes. */
async function churn(n: number): Promise<unknown> {
  for (let i = 0; i < n; i++) {
    const stream = new PushIterable<SDKUserMessage>();
    const q = query({ prompt: stream, options });
    const drained = (async () => {
      try {
        for await (const _message of q) {
          // nothing: a fresh query sends nothing before the first prompt
        }
      } catch {
        // close() may end the iteration with an abort error
      }
    })();
    await q.initializationResult();
    stream.end();
    q.close();
    await drained;
  }
  return {};
}

function handle(line: string): void {
  let message: { id?: Id; method?: string; params?: Record<string, unknown> };
  try {
    message = JSON.parse(line) as typeof message;
  } catch {
    return;
  }
  const { id, method, params = {} } = message;
  if (id === undefined) return;
  try {
    switch (method) {
      case "start":
        start().then(
          (r) => reply(id, r),
          (e: unknown) => fail(id, e),
        );
        return;
      case "prompt":
        prompt(id, params as { text: string; expectChars?: number });
        return;
      case "first":
        first(id, params as { text: string }).catch((e: unknown) => fail(id, e));
        return;
      case "concurrent":
        concurrent(params as { n: number; ms: number; text: string }).then(
          (r) => reply(id, r),
          (e: unknown) => fail(id, e),
        );
        return;
      case "churn":
        churn(Number(params.n ?? 1)).then(
          (r) => reply(id, r),
          (e: unknown) => fail(id, e),
        );
        return;
      default:
        fail(id, `unknown method ${method}`);
    }
  } catch (error) {
    fail(id, error);
  }
}

onLines(process.stdin, handle);
process.stdin.on("end", () => {
  input?.end();
  session?.close();
  setTimeout(() => process.exit(0), 100).unref();
});
