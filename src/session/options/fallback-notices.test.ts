import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { FailureReports } from "../turn/failure-reports.js";
import { FallbackNotices } from "./fallback-notices.js";
import type { Outbox } from "../outbox.js";

const TEXT = "Switched to Haiku 4.5 due to high demand for Opus 5.5";
const FALLBACK = {
  type: "system",
  subtype: "model_fallback",
  trigger: "overloaded",
  original_model: "claude-opus-5-5",
  fallback_model: "claude-haiku-4-5",
  content: TEXT,
} as unknown as SDKMessage;

const NOTICES = { session: { notices: {} } };
const AIR_FAILURES = {
  _meta: { jetbrains: { air: { version: 1, capabilities: ["sessionFailure"] } } },
};

const notice = {
  sessionUpdate: "notice",
  severity: "warning",
  title: "Model fallback",
  description: TEXT,
};
const line = {
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text: `**Model fallback:** ${TEXT}` },
};
const record = {
  sessionUpdate: "session_info_update",
  _meta: {
    jetbrains: {
      air: {
        version: 1,
        sessionFailure: {
          id: "S:notice:7:1",
          revision: 1,
          category: "unknown",
          severity: "warning",
          title: TEXT,
          actions: [],
        },
      },
    },
  },
};

function sentFor(capabilities: object, messages: SDKMessage[]): SessionUpdate[] {
  const sent: SessionUpdate[] = [];
  const outbox = { send: (update: SessionUpdate) => sent.push(update) } as unknown as Outbox;
  const profile = parseClientProfile(capabilities);
  const now = Date.now;
  Date.now = () => 7;
  const reports = new FailureReports("S", profile, outbox);
  Date.now = now;
  const notices = new FallbackNotices(profile, outbox, (text) => reports.notice(text));
  for (const message of messages) notices.observe(message);
  return sent;
}

describe("FallbackNotices", () => {
  it.each([
    ["session.notices: the ACP notice", NOTICES, [notice]],
    [
      "session.notices and sessionFailure: the notice, no AIR record",
      { ...NOTICES, ...AIR_FAILURES },
      [notice],
    ],
    ["AIR sessionFailure: the warning record", AIR_FAILURES, [record]],
    [
      "AIR without sessionFailure: a message line",
      { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } },
      [line],
    ],
    ["a plain client: a message line", {}, [line]],
  ])("%s", (_name, capabilities, expected) => {
    expect(sentFor(capabilities, [FALLBACK])).toStrictEqual(expected);
  });

  it.each([
    ["session.notices: the ACP notice", NOTICES, "notice"],
    ["AIR sessionFailure: a message line (AIR has no record for it)", AIR_FAILURES, "line"],
    ["a plain client: a message line", {}, "line"],
  ])("a warning line of Claude Code's, %s", (_name, capabilities, form) => {
    const warning = {
      type: "system",
      subtype: "informational",
      level: "warning",
      content: "auto mode keeps working",
    } as unknown as SDKMessage;
    expect(sentFor(capabilities, [warning])).toStrictEqual([
      form === "notice"
        ? { sessionUpdate: "notice", severity: "warning", title: "auto mode keeps working" }
        : {
            sessionUpdate: "agent_message_chunk",
            content: { type: "text", text: "**Warning:** auto mode keeps working" },
            _meta: { claudeCode: { kind: "informational", level: "warning" } },
          },
    ]);
  });

  it("between turns a notice is announced (held while the session is quiet), in a turn sent", () => {
    const calls: Array<[string, SessionUpdate[]]> = [];
    const outbox = {
      send: (update: SessionUpdate) => calls.push(["send", [update]]),
      announce: (updates: SessionUpdate[]) => calls.push(["announce", updates]),
    } as unknown as Outbox;
    const notices = new FallbackNotices(parseClientProfile(NOTICES), outbox, () => false);
    notices.observe(FALLBACK, true);
    notices.observe(FALLBACK);
    expect(calls).toStrictEqual([
      ["announce", [notice]],
      ["send", [notice]],
    ]);
  });

  it("says nothing for other messages", () => {
    const retry = { type: "system", subtype: "api_retry" } as unknown as SDKMessage;
    expect(sentFor(NOTICES, [retry])).toStrictEqual([]);
  });

  it("an equal consecutive fallback is a new revision of the same AIR record", () => {
    const [first, second] = sentFor(AIR_FAILURES, [FALLBACK, FALLBACK]);
    expect(first).toStrictEqual(record);
    const again = JSON.parse(JSON.stringify(record)) as typeof record;
    again._meta.jetbrains.air.sessionFailure.revision = 2;
    expect(second).toStrictEqual(again);
  });
});
