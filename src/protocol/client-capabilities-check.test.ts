import { describe, expect, it } from "vitest";
import { checkClientCapabilities } from "./client-capabilities-check.js";

describe("checkClientCapabilities", () => {
  it.each([
    [undefined],
    [{}],
    [{ fs: { readTextFile: true }, terminal: true }],
    [{ fs: {}, terminal: false }],
    [{ terminal: {} }],
    [{ _meta: "anything", auth: 3 }],
  ])("accepts %j", (capabilities) => {
    expect(() => checkClientCapabilities(capabilities)).not.toThrow();
  });

  it.each([
    ["yes", "Invalid params: clientCapabilities must be an object"],
    [null, "Invalid params: clientCapabilities must be an object"],
    [[], "Invalid params: clientCapabilities must be an object"],
    [42, "Invalid params: clientCapabilities must be an object"],
    [{ fs: true }, "Invalid params: clientCapabilities.fs must be an object"],
    [{ fs: null }, "Invalid params: clientCapabilities.fs must be an object"],
    [{ fs: [] }, "Invalid params: clientCapabilities.fs must be an object"],
    [{ terminal: "yes" }, "Invalid params: clientCapabilities.terminal must be a boolean"],
    [{ terminal: null }, "Invalid params: clientCapabilities.terminal must be a boolean"],
    [{ terminal: 1 }, "Invalid params: clientCapabilities.terminal must be a boolean"],
  ])("rejects %j", (capabilities, message) => {
    expect(() => checkClientCapabilities(capabilities)).toThrow(
      expect.objectContaining({ code: -32602, message }),
    );
  });
});
