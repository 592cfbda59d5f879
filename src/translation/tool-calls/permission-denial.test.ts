import { describe, expect, it } from "vitest";
import {
  denialContent,
  denialKind,
  denialResponse,
  permissionDenialOf,
  stampedKind,
} from "./permission-denial.js";

const shout = (text: string) => text.toUpperCase();

describe("permissionDenialOf", () => {
  it("reads a denial, its texts through the redaction", () => {
    expect(
      permissionDenialOf(
        {
          type: "system",
          subtype: "permission_denied",
          tool_name: "Bash",
          tool_use_id: "toolu_1",
          decision_reason_type: "rule",
          decision_reason: "a rule",
          message: "denied",
        },
        shout,
      ),
    ).toStrictEqual({
      toolUseId: "toolu_1",
      decisionReasonType: "rule",
      decisionReason: "A RULE",
      message: "DENIED",
    });
  });

  it("leaves out what Claude Code did not say", () => {
    expect(permissionDenialOf({ tool_use_id: "t", message: "m" }, shout)).toStrictEqual({
      toolUseId: "t",
      message: "M",
    });
    expect(
      permissionDenialOf(
        { tool_use_id: "t", message: "m", decision_reason_type: 3, decision_reason: null },
        shout,
      ),
    ).toStrictEqual({ toolUseId: "t", message: "M" });
  });

  it.each([
    ["no tool use id", { message: "m" }],
    ["no message", { tool_use_id: "t" }],
    ["a message that is not text", { tool_use_id: "t", message: 1 }],
    ["not an object", "denied"],
    ["null", null],
  ])("reads nothing from %s", (_name, message) => {
    expect(permissionDenialOf(message, shout)).toBeUndefined();
  });
});

describe("a denial's fields", () => {
  const denial = { toolUseId: "t", decisionReasonType: "rule", message: "Refused." };

  it("is a classifier block in auto mode, else a rule (or a mode)", () => {
    expect(denialKind({ ...denial, decisionReasonType: "classifier" })).toBe("automode-blocked");
    expect(denialKind(denial)).toBe("permission-rule");
    expect(denialKind({ toolUseId: "t", message: "m" })).toBe("permission-rule");
  });

  it("shows the reason, else the message", () => {
    expect(denialContent({ ...denial, decisionReason: "Blocked by policy" })).toEqual({
      type: "content",
      content: { type: "text", text: "Permission denied: Blocked by policy" },
    });
    expect(denialContent(denial)).toEqual({
      type: "content",
      content: { type: "text", text: "Permission denied: Refused." },
    });
  });

  it("answers upstream's toolResponse, without the keys Claude Code left out", () => {
    expect(denialResponse({ ...denial, decisionReason: "why" })).toStrictEqual({
      decisionReasonType: "rule",
      decisionReason: "why",
      message: "Refused.",
    });
    expect(denialResponse({ toolUseId: "t", message: "m" })).toStrictEqual({ message: "m" });
  });
});

describe("stampedKind", () => {
  it("reads the kind stamped on the tool's result", () => {
    const sidecar = [
      { id: "other", non_execution_kind: "interrupted" },
      "junk",
      { id: "t", non_execution_kind: "automode-unavailable", user_feedback: "x" },
    ];
    expect(stampedKind(sidecar, "t")).toBe("automode-unavailable");
    expect(stampedKind(sidecar, "other")).toBe("interrupted");
  });

  it.each([
    ["no sidecar", undefined],
    ["a sidecar that is not a list", { id: "t", non_execution_kind: "cancelled" }],
    ["no entry for the tool", [{ id: "u", non_execution_kind: "cancelled" }]],
    ["an entry without a kind", [{ id: "t", built_in_tool: "Bash" }]],
    ["a kind that is not text", [{ id: "t", non_execution_kind: 7 }]],
  ])("reads none from %s", (_name, sidecar) => {
    expect(stampedKind(sidecar, "t")).toBeUndefined();
  });
});
