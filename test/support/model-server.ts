/**
 * Scripted Anthropic Messages API server for tests.
 *
 * A tiny `node:http` server on 127.0.0.1 that speaks enough of the Anthropic
 * Messages API for the real Claude Code binary (pointed at it with
 * `ANTHROPIC_BASE_URL`) to run fully offline against scripted model turns.
 * Every main-loop request consumes one scripted turn (`times` lets one turn
 * answer several requests). Push turns before the request that needs them
 * arrives: `waitForMainRequest()` resolves after the turn was already taken.
 *
 * What Claude Code 2.1.318 (agent SDK 0.3.318) sends
 * ---------------------------------------------------
 * Observed with API-key auth, `settingSources: []`, one prompt:
 *  - `HEAD /api/hello` at startup (connectivity probe).
 *  - Session title, once, on the first prompt (skipped for trivial prompts
 *    like "hi"), in parallel with the first main call: `POST
 *    /v1/messages?beta=true`, stream: true, `tools: []`, no `thinking`,
 *    max_tokens 128000, `output_config.format = {type: "json_schema", schema:
 *    {title: string}}`, system "You are naming a coding session …".
 *  - Main loop: `POST /v1/messages?beta=true`, stream: true, full tool list
 *    (21-22 tools by default), `thinking: {type: "adaptive", display:
 *    "updates"}`, max_tokens 128000, `metadata.user_id`, and a prompt-cache
 *    breakpoint (`cache_control`) on the LAST message. One call per model
 *    turn; again after each tool result. Subagent (Agent tool) turns look the
 *    same (own system prompt, ~14 tools) and are main too.
 *  - With `promptSuggestions: true`, after each turn: a "forked" query with
 *    the SAME system prompt and tools plus an appended user message
 *    "[SUGGESTION MODE: …]"; forks put the cache breakpoint on the message
 *    before the appended prompt (skipCacheWrite). Other forks (away_summary,
 *    rename, compact, agent_summary, side_question, extract_memories,
 *    resume_cache_warm) work the same way.
 *  - permissionMode "auto": classifier calls, stream: false, no tools,
 *    thinking disabled, max_tokens 64 then 8192, system "You are a security
 *    monitor for autonomous …", expects `<severity>N</severity>` (see the
 *    `sideTurn` option; the default "OK" makes the classifier deny).
 *  - CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 removes /api/hello and the
 *    title call; prompt suggestions and the classifier are unaffected. No
 *    count_tokens calls were seen.
 *
 * Retries / recovery (each extra attempt is another main request):
 *  - 429, 5xx, 529, 401: CLAUDE_CODE_MAX_RETRIES + 1 attempts, ~0.5-0.6 s
 *    apart (neither CLAUDE_CODE_OVERLOADED_RETRY_BASE_DELAY_MS nor
 *    `retry-after: 0` shortens that); `x-should-retry: false` (ErrorTurn
 *    `shouldRetry: false`) stops retrying: a single attempt.
 *  - generic 400: 3 attempts regardless of x-should-retry (the third without
 *    `thinking.display`); 400 "prompt is too long: N tokens > M maximum": 1.
 *  - stop_reason max_tokens: up to 3 automatic "Output token limit hit.
 *    Resume directly" continuations (4 requests) before an error result.
 *  - stop_reason refusal: one continuation, a second refusal ends the turn.
 *  - mid-stream SSE `error` event: up to 3 "cut off mid-stream" continuations.
 *
 * Main vs. side (classifyRequest, first match wins):
 *  1. not `POST /v1/messages`, or a body that is not a JSON object → side;
 *  2. structured output (`output_config.format` / `output_format`) → side;
 *  3. system prompt contains one of SIDE_SYSTEM_MARKERS → side;
 *  4. last user message contains one of SIDE_PROMPT_MARKERS → side;
 *  5. some message has `cache_control` but the last one does not (fork) → side;
 *  6. non-empty `tools` → main; 7. otherwise (helper without tools) → side.
 * Side requests get `sideText` (or a minimal JSON document matching the
 * requested schema) and never consume the script. `isMain` overrides.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

export type ScriptedBlock =
  | { type: "text"; text: string; deltas?: number }
  | { type: "thinking"; thinking: string; signature?: string; deltas?: number }
  | { type: "tool_use"; id?: string; name: string; input: unknown };

export type Usage = {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  /** How the cache write splits by lifetime (Claude Code reads a one-hour cache from it). */
  cache_creation?: { ephemeral_1h_input_tokens?: number; ephemeral_5m_input_tokens?: number };
  /** The thinking part of `output_tokens` (Claude Code reads it into `thinkingTokens`). */
  output_tokens_details?: { thinking_tokens?: number };
};

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "refusal" | "pause_turn";

