import { afterEach, describe, expect, it } from "vitest";
import { setProviderRoute } from "../sdk/provider-routing.js";
import type { AuthStatus } from "../translation/auth.js";
import type { AuthTracker } from "./auth-tracker.js";
import { refuseSubscription, SUBSCRIPTION_NOT_SUPPORTED } from "./subscription-guard.js";

const tracker = (kind: AuthStatus["kind"]) =>
  ({ known: () => Promise.resolve({ kind, label: "x" }) }) as unknown as AuthTracker;

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

  it("lets a turn run on a route the client set, whatever the login", async () => {
    setProviderRoute({ apiType: "anthropic", baseUrl: "https://gw.example", headers: {} });
    await expect(
      refuseSubscription({ hideClaudeAuth: true }, tracker("account")),
    ).resolves.toBeUndefined();
  });
});
