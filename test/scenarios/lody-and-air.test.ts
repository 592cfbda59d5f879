import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, type Scenario } from "../support/acp-harness.js";
import { LODY_FULL } from "../support/lody.js";
import { useScenarios } from "../support/scenario-test.js";
import { bashTurn, textTurn } from "../support/script-turns.js";

/**
 * An AIR client and a Lody client side by side (issue 19): the same conversation (a tool
 * call with a permission request, an answer) gives each its own extension's keys and
 * never the other's.
 */
const scenario = useScenarios();

const AIR_ALL = {
  fs: { readTextFile: true, writeTextFile: true },
  _meta: {
    jetbrains: {
      air: {
        version: 1,
        capabilities: [
          "diffPatch",
          "sessionFailure",
          "recommendedValue",
          "asyncTasks",
          "agentFileChangeReport",
          "nativeSubagentSessions",
          "planFile",
        ],
      },
    },
  },
} as ClientCapabilities;

/** Everything the adapter sent, without the bin's own path (it may name a worktree "…lody…"). */
const sent = (s: Scenario) => JSON.stringify(s.sentByAdapter()).replaceAll(REPO_ROOT, "");

async function converse(s: Scenario, caps: ClientCapabilities): Promise<string> {
  s.model.push(bashTurn("touch made.txt", "toolu_touch"), textTurn("made it, and a long answer"));
  await s.initialize(caps);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "make a file please")).stopReason).toBe("end_turn");
  return sent(s);
}

describe("AIR and Lody side by side", () => {
  it("each client gets its own keys and never the other's", async () => {
    const s = await scenario();
    const air = await converse(s, AIR_ALL);
    await s.restartAdapter();
    const lody = await converse(s, LODY_FULL);

    expect(air).toContain('"jetbrains"');
    expect(air).not.toContain('"lody"');
    expect(air).not.toContain("_lody/");
    expect(lody).toContain('"lody"');
    expect(lody).toContain("_lody/session/usage_update");
    expect(lody).not.toContain("jetbrains");
  });
});
