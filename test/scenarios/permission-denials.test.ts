import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { PROFILES, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

/**
 * A tool a mode refuses without asking (`dontAsk`: Claude Code's `system/permission_denied`
 * with `decision_reason_type: "mode"`); the deny rule's case is in `air-tool-calls`. Every
 * client sees why it did not run: the refusal as the result, the kind in
 * `_meta.claudeCode.nonExecutionKind`, and a client that is not AIR upstream's
 * `toolResponse = {decisionReasonType, message}`.
 */
const scenario = useScenarios();

const AIR: ClientCapabilities = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
const REFUSAL =
  /^Permission to use Bash has been denied because Claude Code is running in don't ask mode\./;
const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });

describe.each([
  ["plain", PROFILES.plain],
  ["AIR", AIR],
])("a tool refused by dontAsk mode (%s client)", (name, profile) => {
  it("fails with the refusal as its result and says why it did not run", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "dontAsk" } } });
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_touch",
            name: "Bash",
            input: { command: "touch made.txt", description: "Make it" },
          },
        ],
      },
      textTurn("All done."),
    );
    await s.initialize(profile);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "go")).stopReason).toBe("end_turn");
    // Refused without asking: nothing ran.
    expect(s.permissionRequests).toEqual([]);
    expect(existsSync(join(s.workspace, "made.txt"))).toBe(false);
    const updates = toolCallUpdates(s, sessionId, "toolu_touch");
    const failed = updates.filter((u) => u.status === "failed");
    expect(failed).toHaveLength(1);
    const end = failed[0]!;
    const content = end.content as Array<{ content: { text: string } }>;
    const message = content.at(-1)!.content.text.replace(/^Permission denied: /, "");
    expect(message).toMatch(REFUSAL);
    expect(content).toEqual([
      // The readable input (AIR without rawInputRendering too), then the refusal.
      text("Make it"),
      text(`Permission denied: ${message}`),
    ]);
    const claudeCode = (end._meta as { claudeCode: Record<string, unknown> }).claudeCode;
    expect(claudeCode).toEqual(
      name === "AIR"
        ? { nonExecutionKind: "permission-rule" }
        : {
            toolName: "Bash",
            toolResponse: { decisionReasonType: "mode", message },
            nonExecutionKind: "permission-rule",
          },
    );
  });
});
