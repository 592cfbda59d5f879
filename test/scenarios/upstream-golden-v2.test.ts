import { afterEach, describe, it } from "vitest";
import { ACCEPTED_V2_DIFFERENCES } from "../golden/accepted-differences-v2.js";
import { eventually, MCP_ECHO_SERVER } from "../support/acp-harness.js";
import { V2Scenario } from "../support/acp-v2-client.js";
import {
  basics,
  chosenOption,
  GOLDEN_ENV,
  more,
  titled,
  type GoldenClient,
} from "../support/golden-conversations.js";
import { compareWithUpstream, normalised } from "../support/golden-run.js";
import { textTurn } from "../support/script-turns.js";

/**
 * The golden comparison for a draft ACP v2 client (issue 31): the same scripted
 * conversations as `upstream-golden.test.ts` (`golden-conversations.ts`), through the ACP
 * SDK's v2 client, against ours and the published upstream adapter's v2 surface (seed
 * 004); every difference must be in `test/golden/accepted-differences-v2.ts`, and every key
 * there must still match one.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});

function idles(s: V2Scenario, sessionId: string): number {
  return s.states(sessionId).filter((state) => state.startsWith("idle")).length;
}

/** Resolves once the session has gone idle more often than `before` times. */
function idleAgain(s: V2Scenario, sessionId: string, before: number, what: string) {
  return eventually(what, () => idles(s, sessionId) > before, 60_000);
}

/** A v2 client over a scenario: a prompt is answered when its message is inserted. */
function v2Client(s: V2Scenario, adapter: GoldenClient["adapter"]): GoldenClient {
  const client: GoldenClient = {
    adapter,
    workspace: s.workspace,
    model: s.model,
    traffic: s.traffic,
    initialize: () => s.initialize(),
    async newSession(echo) {
      const stdio = {
        type: "stdio",
        name: "echo",
        command: process.execPath,
        args: [MCP_ECHO_SERVER],
      };
      const created = (await s.request("session/new", {
        cwd: s.workspace,
        ...(echo ? { mcpServers: [stdio] } : {}),
      })) as { sessionId: string };
      return created.sessionId;
    },
    // A v2 prompt's turn ends at the session's next idle.
    async turn(sessionId, text, ...turns) {
      const before = idles(s, sessionId);
      s.model.push(...turns);
      await s.prompt(sessionId, text).catch((error: unknown) => error);
      await idleAgain(s, sessionId, before, `idle after "${text}"`);
    },
    // The second is inserted into the running turn's stretch.
    async together(sessionId, texts, turns) {
      const before = idles(s, sessionId);
      s.model.push(...turns);
      await Promise.all(texts.map((text) => s.prompt(sessionId, text)));
      await eventually(
        "both prompts' turns",
        () => s.model.remaining() === 0 && idles(s, sessionId) > before,
        60_000,
      );
      await eventually("idle", () => s.states(sessionId).at(-1)?.startsWith("idle") === true);
    },
    async switchModes(sessionId) {
      for (const [configId, value] of [
        ["mode", "acceptEdits"],
        ["mode", "default"],
        ["model", "opus"],
      ]) {
        await s.request("session/set_config_option", { sessionId, configId, type: "id", value });
      }
    },
    async hangAndCancel(sessionId) {
      const requests = s.model.mainRequests().length;
      const before = idles(s, sessionId);
      s.model.push({ kind: "hang" });
      await s.prompt(sessionId, "hang");
      await s.model.waitForMainRequest(requests + 1);
      await s.cancel(sessionId);
      await idleAgain(s, sessionId, before, "the cancelled turn");
    },
    // List, fork, close both, resume the session with its replay, prompt again.
    async sessions(sessionId) {
      await s.request("session/list", { cwd: s.workspace });
      const fork = (await s.request("session/fork", { sessionId, cwd: s.workspace })) as {
        sessionId: string;
      };
      await s.request("session/close", { sessionId: fork.sessionId });
      await s.request("session/close", { sessionId });
      await s.request("session/resume", {
        sessionId,
        cwd: s.workspace,
        replayFrom: { type: "start" },
      });
      // Upstream repeats the resumed session's title after the replay.
      await titled(client, sessionId, { ours: 1, upstream: 3 });
      await client.turn(sessionId, "again", textTurn("resumed"));
    },
    request: (method, params) => s.request(method, params),
  };
  return client;
}

/**
 * The third conversation: a session in auto mode (Claude Code's settings), whose
 * classifier falls back to billed requests behind a gateway; Claude Code warns of it,
 * and the warning is a `notice` (upstream's v2 sends it so).
 */
async function auto(c: GoldenClient): Promise<void> {
  await c.initialize();
  const sessionId = await c.newSession();
  await c.turn(sessionId, "hello", textTurn("one"));
  // Upstream titles the session after the turn's idle.
  await titled(c, sessionId, { ours: 1, upstream: 1 });
}

const CONVERSATIONS = { basics, more, auto };

/** Claude Code's settings of a conversation (default: asking for permission). */
const SETTINGS: Record<string, Record<string, unknown>> = {
  auto: { permissions: { defaultMode: "auto" } },
};

async function record(adapter: GoldenClient["adapter"], name: string) {
  const conversation = name.replace(/^v2-/, "") as keyof typeof CONVERSATIONS;
  const s = await V2Scenario.start({
    adapter,
    ...(SETTINGS[conversation] ? { settings: SETTINGS[conversation] } : {}),
    onPermission: (request) => {
      const subject = request.subject as { toolCall?: { toolCallId?: string } } | null;
      const optionId = chosenOption(subject?.toolCall?.toolCallId ?? "", request.options);
      return { outcome: { outcome: "selected", optionId } };
    },
    env: GOLDEN_ENV,
  });
  open.push(s);
  await CONVERSATIONS[conversation](v2Client(s, adapter));
  // The sign-in state: each adapter pushes it when its probe in the background ends,
  // which may be after the conversation (ours probes after the first session's start, at
  // the lowest priority): a sync point, so that both sides have it.
  await eventually(
    `${adapter}'s sign-in state push`,
    () =>
      s.traffic.some((e) => (e.message as { method?: string }).method === "_auth/status_update"),
    60_000,
  );
  return normalised(name, adapter, s);
}

describe("golden comparison with the upstream adapter, ACP v2", () => {
  it("a v2 client gets upstream's v2 traffic, but for the accepted differences", async () => {
    const names = Object.keys(CONVERSATIONS).map((conversation) => `v2-${conversation}`);
    await compareWithUpstream(names, record, ACCEPTED_V2_DIFFERENCES);
  }, 480_000);
});
