import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";

/** A message stream pair, as the ACP SDK's apps and router connect to. */
export interface MessageStream {
  readonly readable: ReadableStream<AnyMessage>;
  readonly writable: WritableStream<AnyMessage>;
}

/** What serving a connection returns: it settles when the connection is over. */
export interface ServedConnection {
  readonly closed: Promise<unknown>;
}

/** Something that serves a message stream (a v1 app, the version router). */
export interface Connector {
  connect(stream: MessageStream): ServedConnection;
}

/**
 * Serves `stream` with the v1 app when the client's first message is a plain v1
 * `initialize` (an object `params` with `protocolVersion` 1), and with the ACP SDK's
 * version router, loaded only then, for anything else (a v2 client, an `initialize`
 * the router answers or refuses, a stream that ends first). Why: the router imports the
 * draft v2 schemas, whose zod objects cost ~8 MB of RSS in every adapter process, while
 * most clients speak v1 (issue 34: RSS after `session/new`). On the v1 path the app
 * sees what the router would have handed it: the same message, its `params` in the
 * router's canonical form (`canonicalParams`).
 */
export function serveFirstMessage(
  stream: MessageStream,
  v1: (() => Connector) | undefined,
  router: () => Promise<Connector>,
): ServedConnection {
  const reader = stream.readable.getReader();
  const closed = reader.read().then(
    async (first) => {
      const plainV1 = v1 && !first.done ? plainV1Initialize(first.value) : undefined;
      const head = first.done ? [] : [plainV1 ?? first.value];
      const target = plainV1 && v1 ? v1() : await router();
      const readable = prepended(head, reader);
      return target.connect({ readable, writable: stream.writable }).closed;
    },
    // The input broke before its first message: the router ends the connection as it does.
    async (error: unknown) => {
      const readable = new ReadableStream<AnyMessage>({ start: (c) => c.error(error) });
      return (await router()).connect({ readable, writable: stream.writable }).closed;
    },
  );
  return { closed };
}

/** The first message as the v1 app gets it, when it is a plain v1 `initialize` request. */
function plainV1Initialize(message: AnyMessage): AnyMessage | undefined {
  const request = message as {
    jsonrpc?: unknown;
    method?: unknown;
    id?: unknown;
    params?: unknown;
  };
  if (request.jsonrpc !== "2.0" || request.method !== "initialize") return undefined;
  if (typeof request.id !== "string" && typeof request.id !== "number") return undefined;
  if (!isJsonObject(request.params) || request.params.protocolVersion !== 1) return undefined;
  return { ...message, params: canonicalParams(request.params) } as AnyMessage;
}

/**
 * The router's canonical form of `initialize` params (serde's output: no null members,
 * no empty arrays, `_meta` as sent); the v1 app parses them with its own schema after.
 */
export function canonicalParams(value: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === undefined) continue;
    if (key === "_meta") result[key] = member;
    else if (Array.isArray(member)) {
      if (member.length > 0) result[key] = member.map(canonicalValue);
    } else result[key] = isJsonObject(member) ? canonicalParams(member) : member;
  }
  return result;
}

function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  return isJsonObject(value) ? canonicalParams(value) : value;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `head`, then the rest of `source`; cancelling it cancels the source. */
function prepended(
  head: readonly AnyMessage[],
  source: ReadableStreamDefaultReader<AnyMessage>,
): ReadableStream<AnyMessage> {
  const queued = [...head];
  return new ReadableStream<AnyMessage>({
    async pull(controller) {
      const next = queued.shift();
      if (next !== undefined) return controller.enqueue(next);
      const result = await source.read();
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    cancel: (reason) => source.cancel(reason),
  });
}
