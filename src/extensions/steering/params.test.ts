import { describe, expect, it } from "vitest";
import { steerAnswer } from "./outcome.js";
import { steeringParams, toSteerRequest } from "./params.js";
import { steeringAgentMeta } from "./declaration.js";

const text = [{ type: "text", text: "look at the logs" }];

describe("steeringParams", () => {
  it.each([
    ["no prompt", { sessionId: "s" }],
    ["an empty prompt", { sessionId: "s", prompt: [] }],
    ["a prompt that is not a list", { sessionId: "s", prompt: "look" }],
    ["no session id", { prompt: text }],
    ["an empty session id", { sessionId: "", prompt: text }],
    ["a session id that is not a string", { sessionId: 7, prompt: text }],
    ["a text block without text", { sessionId: "s", prompt: [{ type: "text" }] }],
    ["an unknown block type", { sessionId: "s", prompt: [{ type: "video", uri: "x" }] }],
    [
      "an image without data",
      { sessionId: "s", prompt: [{ type: "image", mimeType: "image/png" }] },
    ],
    [
      "a link without a name",
      { sessionId: "s", prompt: [{ type: "resource_link", uri: "file:///a" }] },
    ],
    ["a resource without uri", { sessionId: "s", prompt: [{ type: "resource", resource: {} }] }],
    [
      "an idle behaviour that is not a string",
      { sessionId: "s", prompt: text, _meta: { steering: { idleBehavior: 1 } } },
    ],
    [
      "_meta.steering that is not an object",
      { sessionId: "s", prompt: text, _meta: { steering: 1 } },
    ],
  ])("refuses %s", (_, params) => {
    expect(steeringParams.safeParse(params).success).toBe(false);
  });

  it.each([
    ["no _meta", { sessionId: "s", prompt: text }, "start"],
    ["a null _meta", { sessionId: "s", prompt: text, _meta: null }, "start"],
    ["another namespace only", { sessionId: "s", prompt: text, _meta: { other: 1 } }, "start"],
    [
      "promptRequired",
      { sessionId: "s", prompt: text, _meta: { steering: { idleBehavior: "promptRequired" } } },
      "refuse",
    ],
    [
      "an idle behaviour the adapter does not know",
      { sessionId: "s", prompt: text, _meta: { steering: { idleBehavior: "later" } } },
      "start",
    ],
  ])("takes %s", (_, params, idle) => {
    const parsed = steeringParams.parse(params);
    expect(toSteerRequest(parsed)).toEqual({
      sessionId: "s",
      prompt: text,
      idle,
      answer: steerAnswer,
    });
  });

  it("takes every prompt block type it reads (what Claude cannot take is refused later)", () => {
    const prompt = [
      { type: "text", text: "a" },
      { type: "image", mimeType: "image/png", data: "AAAA" },
      { type: "audio", mimeType: "audio/wav", data: "AAAA" },
      { type: "resource_link", uri: "file:///a.ts", name: "a.ts" },
      { type: "resource", resource: { uri: "file:///b.ts", text: "b" } },
    ];
    expect(toSteerRequest(steeringParams.parse({ sessionId: "s", prompt })).prompt).toEqual(prompt);
  });
});

describe("steerAnswer", () => {
  it.each([
    ["injected", { outcome: "injected" }],
    ["started", { outcome: "startedNewTurn" }],
    ["refused", { outcome: "promptRequired", reason: "noRunningTurn" }],
  ] as const)("%s", (result, answer) => {
    expect(steerAnswer(result)).toStrictEqual(answer);
  });
});

describe("steeringAgentMeta", () => {
  it("is the shared key every client gets", () => {
    expect(steeringAgentMeta()).toStrictEqual({ steering: { supported: true } });
  });
});
