import { describe, expect, it } from "vitest";
import type { ClaudeAuthStatus } from "../sdk/auth-status.js";
import { AuthTracker } from "./auth-tracker.js";

const apiKey: ClaudeAuthStatus = { loggedIn: true, authMethod: "api_key", apiKeySource: "ENV" };
const pushed = { kind: "api_key", label: "Anthropic API key", detail: "ENV" };

/** A tracker over scripted probe answers (undefined: the probe timed out). */
function tracker(answers: Array<ClaudeAuthStatus | undefined>) {
  const sent: unknown[] = [];
  let probes = 0;
  const auth = new AuthTracker(
    async (method, params) => void sent.push({ method, params }),
    async () => answers[probes++],
  );
  return { auth, sent, probes: () => probes };
}

describe("AuthTracker", () => {
  it("pushes the first state a probe reads, then only a change", async () => {
    const { auth, sent } = tracker([apiKey, apiKey, { loggedIn: false }]);
    await auth.refresh();
    await auth.refresh();
    expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
    await auth.refresh();
    expect(sent.at(-1)).toEqual({
      method: "_auth/status_update",
      params: { authStatus: { kind: "none", label: "Not logged in" } },
    });
  });

  it("probes again when a prompt ends while no probe told the state yet, and only then", async () => {
    const { auth, sent, probes } = tracker([undefined, apiKey]);
    await auth.refresh();
    expect(sent).toEqual([]);
    auth.promptEnded();
    await new Promise((r) => setImmediate(r));
    expect(probes()).toBe(2);
    expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
    auth.promptEnded(); // the state is known: no probe
    expect(probes()).toBe(2);
  });

  it("knows the plan of a claude.ai login as last probed, and no plan otherwise", async () => {
    const account: ClaudeAuthStatus = {
      loggedIn: true,
      authMethod: "claude.ai",
      subscriptionType: "max",
    };
    const token: ClaudeAuthStatus = { loggedIn: true, authMethod: "oauth_token" };
    const { auth } = tracker([account, token, apiKey]);
    expect(auth.plan).toBeUndefined();
    await auth.refresh();
    expect(auth.plan).toBe("max");
    await auth.refresh();
    expect(auth.plan).toBeUndefined();
    await auth.refresh();
    expect(auth.plan).toBeUndefined();
  });
});
