import { describe, expect, it } from "vitest";
import { parseLodyProfile } from "./profile.js";
import { lodyAgentDeclaration } from "./agent-declaration.js";
import { lodySteerParams, steerApplied, steerInjected, toLodySteerRequest } from "./steer.js";

const NONE = { client: false, subagentEvents: false, answerNotes: false };
const lody = (value: unknown) => ({ lody: value });

describe("parseLodyProfile", () => {
  it.each([
    ["no _meta", undefined],
    ["no lody key", {}],
    ["lody as an array", lody([])],
    ["lody as true", lody(true)],
    ["lody as null", lody(null)],
    ["an inherited lody key", Object.create({ lody: {} })],
  ])("%s: not a Lody client", (_name, meta) => {
    expect(parseLodyProfile(meta, true)).toStrictEqual(NONE);
  });

  it("an empty declaration is a Lody client with no bilateral feature", () => {
    expect(parseLodyProfile(lody({}), true)).toStrictEqual({ ...NONE, client: true });
  });

  it.each([
    ["version 1", { version: 1 }, true],
    ["version 2", { version: 2 }, false],
    ["version as a string", { version: "1" }, false],
    ["no version", {}, false],
    ["true", true, false],
    ["an array", [1], false],
  ])("subagentEvents %s", (_name, value, expected) => {
    expect(parseLodyProfile(lody({ subagentEvents: value }), false).subagentEvents).toBe(expected);
  });

  it.each([
    ["version 1 with notes and form", { version: 1, answerNotes: true }, true, true],
    ["without ACP form elicitation", { version: 1, answerNotes: true }, false, false],
    ["version 2", { version: 2, answerNotes: true }, true, false],
    ["notes not literally true", { version: 1, answerNotes: "true" }, true, false],
    ["no notes", { version: 1 }, true, false],
  ])("answerNotes: %s", (_name, elicitation, form, expected) => {
    expect(parseLodyProfile(lody({ elicitation }), form).answerNotes).toBe(expected);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(parseLodyProfile(lody({}), false))).toBe(true);
  });
});

describe("lodyAgentDeclaration", () => {
  it("advertises exactly what is served", () => {
    expect(lodyAgentDeclaration()).toStrictEqual({
      lody: {
        steering: { version: 1, transport: "request", upstreamTurn: "same", configPolicy: "apply" },
        subagentEvents: { version: 1 },
        usage: { version: 1 },
        rateLimits: { version: 1, query: true },
        sessionTitle: { version: 1 },
        forkAtTurn: { version: 1 },
        goal: { version: 1, actions: ["set", "clear"] },
        compaction: { version: 1 },
        tasks: { version: 1, background: true },
        subagents: { version: 1, lifecycle: true },
      },
    });
  });
});

describe("_lody/session/steer", () => {
  const prompt = [{ type: "text", text: "also this" }];

  it.each([
    ["no steerId", { sessionId: "s", prompt }],
    ["an empty steerId", { sessionId: "s", prompt, steerId: "" }],
    ["a numeric steerId", { sessionId: "s", prompt, steerId: 1 }],
    ["an empty prompt", { sessionId: "s", prompt: [], steerId: "a" }],
    ["a prompt that is not a list", { sessionId: "s", prompt: "x", steerId: "a" }],
    ["an empty session id", { sessionId: "", prompt, steerId: "a" }],
    ["no session id", { prompt, steerId: "a" }],
  ])("refuses %s", (_name, params) => {
    expect(lodySteerParams.safeParse(params).success).toBe(false);
  });

  it("takes well-formed params", () => {
    const parsed = lodySteerParams.parse({ sessionId: "s", prompt, steerId: "a", extra: 1 });
    expect(toLodySteerRequest(parsed)).toStrictEqual({ sessionId: "s", prompt, steerId: "a" });
  });

  it("answers injected and acknowledges with the client's steer id", () => {
    expect(steerInjected()).toStrictEqual({ outcome: "injected" });
    expect(steerApplied("s", "a")).toStrictEqual({
      method: "_lody/session/steer_applied",
      params: { sessionId: "s", steerId: "a" },
    });
  });
});
