import { describe, expect, it } from "vitest";
import {
  batchGetParams,
  listSubscribeParams,
  listUnsubscribeParams,
  renameParams,
  sessionIdParams,
} from "./session-index-params.js";

describe("session index params", () => {
  it.each([
    [sessionIdParams, { sessionId: "s" }, true],
    [sessionIdParams, { sessionId: "" }, false],
    [sessionIdParams, {}, false],
    [renameParams, { sessionId: "s", title: "New" }, true],
    [renameParams, { sessionId: "s", title: "  " }, false],
    [renameParams, { sessionId: "s" }, false],
    [batchGetParams, { sessionIds: ["a", "b"] }, true],
    [batchGetParams, { sessionIds: [1] }, false],
    [batchGetParams, { sessionIds: Array(1001).fill("a") }, false],
    [listSubscribeParams, { cwd: "/work/p" }, true],
    [listSubscribeParams, { cwd: "work/p" }, false],
    [listSubscribeParams, {}, false],
    [listUnsubscribeParams, { subscriptionId: "x" }, true],
    [listUnsubscribeParams, { subscriptionId: 1 }, false],
  ])("%#: %j parses: %s", (schema, params, ok) => {
    expect(schema.safeParse(params).success).toBe(ok);
  });
});
