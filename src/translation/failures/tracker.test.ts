import { describe, expect, it } from "vitest";
import { SessionFailures, type ApiRetry } from "./tracker.js";

const identity = (text: string) => text;
const redactKeys = (text: string) => text.replace(/sk-[a-z0-9-]+/g, "[redacted-key]");

function failures(): SessionFailures {
  return new SessionFailures("S", 1700, redactKeys);
}

const retry = (attempt: number, error: string, status: number | null, max = 3): ApiRetry => ({
  attempt,
  maxRetries: max,
  error,
  status,
});

describe("SessionFailures: one incident per turn, rising revisions", () => {
  it("429, then 529 retries, then a terminal error: one id, revisions 1 to 3", () => {
    const f = failures();
    const records = [
      f.retry("T1", retry(1, "rate_limit", 429)),
      f.retry("T1", retry(2, "overloaded", 529)),
      f.turnFailed("T1", {
        error: "overloaded",
        status: 529,
        text: "API Error: 529 Overloaded sk-secret-1",
      }),
    ];
    expect(records).toEqual([
      {
        id: "T1:error",
        revision: 1,
        category: "limit",
        severity: "warning",
        title: "Retrying Claude, attempt 1 of 3.",
        reason: "rate_limit",
        actions: [],
      },
      {
        id: "T1:error",
        revision: 2,
        category: "service",
        severity: "warning",
        title: "Retrying Claude, attempt 2 of 3.",
        reason: "overloaded",
        actions: [],
      },
      {
        id: "T1:error",
        revision: 3,
        category: "service",
        severity: "error",
        title: "API Error: 529 Overloaded [redacted-key]",
        reason: "overloaded",
        actions: ["retry"],
      },
    ]);
  });

  it("a retry without an HTTP response is a connection warning: Reconnecting", () => {
    expect(failures().retry("T1", retry(2, "unknown", null, 10))).toEqual({
      id: "T1:error",
      revision: 1,
      category: "connection",
      severity: "warning",
      title: "Reconnecting to Claude, attempt 2 of 10.",
      reason: "connection",
      actions: [],
    });
  });

  it("a terminal error without retries is revision 1; a 400 is a request error", () => {
    expect(
      failures().turnFailed("T1", {
        error: "unknown",
        status: 400,
        text: "API Error: 400 bad",
      }),
    ).toEqual({
      id: "T1:error",
      revision: 1,
      category: "request",
      severity: "error",
      title: "API Error: 400 bad",
      reason: "invalid_request",
      actions: [],
    });
  });

  it("a later turn's failure is a new incident with its own id", () => {
    const f = failures();
    f.turnFailed("T1", { error: "rate_limit", text: "limited" });
    expect(f.turnFailed("T2", { error: "rate_limit", text: "limited" })).toMatchObject({
      id: "T2:error",
      revision: 1,
    });
  });

  it("revisions of a turn keep rising across other records in between", () => {
    const f = failures();
    f.retry("T1", retry(1, "rate_limit", 429));
    f.notice("Switched to a fallback model");
    expect(f.turnFailed("T1", { error: "rate_limit", text: "x" })).toMatchObject({
      id: "T1:error",
      revision: 2,
    });
  });

  it("a sign-in retry or failure is no record (authRequired follows)", () => {
    const f = failures();
    expect(f.retry("T1", retry(1, "authentication_failed", 401))).toBeUndefined();
    expect(f.retry("T1", retry(1, "oauth_org_not_allowed", 403))).toBeUndefined();
    expect(f.turnFailed("T1", { error: "authentication_failed", text: "x" })).toBeUndefined();
    expect(f.turnFailed("T1", { status: 401, text: "x" })).toBeUndefined();
    expect(f.activeIds()).toEqual([]);
  });

  it("a failure without words gets the adapter's own title", () => {
    expect(failures().turnFailed("T1", { error: "server_error", text: "  " })).toMatchObject({
      title: "Claude Code ended the turn with an error. Try again.",
    });
  });

  it("a lost Claude Code: connection, new_session, the adapter's own text", () => {
    expect(failures().turnLost("T1")).toEqual({
      id: "T1:error",
      revision: 1,
      category: "connection",
      severity: "error",
      title: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
      reason: "transport_loss",
      actions: ["new_session"],
    });
  });
});

