import { afterEach, describe, expect, it } from "vitest";
import { routingGeneration, setProviderRoute } from "../sdk/provider-routing.js";
import type { AuthStatus } from "../translation/auth.js";
import { AuthTracker } from "./auth-tracker.js";
import {
  refuseSubscription,
  renewQueriesOnKindChange,
  SUBSCRIPTION_NOT_SUPPORTED,
} from "./subscription-guard.js";

/** A tracker whose last probe read `kind`, and whose running probe reads `settled`. */
const tracker = (kind: AuthStatus["kind"], settled: AuthStatus["kind"] = kind) =>
  ({
    known: () => Promise.resolve({ kind, label: "x" }),
    settled: () => Promise.resolve({ kind: settled, label: "x" }),
  }) as unknown as AuthTracker;

afterEach(() => setProviderRoute(undefined));

describe("refuseSubscription", () => {
  it("refuses a Claude account login with --hide-claude-auth", async () => {
    await expect(
      refuseSubscription({ hideClaudeAuth: true }, tracker("account")),
    ).rejects.toMatchObject({ code: "authRequired", data: { reason: SUBSCRIPTION_NOT_SUPPORTED } });
  });

  it.each([
    ["without the flag", {}, "account"],
    ["for an API key", { hideClaudeAuth: true }, "api_key"],
    ["for a gateway", { hideClaudeAuth: true }, "gateway"],
  ] as const)("lets a turn run %s", async (_name, options, kind) => {
    await expect(refuseSubscription(options, tracker(kind))).resolves.toBeUndefined();
  });

  it("lets the prompt's own probe decide before it refuses: a sign-in in a terminal counts", async () => {
    await expect(
      refuseSubscription({ hideClaudeAuth: true }, tracker("account", "api_key")),
    ).resolves.toBeUndefined();
  });

  it("lets a turn run on a route the client set, whatever the login", async () => {
    setProviderRoute({ apiType: "anthropic", baseUrl: "https://gw.example", headers: {} });
    await expect(
      refuseSubscription({ hideClaudeAuth: true }, tracker("account")),
    ).resolves.toBeUndefined();
  });
});

describe("renewQueriesOnKindChange", () => {
  const probes = (...answers: Array<{ loggedIn: boolean; authMethod?: string }>) => {
    let n = 0;
    return new AuthTracker(
      async () => undefined,
      async () => answers[n++],
    );
  };
  const apiKey = { loggedIn: true, authMethod: "api_key" };
  const account = { loggedIn: true, authMethod: "claude.ai" };

  it("with --hide-claude-auth, replaces the queries when the kind of login changes", async () => {
    const auth = probes(apiKey, apiKey, account, account);
    renewQueriesOnKindChange({ hideClaudeAuth: true }, auth);
    const before = routingGeneration();
    await auth.refresh(); // the first state: nothing to compare with
    await auth.refresh();
    expect(routingGeneration()).toBe(before);
    await auth.refresh();
    expect(routingGeneration()).toBe(before + 1);
    await auth.refresh();
    expect(routingGeneration()).toBe(before + 1);
  });

  it("replaces nothing without the flag, nor on a route the client set", async () => {
    const plain = probes(apiKey, account);
    renewQueriesOnKindChange({}, plain);
    const before = routingGeneration();
    await plain.refresh();
    await plain.refresh();
    expect(routingGeneration()).toBe(before);
    const routed = probes(apiKey, account);
    renewQueriesOnKindChange({ hideClaudeAuth: true }, routed);
    await routed.refresh();
    setProviderRoute({ apiType: "anthropic", baseUrl: "https://gw.example", headers: {} });
    const set = routingGeneration();
    await routed.refresh();
    expect(routingGeneration()).toBe(set);
  });
});
