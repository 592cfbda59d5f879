import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { canonicalParams, serveFirstMessage, type Connector } from "./protocol-front.js";

/** A connector that records what it is served, and ends when its input ends. */
function recorder(): Connector & { got: AnyMessage[] } {
  const got: AnyMessage[] = [];
  return {
    got,
    connect: ({ readable }) => ({
      closed: (async () => {
        for await (const message of readable) got.push(message);
      })(),
    }),
  };
}

function streamOf(messages: readonly unknown[]) {
  return {
    readable: new ReadableStream<AnyMessage>({
      start(controller) {
        for (const m of messages) controller.enqueue(m as AnyMessage);
        controller.close();
      },
    }),
    writable: new WritableStream<AnyMessage>(),
  };
}

async function serve(messages: readonly unknown[], v1Allowed = true) {
  const v1 = recorder();
  const router = recorder();
  let routerLoaded = false;
  await serveFirstMessage(streamOf(messages), v1Allowed ? () => v1 : undefined, () => {
    routerLoaded = true;
    return Promise.resolve(router);
  }).closed;
  return { v1: v1.got, router: router.got, routerLoaded };
}

const init = (params: unknown, id: unknown = 0) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params,
});
const later = {
  jsonrpc: "2.0",
  id: 1,
  method: "session/new",
  params: { cwd: "/", mcpServers: [] },
};

describe("serveFirstMessage", () => {
  it("serves a plain v1 initialize with the v1 app, in canonical form, without loading the router", async () => {
    const first = init({
      protocolVersion: 1,
      clientCapabilities: { fs: null, x: [] },
      _meta: { a: null },
    });
    const served = await serve([first, later]);
    expect(served.routerLoaded).toBe(false);
    expect(served.v1).toEqual([
      init({ protocolVersion: 1, clientCapabilities: {}, _meta: { a: null } }),
      later,
    ]);
  });

  it.each([
    ["a v2 initialize", [init({ protocolVersion: 2 }), later], true],
    ["a first request that is not initialize", [later, init({ protocolVersion: 1 })], true],
    ["an initialize without params", [init(undefined)], true],
    ["an initialize with a null id", [init({ protocolVersion: 1 }, null)], true],
    ["a v1 initialize when only v2 is served", [init({ protocolVersion: 1 })], false],
  ])("hands %s to the router, unchanged, with everything after it", async (_name, messages, v1) => {
    const served = await serve(messages, v1);
    expect(served.v1).toEqual([]);
    expect(served.router).toEqual(messages);
  });

  it("hands an input that ends before any message to the router", async () => {
    const served = await serve([]);
    expect(served.routerLoaded).toBe(true);
    expect(served.router).toEqual([]);
  });
});

describe("canonicalParams", () => {
  it("drops null members and empty arrays at every depth, keeps _meta as sent", () => {
    expect(
      canonicalParams({
        a: null,
        b: [],
        c: [{ d: null, e: 1 }, [{ f: null }]],
        _meta: { g: null },
      }),
    ).toEqual({ c: [{ e: 1 }, [{}]], _meta: { g: null } });
  });
});
