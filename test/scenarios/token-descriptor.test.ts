import type { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

const TOKEN = "sk-ant-oat01-from-descriptor";

/**
 * The adapter's fd 3 is a pipe (a socket, as a Node client makes it) holding the token,
 * announced by CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR; no other credential.
 */
const ON_FD_3 = {
  extraFds: ["pipe"] as const,
  env: { ANTHROPIC_API_KEY: "", CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "3" },
};

/** Writes the token on the adapter's fd 3 and closes it: it can be read once. */
function giveToken(s: Scenario): void {
  const tokenStream = s.adapter.stdio[3] as Writable;
  tokenStream.on("error", () => undefined); // the adapter closes its end when it exits
  tokenStream.end(`${TOKEN}\n`);
}

describe("CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR", () => {
  it("a token on a pipe the adapter inherits signs in every Claude Code it starts", async () => {
    const s = await scenario({
      ...ON_FD_3,
      script: [textTurn("signed in"), textTurn("still signed in")],
    });
    giveToken(s);
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
    // A second session starts a second Claude Code: the token reaches it too.
    const other = await s.newSession();
    expect((await s.prompt(other, "hi again")).stopReason).toBe("end_turn");
    const auth = s.model.mainRequests().map((r) => r.headers.authorization);
    expect(auth).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it("the login probe sees it too: --hide-claude-auth refuses it as a subscription login", async () => {
    const s = await scenario({ ...ON_FD_3, args: ["--hide-claude-auth"] });
    giveToken(s);
    await s.initialize();
    const sessionId = await s.newSession();
    const error = await s.prompt(sessionId, "hi").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: -32000,
      data: { reason: "claude_subscription_not_supported" },
    });
    expect(s.model.mainRequests()).toHaveLength(0);
  });
});
