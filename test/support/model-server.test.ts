import { afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import Anthropic from "@anthropic-ai/sdk";
import {
  SCRIPT_EXHAUSTED_MESSAGE,
  classifyRequest,
  sampleFromSchema,
  splitText,
  startModelServer,
  type ModelServer,
  type ModelServerOptions,
} from "./model-server.js";

let server: ModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options?: ModelServerOptions): Promise<ModelServer> {
  server = await startModelServer(options);
  return server;
}

const TOOLS: Anthropic.Tool[] = [
  { name: "Bash", description: "run", input_schema: { type: "object", properties: {} } },
];

function mainBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "claude-test-model",
    max_tokens: 1000,
    stream: true,
    tools: TOOLS,
    messages: [
      {
        role: "user",
        content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }],
      },
    ],
    ...extra,
  };
}

interface SseEvent {
  event: string;
  data: Record<string, unknown> & { type: string };
}

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((f) => f.trim() !== "")
    .map((frame) => {
      const lines = frame.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "";
      const data = JSON.parse(
        lines.find((l) => l.startsWith("data: "))?.slice(6) ?? "{}",
      ) as SseEvent["data"];
      return { event, data };
    });
}

async function post(
  s: ModelServer,
  body: unknown,
  path = "/v1/messages?beta=true",
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(s.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "k" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function client(s: ModelServer): Anthropic {
  return new Anthropic({ baseURL: s.url, apiKey: "test-key", maxRetries: 0 });
}

describe("model-server streaming", () => {
  it("streams a text turn with the real event sequence", async () => {
    const s = await start({
      script: [{ blocks: [{ type: "text", text: "Hello, world!", deltas: 3 }] }],
    });
    const res = await post(s, mainBody());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const events = parseSse(res.text);
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    for (const e of events) expect(e.data.type).toBe(e.event);
    const start0 = events[0]!.data.message as Record<string, unknown>;
    expect(start0).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-test-model",
      content: [],
    });
    expect(start0.stop_reason).toBeNull();
    expect(String(start0.id)).toMatch(/^msg_/);
    const text = events
      .filter((e) => e.event === "content_block_delta")
      .map((e) => (e.data.delta as { text: string }).text)
      .join("");
    expect(text).toBe("Hello, world!");
    expect(events[6]!.data).toMatchObject({
      delta: { stop_reason: "end_turn", stop_sequence: null },
    });
    expect(s.remaining()).toBe(0);
    expect(s.mainRequests()).toHaveLength(1);
    expect(s.requests[0]!.body.model).toBe("claude-test-model");
  });

  it("is consumable by @anthropic-ai/sdk (thinking + text + tool_use)", async () => {
    const s = await start({
      script: [
        {
          model: "scripted-model",
          usage: { input_tokens: 42, output_tokens: 7 },
          blocks: [
            {
              type: "thinking",
              thinking: "Let me think about this for a while.",
              signature: "sig123",
            },
            { type: "text", text: "Running it." },
            {
              type: "tool_use",
              id: "toolu_fixed",
              name: "Bash",
              input: { command: "echo hi", description: "say hi" },
            },
          ],
        },
      ],
    });
    const stream = client(s).messages.stream({
      model: "m",
      max_tokens: 100,
      tools: TOOLS,
      messages: [{ role: "user", content: "hi" }],
    });
    const deltas: string[] = [];
    stream.on("streamEvent", (e) => {
      if (e.type === "content_block_delta") deltas.push(e.delta.type);
    });
    const msg = await stream.finalMessage();
    expect(msg.model).toBe("scripted-model");
    expect(msg.stop_reason).toBe("tool_use");
    expect(msg.usage.input_tokens).toBe(42);
    expect(msg.usage.output_tokens).toBe(7);
    expect(msg.content).toEqual([
      { type: "thinking", thinking: "Let me think about this for a while.", signature: "sig123" },
      { type: "text", text: "Running it." },
      {
        type: "tool_use",
        id: "toolu_fixed",
        name: "Bash",
        input: { command: "echo hi", description: "say hi" },
      },
    ]);
    expect(deltas).toContain("thinking_delta");
    expect(deltas).toContain("signature_delta");
    expect(deltas.filter((d) => d === "input_json_delta").length).toBeGreaterThan(1);
  });

  it("defaults tool ids, stop reasons and honours explicit stop reasons", async () => {
    const s = await start({
      script: [
        { blocks: [{ type: "tool_use", name: "Read", input: { file_path: "/x" } }] },
        { blocks: [{ type: "text", text: "cut" }], stopReason: "max_tokens" },
      ],
    });
    const a = await client(s)
      .messages.stream({ model: "m", max_tokens: 1, tools: TOOLS, messages: [] })
      .finalMessage();
    expect(a.stop_reason).toBe("tool_use");
    expect((a.content[0] as { id: string }).id).toMatch(/^toolu_/);
    const b = await client(s)
      .messages.stream({ model: "m", max_tokens: 1, tools: TOOLS, messages: [] })
      .finalMessage();
    expect(b.stop_reason).toBe("max_tokens");
  });

  it("sends a refusal's stop_details, streamed or not", async () => {
    const details = { type: "refusal", category: "cyber" };
    const turn = {
      blocks: [{ type: "text" as const, text: "no" }],
      stopReason: "refusal" as const,
      stopDetails: details,
    };
    const s = await start({ script: [turn, turn] });
    const streamed = await post(s, mainBody());
    expect(streamed.text).toContain(
      `"delta":{"stop_reason":"refusal","stop_sequence":null,"stop_details":${JSON.stringify(details)}}`,
    );
    const plain = JSON.parse((await post(s, mainBody({ stream: false }))).text);
    expect(plain).toMatchObject({ stop_reason: "refusal", stop_details: details });
  });

  it("answers stream: false with a full Message", async () => {
    const s = await start({ script: [{ id: "msg_x", blocks: [{ type: "text", text: "plain" }] }] });
    const res = await post(s, mainBody({ stream: false }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      id: "msg_x",
      type: "message",
      role: "assistant",
      model: "claude-test-model",
      content: [{ type: "text", text: "plain" }],
      stop_reason: "end_turn",
      stop_sequence: null,
    });
  });

  it("sends a message turn's headers and thinking token count, streamed or not", async () => {
    const turn = {
      blocks: [{ type: "text" as const, text: "hi" }],
      usage: { output_tokens: 9, output_tokens_details: { thinking_tokens: 4 } },
      headers: { "anthropic-ratelimit-unified-status": "allowed" },
    };
    const s = await start({ script: [turn, turn] });
    const streamed = await post(s, mainBody());
    expect(streamed.headers.get("anthropic-ratelimit-unified-status")).toBe("allowed");
    const events = parseSse(streamed.text);
    expect(events.find((e) => e.event === "message_delta")!.data.usage).toEqual({
      output_tokens: 9,
      output_tokens_details: { thinking_tokens: 4 },
    });
    const whole = await post(s, mainBody({ stream: false }));
    expect(whole.headers.get("anthropic-ratelimit-unified-status")).toBe("allowed");
    expect(JSON.parse(whole.text).usage).toMatchObject({
      output_tokens: 9,
      output_tokens_details: { thinking_tokens: 4 },
    });
  });

  it("streams slowly with delayMs and can emit a mid-stream error", async () => {
    const s = await start({
      script: [
        { blocks: [{ type: "text", text: "abc", deltas: 3 }], delayMs: 30 },
        { blocks: [{ type: "text", text: "partial" }], streamError: { type: "overloaded_error" } },
      ],
    });
    const t0 = Date.now();
    const slow = parseSse((await post(s, mainBody())).text);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(30 * (slow.length - 1) - 20);
    const broken = parseSse((await post(s, mainBody())).text);
    expect(broken.at(-1)).toEqual({
      event: "error",
      data: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    });
    expect(broken.some((e) => e.event === "message_stop")).toBe(false);
  });

  it("holds a streamed message's end (final usage) until endAfter settles", async () => {
    let release!: () => void;
    const endAfter = new Promise<void>((resolve) => (release = resolve));
    const s = await start({
      script: [
        {
          blocks: [{ type: "tool_use", name: "Bash", input: {} }],
          usage: { output_tokens: 7 },
          endAfter,
        },
      ],
    });
    const res = await fetch(s.url + "/v1/messages", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(mainBody()),
    });
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("content_block_stop"))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain("message_delta");
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += new TextDecoder().decode(chunk.value);
    const events = parseSse(text);
    expect(events.slice(-2).map((e) => e.event)).toEqual(["message_delta", "message_stop"]);
    expect(events.at(-2)!.data.usage).toEqual({ output_tokens: 7 });
  });
});

