import { describe, expect, it } from "vitest";
import { parseProtocolChoice } from "./protocol-choice.js";

describe("parseProtocolChoice", () => {
  it.each([
    [undefined, "auto"],
    ["", "auto"],
    ["auto", "auto"],
    ["v1", "v1"],
    ["v2", "v2"],
  ] as const)("%j → %s", (value, choice) => {
    expect(parseProtocolChoice(value)).toBe(choice);
  });

  it.each(["2", "v3", "V2", " v1", "both"])(
    "rejects %j, naming the variable and the value",
    (value) => {
      expect(() => parseProtocolChoice(value)).toThrow(
        `CLAUDE_AGENT_ACP_PROTOCOL must be "v1", "v2" or "auto", not ${JSON.stringify(value)}`,
      );
    },
  );
});
