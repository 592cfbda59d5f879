import { describe, expect, it } from "vitest";
import { loadReplayEndUpdate } from "./load-replay-end.js";

describe("loadReplayEndUpdate", () => {
  it("is a session_info_update with _meta.jetbrains.air.loadReplayEnd: true", () => {
    expect(loadReplayEndUpdate()).toEqual({
      sessionUpdate: "session_info_update",
      _meta: { jetbrains: { air: { version: 1, loadReplayEnd: true } } },
    });
  });
});