describe("model-server errors", () => {
  it("answers error turns with an Anthropic error body and default types", async () => {
    const cases: [number, string][] = [
      [429, "rate_limit_error"],
      [529, "overloaded_error"],
      [500, "api_error"],
      [400, "invalid_request_error"],
      [401, "authentication_error"],
    ];
    const s = await start({
      script: cases.map(([status]) => ({ kind: "error" as const, status })),
    });
    for (const [status, type] of cases) {
      const res = await post(s, mainBody());
      expect(res.status).toBe(status);
      expect(res.headers.get("request-id")).toMatch(/^req_/);
      expect(JSON.parse(res.text)).toEqual({
        type: "error",
        error: { type, message: expect.any(String) },
      });
    }
  });

  it("supports message, rawBody, headers, shouldRetry and times", async () => {
    const s = await start({
      script: [
        {
          kind: "error",
          status: 529,
          message: "busy",
          times: 2,
          shouldRetry: false,
          headers: { "retry-after": "1" },
        },
        { kind: "error", status: 502, rawBody: "<html>bad gateway</html>" },
        { blocks: [{ type: "text", text: "ok" }] },
      ],
    });
    for (let i = 0; i < 2; i++) {
      const res = await post(s, mainBody());
      expect(res.status).toBe(529);
      expect(res.headers.get("x-should-retry")).toBe("false");
      expect(res.headers.get("retry-after")).toBe("1");
      expect(JSON.parse(res.text).error).toEqual({ type: "overloaded_error", message: "busy" });
    }
    const raw = await post(s, mainBody());
    expect(raw.status).toBe(502);
    expect(raw.text).toBe("<html>bad gateway</html>");
    expect((await post(s, mainBody())).status).toBe(200);
    expect(s.remaining()).toBe(0);
  });

  it("surfaces as APIError in @anthropic-ai/sdk", async () => {
    const s = await start({ script: [{ kind: "error", status: 429 }] });
    const err = await client(s)
      .messages.create({ model: "m", max_tokens: 1, tools: TOOLS, messages: [] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(429);
  });

  it("answers a 500 when the script is exhausted, or text with onUnscripted: text", async () => {
    const s = await start();
    const res = await post(s, mainBody());
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({
      type: "error",
      error: { type: "api_error", message: SCRIPT_EXHAUSTED_MESSAGE },
    });
    expect(s.mainRequests()).toHaveLength(1);
    await s.close();

    const t = await start({ onUnscripted: "text", sideText: "fallback" });
    const msg = await client(t)
      .messages.stream({ model: "m", max_tokens: 1, tools: TOOLS, messages: [] })
      .finalMessage();
    expect(msg.content).toEqual([{ type: "text", text: "fallback" }]);
    const main = await post(t, mainBody({ stream: false }));
    expect(JSON.parse(main.text).content).toEqual([{ type: "text", text: "fallback" }]);
    expect(t.mainRequests()).toHaveLength(2);
  });
});

describe("model-server side requests", () => {
  it("does not consume the script for side requests", async () => {
    const s = await start({ script: [{ blocks: [{ type: "text", text: "main answer" }] }] });
    // title generation: structured output, no tools
    const title = await post(s, {
      model: "m",
      max_tokens: 100,
      stream: false,
      tools: [],
      system: [
        { type: "text", text: "You are naming a coding session so the user can pick it out" },
      ],
      output_config: {
        format: {
          type: "json_schema",
          schema: {
            type: "object",
            properties: { title: { type: "string" } },
            required: ["title"],
          },
        },
      },
      messages: [{ role: "user", content: "<session>hi</session>" }],
    });
    expect(JSON.parse(JSON.parse(title.text).content[0].text)).toEqual({ title: "OK" });
    // prompt suggestion fork: full tools, cache breakpoint before the last message
    const suggestion = await post(
      s,
      mainBody({
        stream: false,
        messages: [
          { role: "user", content: [{ type: "text", text: "hi" }] },
          {
            role: "assistant",
            content: [{ type: "text", text: "yo", cache_control: { type: "ephemeral" } }],
          },
          {
            role: "user",
            content: "[SUGGESTION MODE: Suggest what the user might naturally type next]",
          },
        ],
      }),
    );
    // A prompt suggestion predicts nothing unless scripted.
    expect(JSON.parse(suggestion.text).content[0].text).toBe("");
    // helper without tools
    const helper = await post(s, {
      model: "m",
      max_tokens: 64,
      messages: [{ role: "user", content: "x" }],
    });
    expect(helper.headers.get("content-type")).toBe("application/json"); // stream flag absent → JSON
    expect(JSON.parse(helper.text).content[0].text).toBe("OK");
    expect(s.remaining()).toBe(1);
    expect(s.mainRequests()).toHaveLength(0);

    const main = await post(s, mainBody({ stream: false }));
    expect(JSON.parse(main.text).content[0].text).toBe("main answer");
    expect(s.requests.map((r) => r.main)).toEqual([false, false, false, true]);
  });

  it("uses sideText, sideTurn and isMain options", async () => {
    const s = await start({
      sideText: "side!",
      sideTurn: (req) =>
        JSON.stringify(req.body.system ?? "").includes("security monitor")
          ? { blocks: [{ type: "text", text: "<severity>0</severity>" }] }
          : undefined,
      isMain: (req) => (req.body?.metadata?.force_main ? true : undefined),
      script: [{ blocks: [{ type: "text", text: "scripted" }] }],
    });
    const a = await post(s, { model: "m", max_tokens: 5, messages: [], stream: false });
    expect(JSON.parse(a.text).content[0].text).toBe("side!");
    const b = await post(s, {
      model: "m",
      max_tokens: 5,
      messages: [],
      stream: false,
      system: "You are a security monitor for autonomous agents",
    });
    expect(JSON.parse(b.text).content[0].text).toBe("<severity>0</severity>");
    const c = await post(s, {
      model: "m",
      max_tokens: 5,
      messages: [],
      stream: false,
      metadata: { force_main: 1 },
    });
    expect(JSON.parse(c.text).content[0].text).toBe("scripted");
    expect(s.requests[2]!.main).toBe(true);
  });

  it("answers count_tokens, GET/HEAD, unknown paths and junk without crashing", async () => {
    const s = await start({ script: [{ blocks: [{ type: "text", text: "still here" }] }] });
    const ct = await post(
      s,
      { model: "m", messages: [{ role: "user", content: "hello" }] },
      "/v1/messages/count_tokens?beta=true",
    );
    expect(ct.status).toBe(200);
    expect(JSON.parse(ct.text)).toEqual({ input_tokens: expect.any(Number) });
    expect((await fetch(s.url + "/api/hello", { method: "HEAD" })).status).toBe(200);
    expect((await fetch(s.url + "/v1/models")).status).toBe(200);
    expect((await post(s, {}, "/v1/nope")).status).toBe(404);
    expect((await post(s, "{not json")).status).toBe(400);
    expect((await post(s, "[1,2]")).status).toBe(400);
    expect((await post(s, "")).status).toBe(400);
    expect(s.requests.find((r) => r.path === "/v1/messages?beta=true")?.body).toBe("{not json");
    expect(s.mainRequests()).toHaveLength(0);
    const ok = await post(s, mainBody({ stream: false }));
    expect(JSON.parse(ok.text).content[0].text).toBe("still here");
  });

  it("lists the models it was given on GET /v1/models (a gateway's listing)", async () => {
    const s = await start({ models: ["claude-sonnet-5", "claude-opus-5"] });
    const listing = (await (await fetch(s.url + "/v1/models?limit=1000")).json()) as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(listing.data.map((m) => m.id)).toEqual(["claude-sonnet-5", "claude-opus-5"]);
    expect(listing.has_more).toBe(false);
  });
});

describe("model-server script control", () => {
  it("supports dynamic turns, push and waitForMainRequest", async () => {
    const s = await start({
      script: [
        (req) => ({
          blocks: [{ type: "text", text: `you said ${req.body.messages[0].content[0].text}` }],
        }),
      ],
    });
    const waiting = s.waitForMainRequest(2, 2000);
    const first = JSON.parse((await post(s, mainBody({ stream: false }))).text);
    expect(first.content[0].text).toBe("you said hi");
    s.push(
      { blocks: [{ type: "text", text: "second" }] },
      { blocks: [{ type: "text", text: "third" }] },
    );
    expect(s.remaining()).toBe(2);
    await post(s, mainBody({ stream: false }));
    const second = await waiting;
    expect(second).toBe(s.mainRequests()[1]);
    expect(await s.waitForMainRequest(1)).toBe(s.mainRequests()[0]);
    expect(s.remaining()).toBe(1);
    await expect(s.waitForMainRequest(5, 50)).rejects.toThrow(/timed out .* main request #5/);
  });

  it("answers a 500 for a throwing dynamic turn and moves on", async () => {
    const s = await start({
      script: [
        () => {
          throw new Error("boom");
        },
        { blocks: [{ type: "text", text: "next" }] },
      ],
    });
    const bad = await post(s, mainBody({ stream: false }));
    expect(bad.status).toBe(500);
    expect(bad.text).toContain("boom");
    const ok = await post(s, mainBody({ stream: false }));
    expect(JSON.parse(ok.text).content[0].text).toBe("next");
  });

  it("hangs until the client disconnects and close() destroys open sockets", async () => {
    const s = await start({ script: [{ kind: "hang" }] });
    const events: string[] = [];
    const done = new Promise<string>((resolve) => {
      const req = http.request(
        s.url + "/v1/messages",
        { method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => events.push(...parseSse(chunk).map((e) => e.event)));
          res.on("close", () => resolve("closed"));
          res.on("error", () => resolve("closed"));
        },
      );
      req.on("error", () => resolve("closed"));
      req.end(JSON.stringify(mainBody()));
    });
    await s.waitForMainRequest(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(["message_start"]);
    const t0 = Date.now();
    await s.close();
    expect(await done).toBe("closed");
    expect(Date.now() - t0).toBeLessThan(1000);
    server = undefined;
  });

  it("close() rejects pending waiters", async () => {
    const s = await start();
    const p = s.waitForMainRequest(1, 5000);
    await s.close();
    server = undefined;
    await expect(p).rejects.toThrow(/closed/);
  });
});

describe("model-server helpers", () => {
  it("classifies main vs side requests", () => {
    const tools = [{ name: "Bash" }];
    const cc = { type: "ephemeral" };
    expect(classifyRequest("POST", "/v1/messages?beta=true", { tools, messages: [] }).main).toBe(
      true,
    );
    expect(classifyRequest("POST", "/v1/messages", { tools: [], messages: [] }).main).toBe(false);
    expect(classifyRequest("GET", "/v1/messages", { tools }).main).toBe(false);
    expect(classifyRequest("POST", "/v1/messages/count_tokens", { tools }).main).toBe(false);
    expect(classifyRequest("POST", "/v1/messages", "junk").main).toBe(false);
    expect(
      classifyRequest("POST", "/v1/messages", {
        tools,
        output_config: { format: { type: "json_schema", schema: {} } },
      }).main,
    ).toBe(false);
    // main loop: cache breakpoint on the last message
    const mainMsgs = [
      { role: "user", content: [{ type: "text", text: "a" }] },
      { role: "assistant", content: [{ type: "text", text: "b" }] },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t", content: "x", cache_control: cc }],
      },
    ];
    expect(classifyRequest("POST", "/v1/messages", { tools, messages: mainMsgs }).main).toBe(true);
    // fork (skipCacheWrite): breakpoint on the message before the appended prompt
    const forkMsgs = [
      { role: "user", content: [{ type: "text", text: "a" }] },
      { role: "assistant", content: [{ type: "text", text: "b", cache_control: cc }] },
      { role: "user", content: "something new" },
    ];
    expect(classifyRequest("POST", "/v1/messages", { tools, messages: forkMsgs })).toEqual({
      main: false,
      reason: "fork: cache breakpoint not on last message",
    });
    expect(
      classifyRequest("POST", "/v1/messages", {
        tools,
        messages: [
          { role: "user", content: "[SUGGESTION MODE: Suggest what the user might type]" },
        ],
      }).main,
    ).toBe(false);
  });

  it("samples JSON schemas and splits text", () => {
    expect(
      sampleFromSchema(
        {
          type: "object",
          properties: {
            title: { type: "string" },
            n: { type: "integer" },
            tags: { type: "array" },
            k: { enum: ["a"] },
          },
          required: ["title", "n", "tags", "k"],
        },
        "T",
      ),
    ).toEqual({ title: "T", n: 0, tags: [], k: "a" });
    expect(splitText("abcdef", 3)).toEqual(["ab", "cd", "ef"]);
    expect(splitText("ab", 5)).toEqual(["a", "b"]);
    expect(splitText("", 3)).toEqual([""]);
    expect(splitText("😀😀", 2)).toEqual(["😀", "😀"]);
  });
});