describe("SessionFailures: session-scoped incidents and notices", () => {
  it("session errors count within the epoch", () => {
    const f = new SessionFailures("S", 42, identity);
    expect([
      f.sessionError("worker_shutdown", undefined),
      f.sessionError("internal", "boom"),
    ]).toEqual([
      {
        id: "S:session-error:42:1",
        revision: 1,
        category: "connection",
        severity: "error",
        title: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
        reason: "worker_shutdown",
        actions: ["new_session"],
      },
      {
        id: "S:session-error:42:2",
        revision: 1,
        category: "service",
        severity: "error",
        title: "boom",
        reason: "internal",
        actions: ["retry", "new_session"],
      },
    ]);
  });

  it("without words, a lost runtime and an internal error get the adapter's own titles", () => {
    const f = new SessionFailures("S", 42, identity);
    expect([f.sessionError("transport_loss", ""), f.sessionError("internal", undefined)]).toEqual([
      {
        id: "S:session-error:42:1",
        revision: 1,
        category: "connection",
        severity: "error",
        title: "Claude Code stopped unexpectedly. Send the prompt again to continue.",
        reason: "transport_loss",
        actions: ["new_session"],
      },
      {
        id: "S:session-error:42:2",
        revision: 1,
        category: "service",
        severity: "error",
        title: "Claude Code ended the turn with an error. Try again.",
        reason: "internal",
        actions: ["retry", "new_session"],
      },
    ]);
  });

  it("remembers the revisions of the 32 latest records", () => {
    const f = failures();
    for (let n = 1; n <= 32; n++) f.turnFailed(`T${n}`, { error: "rate_limit", text: "x" });
    expect(f.turnFailed("T1", { error: "rate_limit", text: "x" })?.revision).toBe(2);
    for (let n = 2; n <= 33; n++) f.turnFailed(`U${n}`, { error: "rate_limit", text: "x" });
    expect(f.turnFailed("T1", { error: "rate_limit", text: "x" })?.revision).toBe(1);
  });

  it("an equal consecutive notice reuses its id; another is a new one", () => {
    const f = new SessionFailures("S", 7, identity);
    const ids = [
      f.notice("Using the fallback model"),
      f.notice("Using the fallback model"),
      f.notice("Something else"),
      f.notice("Using the fallback model"),
    ].map((r) => [r?.id, r?.revision]);
    expect(ids).toEqual([
      ["S:notice:7:1", 1],
      ["S:notice:7:1", 2],
      ["S:notice:7:2", 1],
      ["S:notice:7:3", 1],
    ]);
    expect(f.notice("  ")).toBeUndefined();
    expect(f.notice("Something else")).toEqual({
      id: "S:notice:7:4",
      revision: 1,
      category: "unknown",
      severity: "warning",
      title: "Something else",
      actions: [],
    });
  });
});

describe("SessionFailures: recovery is internal state", () => {
  it("a turn failure stays active until a real model answer", () => {
    const f = failures();
    f.retry("T1", retry(1, "rate_limit", 429));
    expect(f.activeIds()).toEqual(["T1:error"]);
    f.runtimeReplaced();
    expect(f.activeIds()).toEqual(["T1:error"]);
    f.modelAnswered();
    expect(f.activeIds()).toEqual([]);
  });

  it("a transport loss stays active until the runtime is replaced", () => {
    const f = failures();
    f.turnLost("T1");
    f.modelAnswered();
    expect(f.activeIds()).toEqual(["T1:error"]);
    f.runtimeReplaced();
    expect(f.activeIds()).toEqual([]);
  });

  it("a restored quota failure stays active until a real model answer", () => {
    const f = failures();
    f.restored("U0:error");
    f.runtimeReplaced();
    expect(f.activeIds()).toEqual(["U0:error"]);
    f.modelAnswered();
    expect(f.activeIds()).toEqual([]);
  });

  it("session errors recover by their kind: a lost runtime by a new one, others by an answer", () => {
    const f = failures();
    f.sessionError("worker_shutdown", undefined);
    f.sessionError("transport_loss", undefined);
    f.sessionError("internal", undefined);
    f.modelAnswered();
    expect(f.activeIds()).toEqual(["S:session-error:1700:1", "S:session-error:1700:2"]);
    f.runtimeReplaced();
    expect(f.activeIds()).toEqual([]);
  });

  it("a new incident does not end an older one; a notice is never active", () => {
    const f = failures();
    f.turnLost("T1");
    f.turnFailed("T2", { error: "rate_limit", text: "x" });
    f.notice("fallback");
    expect(f.activeIds()).toEqual(["T1:error", "T2:error"]);
    f.modelAnswered();
    expect(f.activeIds()).toEqual(["T1:error"]);
  });

  it("a usage-limit failure is a quota failure, not a runtime one", () => {
    const f = failures();
    f.turnFailed("T1", { usageLimit: true, error: "rate_limit", text: "You've hit your limit" });
    f.runtimeReplaced();
    expect(f.activeIds()).toEqual(["T1:error"]);
  });
});

describe("SessionFailures: a start Claude Code refused", () => {
  it("is the turn's error record: service, retry, Claude Code's text and reason", () => {
    const f = failures();
    expect(f.startFailed("T1", "Invalid proxy URL in HTTPS_PROXY.", "proxy_invalid")).toEqual({
      id: "T1:error",
      revision: 1,
      category: "service",
      severity: "error",
      title: "Invalid proxy URL in HTTPS_PROXY.",
      reason: "proxy_invalid",
      actions: ["retry"],
    });
    expect(f.activeIds()).toEqual(["T1:error"]);
    f.modelAnswered();
    expect(f.activeIds()).toEqual([]);
  });

  it("a turn whose result says Claude Code did not start: that reason", () => {
    expect(
      failures().turnFailed("T2", {
        subtype: "error_during_execution",
        startupFailure: "proxy_invalid",
        text: "Invalid proxy URL.",
      }),
    ).toEqual({
      id: "T2:error",
      revision: 1,
      category: "service",
      severity: "error",
      title: "Invalid proxy URL.",
      reason: "proxy_invalid",
      actions: ["retry"],
    });
  });

  it("while no turn ran: a session-scoped incident", () => {
    const f = new SessionFailures("S", 7, identity);
    expect(f.sessionStartFailed("Invalid proxy URL.", "proxy_invalid")).toEqual({
      id: "S:session-error:7:1",
      revision: 1,
      category: "service",
      severity: "error",
      title: "Invalid proxy URL.",
      reason: "proxy_invalid",
      actions: ["retry"],
    });
  });
});
