import { describe, expect, it } from "vitest";
import {
  classify,
  conditionOf,
  isSignInFailure,
  type FailureCondition,
  type FailureFacts,
} from "./record.js";

describe('classify (air-extensions.md "Categories and actions")', () => {
  it.each<[FailureCondition, string, string[]]>([
    ["verification_required", "service", ["retry"]],
    ["cloud_credential_error", "service", ["retry"]],
    ["billing_error", "limit", []],
    ["account_on_hold", "limit", []],
    ["usage_limit", "limit", []],
    ["rate_limit", "limit", ["retry"]],
    ["max_output_tokens", "limit", ["new_session"]],
    ["turn_limit", "limit", ["new_session"]],
    ["session_budget", "limit", ["new_session"]],
    ["invalid_request", "request", []],
    ["model_not_found", "request", []],
    ["overloaded", "service", ["retry"]],
    ["server_error", "service", ["retry"]],
    ["unknown", "service", ["retry"]],
    ["internal", "service", ["retry", "new_session"]],
    ["transport_loss", "connection", ["new_session"]],
    ["worker_shutdown", "connection", ["new_session"]],
  ])("%s is %s with actions %j", (condition, category, actions) => {
    expect(classify(condition)).toEqual({ category, actions });
  });

  it.each(["no_such_kind", "__proto__", "toString"])(
    "an unknown kind (%s) is service with retry",
    (kind) => {
      expect(classify(kind as FailureCondition)).toEqual({
        category: "service",
        actions: ["retry"],
      });
    },
  );

  it.each<[FailureCondition, boolean]>([
    ["authentication_failed", true],
    ["oauth_org_not_allowed", true],
    ["cloud_credential_error", false],
    ["rate_limit", false],
    ["unknown", false],
  ])("%s is a sign-in failure: %s", (condition, signIn) => {
    expect(isSignInFailure(condition)).toBe(signIn);
  });
});

describe("conditionOf", () => {
  it.each<[string, FailureFacts, FailureCondition]>([
    [
      "a usage-limit text wins over its rate_limit tag",
      { error: "rate_limit", usageLimit: true },
      "usage_limit",
    ],
    ["the turn limit", { subtype: "error_max_turns" }, "turn_limit"],
    ["a session budget", { subtype: "error_max_budget_usd" }, "session_budget"],
    ["an SDK kind as it is", { error: "overloaded", status: 529 }, "overloaded"],
    ["rate_limit", { error: "rate_limit", status: 429 }, "rate_limit"],
    ["invalid_request", { error: "invalid_request" }, "invalid_request"],
    ["a 400 tagged unknown is a bad request", { error: "unknown", status: 400 }, "invalid_request"],
    ["a 413 tagged unknown", { error: "unknown", status: 413 }, "invalid_request"],
    ["a 404", { error: "unknown", status: 404 }, "model_not_found"],
    ["a 529 tagged server_error", { error: "server_error", status: 529 }, "overloaded"],
    ["a 500 tagged server_error", { error: "server_error", status: 500 }, "server_error"],
    ["a 429 tagged server_error", { error: "server_error", status: 429 }, "rate_limit"],
    ["server_error, no status", { error: "server_error" }, "server_error"],
    ["a 529 tagged rate_limit keeps its tag", { error: "rate_limit", status: 529 }, "rate_limit"],
    ["a 429 without a tag", { status: 429 }, "rate_limit"],
    ["a 529 without a tag", { status: 529 }, "overloaded"],
    ["a 500 without a tag", { status: 500 }, "server_error"],
    ["a 503 without a tag", { status: 503 }, "server_error"],
    ["a 401 without a tag", { status: 401 }, "authentication_failed"],
    ["a 403 without a tag", { status: 403 }, "authentication_failed"],
    ["a 399 without a tag", { status: 399 }, "unknown"],
    ["unknown, no status", { error: "unknown" }, "unknown"],
    ["an unknown SDK kind", { error: "brand_new_kind", status: 418 }, "invalid_request"],
    ["an unknown SDK kind, no status", { error: "brand_new_kind" }, "unknown"],
    ["nothing at all", {}, "unknown"],
    ["a null status", { status: null }, "unknown"],
    ["the success subtype", { subtype: "success", error: "server_error" }, "server_error"],
  ])("%s", (_name, facts, condition) => {
    expect(conditionOf(facts)).toBe(condition);
  });
});
