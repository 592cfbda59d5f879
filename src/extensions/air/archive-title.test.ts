import { describe, expect, it } from "vitest";
import { titleStateUpdate } from "./archive-title.js";

describe("titleStateUpdate", () => {
  it("publishes the visible title and the archive state", () => {
    expect(titleStateUpdate("[archived] Fix")).toEqual({
      sessionUpdate: "session_info_update",
      title: "Fix",
      _meta: { jetbrains: { air: { version: 1, archived: true } } },
    });
    expect(titleStateUpdate("Fix")).toMatchObject({
      title: "Fix",
      _meta: { jetbrains: { air: { version: 1, archived: false } } },
    });
  });
});