export interface MessageTurn {
  kind?: "message";
  blocks: ScriptedBlock[];
  /** Default: "tool_use" if any tool_use block, else "end_turn". */
  stopReason?: StopReason;
  /**
   * The `stop_details` of the final `message_delta` (and message): a refusal's
   * `{type: "refusal", category, explanation}`. Claude Code 2.1.318 retries a refusal
   * on its fallback model only when one carries a category.
   */
  stopDetails?: Record<string, unknown>;
  usage?: Usage;
  /** Overrides the model echoed back (default: the request's model). */
  model?: string;
  /** Message id (default "msg_" + random). */
  id?: string;
  /** Pause between SSE events (ms), for slow streams / cancellation tests. */
  delayMs?: number;
  /**
   * Streaming only: the content blocks go out at once, the end (`message_delta` with the
   * call's final usage, `message_stop`, or `streamError`) once this settles: a sync point
   * the test releases (Claude Code runs a tool as soon as its block ends, before the end).
   * `delayMs` does not apply.
   */
  endAfter?: Promise<unknown>;
  /**
   * Streaming only: after the content blocks, send an SSE `error` event with
   * this error instead of `message_delta` / `message_stop` (a mid-stream
   * failure, e.g. `{ type: "overloaded_error" }`).
   */
  streamError?: { type?: string; message?: string };
  /** Answer this many main requests with this turn (default 1). */
  times?: number;
  /** Extra response headers (`anthropic-ratelimit-unified-*`: a claude.ai plan's windows). */
  headers?: Record<string, string>;
}

export interface ErrorTurn {
  kind: "error";
  status: number;
  /** Default depends on status (429 rate_limit_error, 529 overloaded_error, …). */
  errorType?: string;
  message?: string;
  /** Verbatim response body; overrides errorType/message. */
  rawBody?: string;
  headers?: Record<string, string>;
  /**
   * Sets the `x-should-retry` response header. Claude Code honours
   * `x-should-retry: false` and then does not retry the request at all, so the
   * error surfaces after a single attempt regardless of CLAUDE_CODE_MAX_RETRIES.
   */
  shouldRetry?: boolean;
  /**
   * Answer this many main requests with this error (default 1). Claude Code
   * retries 429/5xx/401 (CLAUDE_CODE_MAX_RETRIES + 1 attempts in total), so an
   * error that should surface to the user needs `times` >= attempts, or
   * `shouldRetry: false`.
   */
  times?: number;
}

export interface HangTurn {
  kind: "hang";
  /** Answer this many main requests with this turn (default 1). */
  times?: number;
}

export type ScriptedTurn =
  MessageTurn | ErrorTurn | HangTurn | ((req: RecordedRequest) => ScriptedTurn);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** True when this request consumed (or tried to consume) the script. */
  main: boolean;
  /** Why the request was classified main/side (see classifyRequest). */
  reason: string;
}

