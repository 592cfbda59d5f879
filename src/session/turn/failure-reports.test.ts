import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import type { TurnEnd } from "../../translation/turn-end.js";
import { FailureReports } from "./failure-reports.js";
import type { Outbox } from "../outbox.js";
import { Turn } from "./turn.js";

const AIR = (capabilities: string[]) =>
  parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities } } } });

function setup(capabilities = ["sessionFailure"]) {
  const sent: SessionUpdate[] = [];
  const outbox = { send: (update: SessionUpdate) => sent.push(update) } as unknown as Outbox;
  const reports = new FailureReports("S", AIR(capabilities), outbox);
  const turn = new Turn({ content: [], resolve: () => {}, reject: () => {} }, {});
  reports.turnStarted();
  return { reports, turn, sent };
}

const sdk = (fields: Record<string, unknown>) => fields as unknown as SDKMessage;
const retry = sdk({
  type: "system",
  subtype: "api_retry",
  attempt: 1,
  max_retries: 2,
  error_status: 429,
  error: "rate_limit",
});
const errorMessage = (error: string, text: string, status?: number) =>
  sdk({
    type: "assistant",
    parent_tool_use_id: null,
    error,
    api_error_status: status,
    message: { model: "<synthetic>", content: [{ type: "text", text }] },
  });
const result = (fields: Record<string, unknown>) =>
  ({
    type: "result",
    subtype: "success",
    is_error: true,
    result: "",
    usage: { input_tokens: 0, output_tokens: 0 },
    modelUsage: {},
    total_cost_usd: 0,
    ...fields,
  }) as unknown as SDKResultMessage;
const failed = (text: string, auth = false): TurnEnd => ({ kind: "error", text, auth });
const stopped: TurnEnd = {
  kind: "response",
  updates: [],
  response: { stopReason: "max_turn_requests" },
};

const NO_TOKENS = {
  inputTokens: 0,
  outputTokens: 0,
  cachedReadTokens: 0,
  cachedWriteTokens: 0,
  totalTokens: 0,
};
const ANSWER_META = {
  quota: {
    token_count: {
      totalTokens: 0,
      inputTokens: 0,
      cachedInputTokens: 0,
      cachedWriteTokens: 0,
      outputTokens: 0,
      reasoningOutputTokens: 0,
    },
    model_usage: [],
  },
};

function recordOf(end: TurnEnd): unknown {
  if (end.kind !== "response") return undefined;
  return (end.response._meta as { jetbrains?: { air?: { sessionFailure?: unknown } } }).jetbrains
    ?.air?.sessionFailure;
}

