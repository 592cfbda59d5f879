import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClaudeAuthStatus } from "../sdk/auth-status.js";
import { AuthTracker } from "./auth-tracker.js";

const apiKey: ClaudeAuthStatus = { loggedIn: true, authMethod: "api_key", apiKeySource: "ENV" };
const pushed = { kind: "api_key", label: "Anthropic API key", detail: "ENV" };

/** A tracker over scripted probe answers (undefined: the probe timed out). */
function tracker(answers: Array<ClaudeAuthStatus | undefined>) {
  const sent: unknown[] = [];
  /** Whether each probe was urgent (normal priority, the longer limit), in order. */
  const urgency: boolean[] = [];
  let probes = 0;
  const auth = new AuthTracker(
    async (method, params) => void sent.push({ method, params }),
    async (_env, urgent = false) => {
      urgency.push(urgent);
      return answers[probes++];
    },
  );
  return { auth, sent, probes: () => probes, urgency };
}

describe("AuthTracker", () => {
  it("the first probe waits for every Claude Code start, also one marked while it waited", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const { auth, probes } = tracker([apiKey]);
      let answered!: () => void;
      let up!: () => void;
      // A session request marked at its arrival (until its answer), then its start (until up).
      auth.starting(new Promise<void>((resolve) => (answered = resolve)));
      auth.refreshSoon();
      await vi.runAllTimersAsync();
      auth.starting(new Promise<void>((resolve) => (up = resolve)));
      answered();
      await vi.runAllTimersAsync();
      expect(probes()).toBe(0);
      up();
      await vi.runAllTimersAsync();
      expect(probes()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

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
    const { auth, sent, probes, urgency } = tracker([undefined, apiKey]);
    await auth.refresh();
    expect(sent).toEqual([]);
    auth.promptEnded();
    await new Promise((r) => setImmediate(r));
    expect(probes()).toBe(2);
    expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
    auth.promptEnded(); // the state is known: no probe
    expect(probes()).toBe(2);
    // The background probe at the lowest priority; the one after the turn at normal priority.
    expect(urgency).toEqual([false, true]);
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

  it("probes at a prompt, in the background, one probe for prompts sent together", async () => {
    let release: (() => void) | undefined;
    let probes = 0;
    let files = "a";
    const sent: unknown[] = [];
    const auth = new AuthTracker(
      async (method, params) => void sent.push({ method, params }),
      () => {
        probes++;
        return new Promise((resolve) => (release = () => resolve(apiKey)));
      },
      () => files,
    );
    auth.promptStarted();
    auth.promptStarted();
    expect(probes).toBe(1);
    release!();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
    files = "b"; // a login file changed: the next prompt reads again
    auth.promptStarted();
    expect(probes).toBe(2);
    release!();
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(1); // the same state pushes nothing
  });

  it("probes at no prompt while the login files are as the last probe found them, under 5 minutes", async () => {
    let files: string | undefined = "a";
    let now = 0;
    let probes = 0;
    const auth = new AuthTracker(
      async () => undefined,
      async () => (probes++, apiKey),
      () => files,
      () => now,
    );
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(1);
    now = 5 * 60_000;
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(1); // unchanged
    now = 5 * 60_000 + 1;
    auth.promptStarted(); // too old: probes again
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(2);
    files = undefined; // cannot be told from files (macOS): every prompt probes
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(4);
  });

  it("probes at every prompt while no probe has told the state", async () => {
    let probes = 0;
    const auth = new AuthTracker(
      async () => undefined,
      async () => void probes++,
      () => "a",
    );
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    auth.promptStarted();
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(2);
  });

  it("probes once more after the prompt's own probe when the turn ends with the state unknown", async () => {
    let release: ((status: ClaudeAuthStatus | undefined) => void) | undefined;
    let probes = 0;
    const sent: unknown[] = [];
    const auth = new AuthTracker(
      async (method, params) => void sent.push({ method, params }),
      () => {
        probes++;
        return new Promise((resolve) => (release = resolve));
      },
    );
    auth.promptStarted();
    auth.promptEnded(); // the prompt's probe still runs: one more follows it
    auth.promptEnded();
    release!(undefined); // it timed out beside the turn
    await new Promise((r) => setImmediate(r));
    expect(probes).toBe(2);
    release!(apiKey);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
  });

  it("probes at no prompt while the adapter knows the state itself", async () => {
    const { auth, probes } = tracker([apiKey]);
    await auth.assume({ kind: "gateway", label: "Custom model gateway" });
    auth.promptStarted();
    expect(probes()).toBe(0);
  });

  it("settles on the probe running now, or on a new one", async () => {
    const account: ClaudeAuthStatus = { loggedIn: true, authMethod: "claude.ai" };
    const { auth, probes } = tracker([account, apiKey, { loggedIn: false }]);
    auth.promptStarted();
    expect(await auth.settled()).toEqual({ kind: "account", label: "Claude account" });
    expect(probes()).toBe(1);
    expect(await auth.settled()).toEqual(pushed);
    expect(probes()).toBe(2);
  });

  it("tells a change of the kind of login, not a first state or a change within a kind", async () => {
    const env: ClaudeAuthStatus = { ...apiKey, apiKeySource: "apiKeyHelper" };
    const { auth } = tracker([apiKey, env, { loggedIn: false }, { loggedIn: false }]);
    let changes = 0;
    auth.onKindChange(() => changes++);
    await auth.refresh();
    await auth.refresh();
    expect(changes).toBe(0);
    await auth.refresh();
    await auth.refresh();
    expect(changes).toBe(1);
  });

  describe("the first probe (after initialize)", () => {
    afterEach(() => void vi.useRealTimers());

    /** A session's Claude Code start under way, ended by `up()`. */
    function start(auth: AuthTracker): () => void {
      let up!: () => void;
      auth.starting(new Promise<void>((resolve) => (up = resolve)));
      return up;
    }

    it("runs once the session's Claude Code is up and no prompt came a moment after", async () => {
      vi.useFakeTimers();
      const { auth, probes, urgency } = tracker([apiKey]);
      const up = start(auth);
      auth.refreshSoon();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(probes()).toBe(0); // not beside the start
      up();
      await vi.advanceTimersByTimeAsync(99);
      expect(probes()).toBe(0); // a moment for a first prompt
      await vi.advanceTimersByTimeAsync(1);
      expect(probes()).toBe(1);
      expect(urgency).toEqual([false]);
    });

    it("is left to the end of a first prompt sent meanwhile, which starts none of its own", async () => {
      vi.useFakeTimers();
      const { auth, probes, sent, urgency } = tracker([apiKey]);
      const up = start(auth);
      auth.refreshSoon();
      auth.promptStarted(); // sent while Claude Code starts: its turn waits for the start
      await vi.advanceTimersByTimeAsync(150);
      up();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(probes()).toBe(0); // not beside the first turn
      auth.promptEnded();
      await vi.advanceTimersByTimeAsync(0);
      expect(probes()).toBe(1);
      expect(urgency).toEqual([true]); // Claude Code idles now: at normal priority
      expect(sent).toEqual([{ method: "_auth/status_update", params: { authStatus: pushed } }]);
    });

    it("waits for a prompt sent right after the session's answer", async () => {
      vi.useFakeTimers();
      const { auth, probes } = tracker([apiKey]);
      const up = start(auth);
      auth.refreshSoon();
      up();
      await vi.advanceTimersByTimeAsync(150); // the start is up: the session was answered
      auth.promptStarted();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(probes()).toBe(0);
      auth.promptEnded();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(probes()).toBe(1); // the prompt's end probed; the first one is not repeated
    });
  });

  describe("a session's start telling the login", () => {
    const keyAccount = { apiKeySource: "ANTHROPIC_API_KEY", apiProvider: "firstParty" };
    const fromKey = { kind: "api_key", label: "Anthropic API key", detail: "ANTHROPIC_API_KEY" };
    const push = { method: "_auth/status_update", params: { authStatus: fromKey } };

    function withFiles(files: () => string | undefined) {
      const sent: unknown[] = [];
      let probes = 0;
      const auth = new AuthTracker(
        async (method, params) => void sent.push({ method, params }),
        async () => (probes++, apiKey),
        files,
        () => 0,
      );
      return { auth, sent, probes: () => probes };
    }

    afterEach(() => vi.unstubAllEnvs());

    it("stands for the first probe: pushed once, no probe after initialize nor at a prompt", async () => {
      vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test");
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      try {
        const { auth, sent, probes } = withFiles(() => "a");
        let up!: () => void;
        auth.starting(new Promise<void>((resolve) => (up = resolve)));
        auth.refreshSoon();
        auth.sessionStarted(keyAccount);
        up();
        await vi.runAllTimersAsync();
        auth.promptStarted();
        await vi.runAllTimersAsync();
        expect(probes()).toBe(0);
        expect(sent).toEqual([push]);
        // Another session's start tells nothing new: no second push.
        auth.sessionStarted(keyAccount);
        expect(sent).toEqual([push]);
      } finally {
        vi.useRealTimers();
      }
    });

    it("a prompt probes once the login files changed since the session told the state, also while the first probe is due", async () => {
      vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test");
      let files = "a";
      const { auth, probes } = withFiles(() => files);
      auth.refreshSoon(); // due: the prompt does not leave the probe to it (it will not run)
      auth.sessionStarted(keyAccount);
      auth.promptStarted();
      await new Promise((r) => setImmediate(r));
      expect(probes()).toBe(0);
      files = "b"; // a login in a terminal
      auth.promptStarted();
      await new Promise((r) => setImmediate(r));
      expect(probes()).toBe(1);
    });

    it("tells nothing without the key in the environment, for another login, or over a known state", async () => {
      vi.stubEnv("ANTHROPIC_API_KEY", "");
      const { auth, sent } = withFiles(() => "a");
      auth.sessionStarted(keyAccount);
      vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test");
      auth.sessionStarted({ apiKeySource: "apiKeyHelper" });
      expect(sent).toEqual([]);
      await auth.assume({ kind: "gateway", label: "Gateway" });
      auth.sessionStarted(keyAccount);
      expect(sent).toHaveLength(1);
      await auth.assume(undefined);
      auth.sessionStarted(keyAccount); // the gateway's state is still the known one
      expect(sent).toHaveLength(1);
    });
  });
});