export interface ModelServer {
  url: string;
  requests: RecordedRequest[];
  mainRequests(): RecordedRequest[];
  push(...turns: ScriptedTurn[]): void;
  remaining(): number;
  waitForMainRequest(n: number, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/** What classification hooks see: the request before it is recorded. */
export type IncomingRequest = Omit<RecordedRequest, "main" | "reason">;

export interface ModelServerOptions {
  script?: ScriptedTurn[];
  /** Text answered to side requests (default "OK"). */
  sideText?: string;
  /** The model ids `GET /v1/models` lists (default: no listing, `{}`). */
  models?: readonly string[];
  /** What to do with a main request when the script is empty (default "error"). */
  onUnscripted?: "error" | "text";
  /** Override the main/side decision; return undefined to use classifyRequest(). */
  isMain?: (req: IncomingRequest) => boolean | undefined;
  /**
   * Custom answer for side requests (e.g. `<severity>0</severity>` for the
   * auto-mode classifier); return undefined for the default sideText answer.
   * Side answers never consume the script.
   */
  sideTurn?: (
    req: RecordedRequest,
  ) => Exclude<ScriptedTurn, (req: RecordedRequest) => ScriptedTurn> | undefined;
}

export const SCRIPT_EXHAUSTED_MESSAGE = "model-server: script exhausted";

/** Substrings of system prompts used by Claude Code helper (non-agent-loop) queries. */
export const SIDE_SYSTEM_MARKERS: readonly string[] = [
  "You are naming a coding session", // session title (generate_session_title)
  "You are a security monitor for autonomous", // auto-mode permission classifier
  "Generate a concise, sentence-case title", // session title (older versions)
];

/**
 * Substrings of the final user message of "forked" helper queries. Forks reuse
 * the main loop's system prompt and full tool list (to share the prompt cache)
 * and append one instruction message.
 */
export const SIDE_PROMPT_MARKERS: readonly string[] = [
  "[SUGGESTION MODE:", // prompt_suggestion (promptSuggestions option)
  "The user stepped away and is coming back", // away_summary
  "Generate a short kebab-case name", // rename
  "Your task is to create a detailed summary of", // compact
];

const DEFAULT_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export function defaultErrorType(status: number): string {
  return DEFAULT_ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function systemText(body: Record<string, unknown>): string {
  const sys = body.system;
  if (typeof sys === "string") return sys;
  if (Array.isArray(sys)) {
    return sys
      .map((b: unknown) => (isRecord(b) && typeof b.text === "string" ? b.text : ""))
      .join("\n");
  }
  return "";
}

function structuredOutputSchema(body: Record<string, unknown>): unknown {
  const oc = body.output_config;
  if (isRecord(oc) && isRecord(oc.format)) return oc.format.schema ?? {};
  if (isRecord(body.output_format)) return body.output_format.schema ?? {};
  return undefined;
}

function hasCacheControl(message: unknown): boolean {
  if (!isRecord(message) || !Array.isArray(message.content)) return false;
  return message.content.some((b: unknown) => isRecord(b) && b.cache_control !== undefined);
}

function messageText(message: unknown): string {
  if (!isRecord(message)) return "";
  if (typeof message.content === "string") return message.content;
  if (!Array.isArray(message.content)) return "";
  return message.content
    .map((b: unknown) => (isRecord(b) && typeof b.text === "string" ? b.text : ""))
    .join("\n");
}

function isEmptySystemEntry(message: unknown): boolean {
  if (!isRecord(message) || message.role !== "system") return false;
  const content = message.content;
  return content === "" || (Array.isArray(content) && content.length === 0);
}

/** Decide whether a request belongs to the main agent loop. See the file header. */
export function classifyRequest(
  method: string,
  path: string,
  body: unknown,
): { main: boolean; reason: string } {
  const pathname = path.split("?")[0] ?? "";
  if (method !== "POST" || pathname !== "/v1/messages")
    return { main: false, reason: "not a messages call" };
  if (!isRecord(body)) return { main: false, reason: "unparseable body" };
  if (structuredOutputSchema(body) !== undefined)
    return { main: false, reason: "structured output" };
  const sys = systemText(body);
  const sysMarker = SIDE_SYSTEM_MARKERS.find((m) => sys.includes(m));
  if (sysMarker) return { main: false, reason: `side system prompt: ${sysMarker}` };
  const all: unknown[] = Array.isArray(body.messages) ? body.messages : [];
  // Claude Code may end a main request with an empty `system` entry (seen after an
  // effort change in 0.3.318); the conversation's last message is the one before it.
  let end = all.length;
  while (end > 0 && isEmptySystemEntry(all[end - 1])) end--;
  const messages = all.slice(0, end);
  const last = messages[messages.length - 1];
  const lastText = isRecord(last) && last.role === "user" ? messageText(last) : "";
  const promptMarker = SIDE_PROMPT_MARKERS.find((m) => lastText.includes(m));
  if (promptMarker) return { main: false, reason: `side prompt: ${promptMarker}` };
  if (messages.length > 1 && !hasCacheControl(last) && messages.some(hasCacheControl)) {
    return { main: false, reason: "fork: cache breakpoint not on last message" };
  }
  if (Array.isArray(body.tools) && body.tools.length > 0)
    return { main: true, reason: `${body.tools.length} tools` };
  return { main: false, reason: "no tools" };
}

/** A minimal value satisfying a (simple) JSON schema; strings become `text`. */
export function sampleFromSchema(schema: unknown, text: string, depth = 0): unknown {
  if (!isRecord(schema) || depth > 8) return text;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const alts = schema[key];
    if (Array.isArray(alts) && alts.length > 0) return sampleFromSchema(alts[0], text, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const props = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : Object.keys(props);
      for (const k of required) {
        if (typeof k === "string") out[k] = sampleFromSchema(props[k], text, depth + 1);
      }
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return isRecord(schema.properties)
        ? sampleFromSchema({ ...schema, type: "object" }, text, depth + 1)
        : text;
  }
}

function randomId(prefix: string): string {
  return prefix + randomBytes(12).toString("base64url");
}

/** Split a string into `n` near-equal pieces without breaking surrogate pairs. */
export function splitText(text: string, n: number): string[] {
  const chars = Array.from(text);
  const count = Math.max(1, Math.min(Math.floor(n), chars.length || 1));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      chars
        .slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count))
        .join(""),
    );
  }
  return out;
}