describe("FailureReports", () => {
  it("without the capability: nothing is sent and every end stays as it was", () => {
    for (const capabilities of [[], ["diffPatch"]]) {
      const { reports, turn, sent } = setup(capabilities);
      reports.observe(turn, retry);
      reports.observe(turn, errorMessage("rate_limit", "limited", 429));
      const end = failed("limited");
      expect(reports.turnEnd(turn, result({ result: "limited" }), end)).toBe(end);
      expect(
        reports.turnEnd(turn, result({ subtype: "error_max_turns", errors: [] }), stopped),
      ).toBe(stopped);
      expect(reports.lost(turn, undefined)).toBeUndefined();
      expect(reports.lost(turn, refusedStart("proxy_invalid"))).toBeUndefined();
      expect(sent).toEqual([]);
    }
  });

  it("a retry goes out at once; the failure is the next revision, on an end_turn answer", () => {
    const { reports, turn, sent } = setup();
    reports.observe(turn, retry);
    expect(sent).toEqual([
      {
        sessionUpdate: "session_info_update",
        _meta: {
          jetbrains: {
            air: {
              version: 1,
              sessionFailure: {
                id: `${turn.id}:error`,
                revision: 1,
                category: "limit",
                severity: "warning",
                title: "Retrying Claude, attempt 1 of 2.",
                reason: "rate_limit",
                actions: [],
              },
            },
          },
        },
      },
    ]);
    reports.observe(turn, errorMessage("rate_limit", "API Error: Request rejected (429) · x", 429));
    const end = reports.turnEnd(turn, result({ result: "ignored" }), failed("ignored"));
    expect(end).toStrictEqual({
      kind: "response",
      updates: [],
      response: {
        stopReason: "end_turn",
        usage: NO_TOKENS,
        _meta: {
          ...ANSWER_META,
          jetbrains: {
            air: {
              version: 1,
              sessionFailure: {
                id: `${turn.id}:error`,
                revision: 2,
                category: "limit",
                actions: ["retry"],
                severity: "error",
                title: "API Error: Request rejected (429) · x",
                reason: "rate_limit",
              },
            },
          },
        },
      },
    });
  });

  it("a sign-in failure keeps its authRequired end, and sends no retry warning", () => {
    const { reports, turn, sent } = setup();
    reports.observe(turn, sdk({ ...retry, error_status: 401, error: "authentication_failed" }));
    reports.observe(turn, errorMessage("authentication_failed", "Failed to authenticate", 401));
    const end = failed("Failed to authenticate", true);
    expect(reports.turnEnd(turn, result({}), end)).toBe(end);
    expect(sent).toEqual([]);
  });

  it("not logged in (no error kind) keeps its authRequired end", () => {
    const { reports, turn } = setup();
    const end = failed("Not logged in · Please run /login", true);
    expect(
      reports.turnEnd(turn, result({ result: "Not logged in · Please run /login" }), end),
    ).toBe(end);
  });

  it("a 401 that the outcome did not read as sign-in still ends authRequired", () => {
    const { reports, turn } = setup();
    reports.observe(turn, errorMessage("unknown", "API Error: 401", 401));
    expect(reports.turnEnd(turn, result({}), failed("API Error: 401"))).toEqual(
      failed("API Error: 401", true),
    );
  });

  it("a cloud credential error is a service record, not authRequired", () => {
    const { reports, turn } = setup();
    reports.observe(turn, errorMessage("cloud_credential_error", "Could not load AWS credentials"));
    const end = reports.turnEnd(turn, result({}), failed("Could not load AWS credentials", true));
    expect(recordOf(end)).toEqual({
      id: `${turn.id}:error`,
      revision: 1,
      category: "service",
      actions: ["retry"],
      severity: "error",
      title: "Could not load AWS credentials",
      reason: "cloud_credential_error",
    });
  });

  it("the turn limit and an output limit are limit records on end_turn", () => {
    const { reports, turn } = setup();
    const end = reports.turnEnd(
      turn,
      result({ subtype: "error_max_turns", errors: ["Reached the maximum number of turns (1)"] }),
      stopped,
    );
    expect(end.kind === "response" && end.response.stopReason).toBe("end_turn");
    expect(recordOf(end)).toEqual({
      id: `${turn.id}:error`,
      revision: 1,
      category: "limit",
      actions: ["new_session"],
      severity: "error",
      title: "Reached the maximum number of turns (1)",
      reason: "turn_limit",
    });
    const output = setup();
    output.reports.observe(output.turn, errorMessage("max_output_tokens", "Output limit"));
    const tokens = { ...stopped, response: { stopReason: "max_tokens" as const } };
    expect(recordOf(output.reports.turnEnd(output.turn, result({}), tokens))).toMatchObject({
      category: "limit",
      reason: "max_output_tokens",
      title: "Output limit",
    });
  });

  it("a successful turn keeps its answer", () => {
    const { reports, turn } = setup();
    reports.observe(
      turn,
      sdk({ type: "assistant", parent_tool_use_id: null, message: { model: "m", content: [] } }),
    );
    const done: TurnEnd = { kind: "response", updates: [], response: { stopReason: "end_turn" } };
    expect(
      reports.turnEnd(turn, result({ is_error: false, stop_reason: "max_tokens" }), done),
    ).toBe(done);
  });

  it("a Claude Code lost while idle is a session-scoped connection record, told at once", () => {
    const { reports, sent } = setup();
    reports.lostIdle();
    reports.lostIdle();
    expect(sent).toStrictEqual(
      [1, 2].map((n) => ({
        sessionUpdate: "session_info_update",
        _meta: {
          jetbrains: {
            air: {
              version: 1,
              sessionFailure: {
                id: expect.stringMatching(new RegExp(`^S:session-error:\\d+:${n}$`)),
                revision: 1,
                category: "connection",
                actions: ["new_session"],
                severity: "error",
                title: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
                reason: "transport_loss",
              },
            },
          },
        },
      })),
    );
    const plain = setup([]);
    plain.reports.lostIdle();
    expect(plain.sent).toEqual([]);
  });

  it("a lost Claude Code is a connection record", () => {
    const { reports, turn } = setup();
    expect(reports.lost(turn, new Error("exited with code 1"))).toStrictEqual({
      stopReason: "end_turn",
      usage: NO_TOKENS,
      _meta: {
        ...ANSWER_META,
        jetbrains: {
          air: {
            version: 1,
            sessionFailure: {
              id: `${turn.id}:error`,
              revision: 1,
              category: "connection",
              actions: ["new_session"],
              severity: "error",
              title: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
              reason: "transport_loss",
            },
          },
        },
      },
    });
  });

  it("a restart Claude Code refused: its reason and its own text, a service error to retry", () => {
    const { reports, turn } = setup();
    expect(reports.lost(turn, refusedStart("proxy_invalid"))).toStrictEqual({
      stopReason: "end_turn",
      usage: NO_TOKENS,
      _meta: {
        ...ANSWER_META,
        jetbrains: {
          air: {
            version: 1,
            sessionFailure: {
              id: `${turn.id}:error`,
              revision: 1,
              category: "service",
              actions: ["retry"],
              severity: "error",
              title: "Invalid proxy URL in HTTPS_PROXY. Fix or unset HTTPS_PROXY.",
              reason: "proxy_invalid",
            },
          },
        },
      },
    });
    // A sign-in it needs: no record, the prompt ends with authRequired.
    expect(reports.lost(turn, refusedStart("gateway_signin_required"))).toBeUndefined();
  });

  it("a start refused while idle is a session-scoped record; one its turn told is not repeated", () => {
    const { reports, turn, sent } = setup();
    reports.lostIdle(refusedStart("gateway_signin_required"));
    expect(sent).toEqual([]);
    reports.lostIdle(refusedStart("proxy_invalid"));
    expect(sent).toStrictEqual([
      {
        sessionUpdate: "session_info_update",
        _meta: {
          jetbrains: {
            air: {
              version: 1,
              sessionFailure: {
                id: expect.stringMatching(/^S:session-error:\d+:1$/),
                revision: 1,
                category: "service",
                actions: ["retry"],
                severity: "error",
                title: "Invalid proxy URL in HTTPS_PROXY. Fix or unset HTTPS_PROXY.",
                reason: "proxy_invalid",
              },
            },
          },
        },
      },
    ]);
    // The turn's result told the refused start; the exit after it adds nothing.
    const refused = result({
      subtype: "error_during_execution",
      errors: ["Invalid proxy URL"],
      startup_failure_reason: "proxy_invalid",
    });
    const ended = reports.turnEnd(turn, refused, failed("Invalid proxy URL"));
    expect(ended).toMatchObject({
      response: {
        stopReason: "end_turn",
        _meta: { jetbrains: { air: { sessionFailure: { reason: "proxy_invalid" } } } },
      },
    });
    reports.lostIdle(refusedStart("proxy_invalid"));
    expect(sent).toHaveLength(1);
  });
});

/** The SDK's error for a start Claude Code refused (`startupFailureReason`). */
function refusedStart(reason: string): Error {
  return Object.assign(
    new Error(
      "Claude Code returned an error result: Invalid proxy URL in HTTPS_PROXY. Fix or unset HTTPS_PROXY.",
    ),
    { startupFailureReason: reason },
  );
}
