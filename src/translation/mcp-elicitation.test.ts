import { describe, expect, it } from "vitest";
import { toAcpElicitation, toMcpElicitResult } from "./mcp-elicitation.js";

const BOTH = { form: true, url: true };
const schema = {
  type: "object",
  properties: { color: { type: "string", title: "Colour" } },
  required: ["color"],
};

describe("toAcpElicitation", () => {
  it("a form request: the server's schema in the session", () => {
    expect(
      toAcpElicitation(
        { serverName: "echo", message: "Which colour?", mode: "form", requestedSchema: schema },
        "s1",
        BOTH,
      ),
    ).toStrictEqual({
      mode: "form",
      sessionId: "s1",
      message: "Which colour?",
      requestedSchema: schema,
    });
  });

  it("a request without a mode is a form; a schema without properties gets none", () => {
    expect(toAcpElicitation({ serverName: "x", message: "OK?" }, "s1", BOTH)).toStrictEqual({
      mode: "form",
      sessionId: "s1",
      message: "OK?",
      requestedSchema: { type: "object", properties: {} },
    });
  });

  it("a URL request", () => {
    expect(
      toAcpElicitation(
        {
          serverName: "x",
          message: "Sign in",
          mode: "url",
          url: "https://a/b",
          elicitationId: "e1",
        },
        "s1",
        BOTH,
      ),
    ).toStrictEqual({
      mode: "url",
      sessionId: "s1",
      message: "Sign in",
      url: "https://a/b",
      elicitationId: "e1",
    });
  });

  it("made during a tool call: the call's id, in both modes", () => {
    expect(toAcpElicitation({ serverName: "x", message: "OK?" }, "s1", BOTH, "t1")).toStrictEqual({
      mode: "form",
      sessionId: "s1",
      toolCallId: "t1",
      message: "OK?",
      requestedSchema: { type: "object", properties: {} },
    });
    expect(
      toAcpElicitation(
        { serverName: "x", message: "In", mode: "url", url: "https://a/b", elicitationId: "e1" },
        "s1",
        BOTH,
        "t2",
      ),
    ).toStrictEqual({
      mode: "url",
      sessionId: "s1",
      toolCallId: "t2",
      message: "In",
      url: "https://a/b",
      elicitationId: "e1",
    });
  });

  it.each([
    [
      "a form for a client without forms",
      { serverName: "x", message: "m" },
      { form: false, url: true },
    ],
    [
      "a URL for a client without URLs",
      { serverName: "x", message: "m", mode: "url" as const, url: "https://a", elicitationId: "e" },
      { form: true, url: false },
    ],
    ["a URL request without a URL", { serverName: "x", message: "m", mode: "url" as const }, BOTH],
  ])("nothing for %s", (_name, request, modes) => {
    expect(toAcpElicitation(request, "s1", modes)).toBeUndefined();
  });
});

describe("toMcpElicitResult", () => {
  it.each([
    [
      { action: "accept", content: { color: "blue" } },
      { action: "accept", content: { color: "blue" } },
    ],
    [{ action: "accept" }, { action: "accept", content: {} }],
    [
      { action: "accept", content: ["x"] },
      { action: "accept", content: {} },
    ],
    [{ action: "decline" }, { action: "decline" }],
    [{ action: "cancel" }, { action: "cancel" }],
  ])("%j", (response, expected) => {
    expect(toMcpElicitResult(response as never)).toStrictEqual(expected);
  });
});
