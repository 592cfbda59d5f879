import { describe, expect, it } from "vitest";
import { commandsBeforeAnswer } from "../../session/start/start-state.js";
import { parseClientProfile } from "../compose.js";
import { v1ClientCapabilities } from "./initialize-mapping.js";

describe("v2 hooks", () => {
  const v2 = parseClientProfile(v1ClientCapabilities({}), 2);
  const v1 = parseClientProfile({}, 1);

  it("a v2 client's starts are answered from the cache only with the commands (its setup answers carry them)", () => {
    expect(commandsBeforeAnswer(v2, false)).toBe(true);
    expect(commandsBeforeAnswer(v1, false)).toBe(false);
    // A load needs them for every client.
    expect(commandsBeforeAnswer(v1, true)).toBe(true);
  });
});
