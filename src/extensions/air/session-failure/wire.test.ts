import { describe, expect, it } from "vitest";
import type { SessionFailureRecord } from "../../../translation/failures/record.js";
import { sessionFailureUpdate, withSessionFailure } from "./wire.js";

const RECORD: SessionFailureRecord = {
  id: "T:error",
  revision: 2,
  category: "limit",
  severity: "error",
  title: "limited",
  actions: ["retry"],
};

describe("sessionFailure delivery", () => {
  it("a session_info_update carries the record under _meta.jetbrains.air", () => {
    expect(sessionFailureUpdate(RECORD)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { jetbrains: { air: { version: 1, sessionFailure: RECORD } } },
    });
  });

  it("a prompt answer ends end_turn with the record merged into its _meta", () => {
    expect(
      withSessionFailure(
        {
          stopReason: "max_tokens",
          usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
          _meta: { quota: { q: 1 }, jetbrains: { other: true, air: { goal: null } } },
        },
        RECORD,
      ),
    ).toStrictEqual({
      stopReason: "end_turn",
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      _meta: {
        quota: { q: 1 },
        jetbrains: { other: true, air: { goal: null, version: 1, sessionFailure: RECORD } },
      },
    });
  });
});