function defaultDeltas(text: string): number {
  return Math.max(1, Math.ceil(Array.from(text).length / 20));
}

type Frame = { event: string; data: Record<string, unknown> };

interface BuiltMessage {
  message: Record<string, unknown>;
  frames: Frame[];
}

function estimateTokens(s: string): number {
  return Math.max(1, Math.ceil(s.length / 4));
}

/** Build the non-streaming Message and the equivalent SSE frames for a message turn. */
export function buildMessage(turn: MessageTurn, requestModel: unknown): BuiltMessage {
  const model = turn.model ?? (typeof requestModel === "string" ? requestModel : "claude-test");
  const id = turn.id ?? randomId("msg_");
  const blocks = turn.blocks ?? [];
  const stopReason =
    turn.stopReason ?? (blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
  const content: Record<string, unknown>[] = [];
  const frames: Frame[] = [];
  let outChars = 0;

  blocks.forEach((block, index) => {
    switch (block.type) {
      case "text": {
        const text = String(block.text ?? "");
        outChars += text.length;
        content.push({ type: "text", text });
        frames.push({
          event: "content_block_start",
          data: { index, content_block: { type: "text", text: "" } },
        });
        for (const piece of splitText(text, block.deltas ?? defaultDeltas(text))) {
          frames.push({
            event: "content_block_delta",
            data: { index, delta: { type: "text_delta", text: piece } },
          });
        }
        break;
      }
      case "thinking": {
        const thinking = String(block.thinking ?? "");
        const signature = block.signature ?? randomBytes(24).toString("base64");
        outChars += thinking.length;
        content.push({ type: "thinking", thinking, signature });
        frames.push({
          event: "content_block_start",
          data: { index, content_block: { type: "thinking", thinking: "", signature: "" } },
        });
        for (const piece of splitText(thinking, block.deltas ?? defaultDeltas(thinking))) {
          frames.push({
            event: "content_block_delta",
            data: { index, delta: { type: "thinking_delta", thinking: piece } },
          });
        }
        frames.push({
          event: "content_block_delta",
          data: { index, delta: { type: "signature_delta", signature } },
        });
        break;
      }
      case "tool_use": {
        const toolId = block.id ?? randomId("toolu_");
        const input = block.input === undefined ? {} : block.input;
        const json = JSON.stringify(input) ?? "{}";
        outChars += json.length;
        content.push({ type: "tool_use", id: toolId, name: block.name, input });
        frames.push({
          event: "content_block_start",
          data: {
            index,
            content_block: { type: "tool_use", id: toolId, name: block.name, input: {} },
          },
        });
        for (let i = 0; i < json.length; i += 20) {
          frames.push({
            event: "content_block_delta",
            data: {
              index,
              delta: { type: "input_json_delta", partial_json: json.slice(i, i + 20) },
            },
          });
        }
        break;
      }
    }
    frames.push({ event: "content_block_stop", data: { index } });
  });

  const u = turn.usage ?? {};
  const usage = {
    input_tokens: u.input_tokens ?? 10,
    cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
    output_tokens: u.output_tokens ?? estimateTokens("x".repeat(outChars)),
    ...(u.output_tokens_details ? { output_tokens_details: u.output_tokens_details } : {}),
    ...(u.cache_creation ? { cache_creation: u.cache_creation } : {}),
  };
  const base = { id, type: "message", role: "assistant", model, stop_sequence: null };
  const startFrame: Frame = {
    event: "message_start",
    data: {
      message: { ...base, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    },
  };
  const endFrames: Frame[] = turn.streamError
    ? [
        {
          event: "error",
          data: {
            error: {
              type: turn.streamError.type ?? "overloaded_error",
              message: turn.streamError.message ?? "Overloaded",
            },
          },
        },
      ]
    : [
        {
          event: "message_delta",
          data: {
            delta: {
              stop_reason: stopReason,
              stop_sequence: null,
              ...(turn.stopDetails ? { stop_details: turn.stopDetails } : {}),
            },
            usage: {
              output_tokens: usage.output_tokens,
              ...(u.output_tokens_details
                ? { output_tokens_details: u.output_tokens_details }
                : {}),
            },
          },
        },
        { event: "message_stop", data: {} },
      ];
  return {
    message: {
      ...base,
      content,
      stop_reason: stopReason,
      ...(turn.stopDetails ? { stop_details: turn.stopDetails } : {}),
      usage,
    },
    frames: [startFrame, ...frames, ...endFrames],
  };
}

function sseFrame(f: Frame): string {
  return `event: ${f.event}\ndata: ${JSON.stringify({ type: f.event, ...f.data })}\n\n`;
}

type Resolved = MessageTurn | ErrorTurn | HangTurn;

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const sideText = options.sideText ?? "OK";
  const onUnscripted = options.onUnscripted ?? "error";
  const script: ScriptedTurn[] = [...(options.script ?? [])];
  /** Requests already answered by the turn at the head of the script (for `times`). */
  let headUses = 0;
  const requests: RecordedRequest[] = [];
  const waiters: {
    n: number;
    resolve: (r: RecordedRequest) => void;
    reject: (e: Error) => void;
  }[] = [];
  const sockets = new Set<Socket>();
  let closed = false;

  const mainRequests = (): RecordedRequest[] => requests.filter((r) => r.main);

  function notifyWaiters(): void {
    const mains = mainRequests();
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      const r = mains[w.n - 1];
      if (r) {
        waiters.splice(i, 1);
        w.resolve(r);
      }
    }
  }

  function nextTurn(rec: RecordedRequest): Resolved | undefined {
    const head = script[0];
    if (head === undefined) return undefined;
    let turn: ScriptedTurn = head;
    try {
      for (let depth = 0; typeof turn === "function"; depth++) {
        if (depth > 16) throw new Error("dynamic turn recursion too deep");
        turn = turn(rec);
      }
      if (!isRecord(turn)) throw new Error(`dynamic turn returned ${String(turn)}`);
    } catch (err) {
      // Consume the broken turn so that later requests see the rest of the script.
      script.shift();
      headUses = 0;
      throw err;
    }
    const times = Math.max(1, Math.floor(turn.times ?? 1));
    headUses++;
    if (headUses >= times) {
      script.shift();
      headUses = 0;
    }
    return turn;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (err) {
        safeJson(res, 500, errorBody("api_error", `model-server internal error: ${String(err)}`));
      }
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("clientError", (_err, socket) => socket.destroy());

  function errorBody(type: string, message: string): Record<string, unknown> {
    return { type: "error", error: { type, message } };
  }

  function safeJson(
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": randomId("req_"),
      "content-length": Buffer.byteLength(text).toString(),
      ...headers,
    });
    res.end(text);
  }

  function decodeBody(req: http.IncomingMessage, raw: Buffer): unknown {
    if (raw.length === 0) return undefined;
    let buf = raw;
    try {
      const enc = String(req.headers["content-encoding"] ?? "").toLowerCase();
      if (enc === "gzip") buf = zlib.gunzipSync(raw);
      else if (enc === "br") buf = zlib.brotliDecompressSync(raw);
      else if (enc === "deflate") buf = zlib.inflateSync(raw);
      else if (enc === "zstd") return raw.toString("base64");
    } catch {
      return raw.toString("utf8");
    }
    const text = buf.toString("utf8");
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): void {
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const pathname = path.split("?")[0] ?? "/";
    const body = decodeBody(req, raw);
    const incoming: IncomingRequest = { method, path, headers: { ...req.headers }, body };
    let { main, reason } = classifyRequest(method, path, body);
    const override = options.isMain?.(incoming);
    if (override !== undefined) {
      main = override && method === "POST" && pathname === "/v1/messages" && isRecord(body);
      reason = `isMain option: ${override}`;
    }
    const rec: RecordedRequest = { ...incoming, main, reason };
    requests.push(rec);
    if (main) notifyWaiters();

    if (method === "HEAD" || method === "OPTIONS") {
      res.writeHead(200, { "request-id": randomId("req_") });
      res.end();
      return;
    }
    if (method === "POST" && pathname === "/v1/messages/count_tokens") {
      safeJson(res, 200, { input_tokens: estimateTokens(raw.toString("utf8")) });
      return;
    }
    if (method === "GET" && pathname === "/v1/models" && options.models) {
      // The Models API, one page (a gateway's listing: features 1g).
      const data = options.models.map((id) => ({
        type: "model",
        id,
        display_name: id,
        created_at: "2026-01-01T00:00:00Z",
      }));
      safeJson(res, 200, {
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
      });
      return;
    }
    if (method === "GET") {
      safeJson(res, 200, {});
      return;
    }
    if (method !== "POST" || pathname !== "/v1/messages") {
      safeJson(
        res,
        404,
        errorBody("not_found_error", `model-server: no route for ${method} ${pathname}`),
      );
      return;
    }
    if (!isRecord(body)) {
      safeJson(
        res,
        400,
        errorBody("invalid_request_error", "model-server: request body is not a JSON object"),
      );
      return;
    }
    const b = body;
    const stream = b.stream === true;

    let turn: Resolved | undefined;
    if (!main) {
      try {
        turn = options.sideTurn?.(rec);
      } catch (err) {
        safeJson(res, 500, errorBody("api_error", `model-server: sideTurn threw: ${String(err)}`));
        return;
      }
      if (turn === undefined) {
        const schema = structuredOutputSchema(b);
        // A prompt suggestion predicts nothing unless a scenario scripts one: a prediction
        // would be one more update in every scenario of a client that is shown them.
        const text = rec.reason.includes(SIDE_PROMPT_MARKERS[0]!)
          ? ""
          : schema === undefined
            ? sideText
            : JSON.stringify(sampleFromSchema(schema, sideText));
        turn = { blocks: [{ type: "text", text }] };
      }
    } else {
      try {
        turn = nextTurn(rec);
      } catch (err) {
        safeJson(
          res,
          500,
          errorBody("api_error", `model-server: dynamic turn threw: ${String(err)}`),
        );
        return;
      }
    }
    if (turn === undefined) {
      if (onUnscripted === "text")
        sendMessage(res, { blocks: [{ type: "text", text: sideText }] }, b.model, stream);
      else safeJson(res, 500, errorBody("api_error", SCRIPT_EXHAUSTED_MESSAGE));
      return;
    }
    switch (turn.kind) {
      case "error": {
        const type = turn.errorType ?? defaultErrorType(turn.status);
        const text =
          turn.rawBody ??
          JSON.stringify(errorBody(type, turn.message ?? `model-server scripted ${type}`));
        if (res.destroyed) return;
        res.writeHead(turn.status, {
          "content-type": "application/json",
          "request-id": randomId("req_"),
          "content-length": Buffer.byteLength(text).toString(),
          ...(turn.shouldRetry === undefined ? {} : { "x-should-retry": String(turn.shouldRetry) }),
          ...(turn.headers ?? {}),
        });
        res.end(text);
        return;
      }
      case "hang": {
        const { frames } = buildMessage({ blocks: [] }, b.model);
        if (stream) {
          res.writeHead(200, sseHeaders());
          res.write(sseFrame(frames[0]!));
        }
        // Nothing more: the client (or close()) ends the connection.
        return;
      }
      default:
        sendMessage(res, turn, b.model, stream);
    }
  }

  function sseHeaders(): Record<string, string> {
    return {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "request-id": randomId("req_"),
    };
  }

  function sendMessage(
    res: http.ServerResponse,
    turn: MessageTurn,
    model: unknown,
    stream: boolean,
  ): void {
    const built = buildMessage(turn, model);
    if (!stream) {
      safeJson(res, 200, built.message, turn.headers);
      return;
    }
    res.writeHead(200, { ...sseHeaders(), ...(turn.headers ?? {}) });
    if (turn.endAfter) {
      const ends = turn.streamError ? 1 : 2;
      res.write(built.frames.slice(0, -ends).map(sseFrame).join(""));
      const end = built.frames.slice(-ends).map(sseFrame).join("");
      void turn.endAfter.then(() => {
        if (!res.destroyed && !closed) res.end(end);
      });
      return;
    }
    const delay = Math.max(0, turn.delayMs ?? 0);
    if (delay === 0) {
      res.end(built.frames.map(sseFrame).join(""));
      return;
    }
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const step = (): void => {
      timer = undefined;
      if (res.destroyed || closed) return;
      res.write(sseFrame(built.frames[i++]!));
      if (i >= built.frames.length) res.end();
      else timer = setTimeout(step, delay);
    };
    res.on("close", () => {
      if (timer) clearTimeout(timer);
    });
    step();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mainRequests,
    push(...turns: ScriptedTurn[]): void {
      script.push(...turns);
    },
    remaining(): number {
      return script.length;
    },
    waitForMainRequest(n: number, timeoutMs = 10_000): Promise<RecordedRequest> {
      const existing = mainRequests()[n - 1];
      if (existing) return Promise.resolve(existing);
      return new Promise<RecordedRequest>((resolve, reject) => {
        const waiter = {
          n,
          resolve: (r: RecordedRequest): void => {
            clearTimeout(timer);
            resolve(r);
          },
          reject: (e: Error): void => {
            clearTimeout(timer);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          const idx = waiters.indexOf(waiter);
          if (idx >= 0) waiters.splice(idx, 1);
          const seen = requests
            .map((r) => `${r.method} ${r.path} main=${r.main} (${r.reason})`)
            .join("; ");
          reject(
            new Error(
              `model-server: timed out after ${timeoutMs}ms waiting for main request #${n}; ` +
                `got ${mainRequests().length} main of ${requests.length} total: ${seen || "none"}`,
            ),
          );
        }, timeoutMs);
        timer.unref?.();
        waiters.push(waiter);
      });
    },
    close(): Promise<void> {
      closed = true;
      for (const w of waiters.splice(0))
        w.reject(new Error(`model-server: closed while waiting for main request #${w.n}`));
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
  };
}
