import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { PROFILES, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";
import { V2Scenario } from "../support/acp-v2-client.js";

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
    // The refusal ended it: Claude Code's result after it (the turn's end is the sync
    // point) repeats the refusal, which no second report shows.
    expect(updates.at(-1)).toBe(end);
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

describe("a tool refused by dontAsk mode (v2 client)", () => {
  it("fails with the refusal as its content and upstream's reason in _meta", async () => {
    const s = await V2Scenario.start({ settings: { permissions: { defaultMode: "dontAsk" } } });
    try {
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
      await s.initialize();
      const sessionId = await s.newSession();
      await s.prompt(sessionId, "go");
      await s.idle(sessionId, 1, 60_000);
      expect(s.permissionRequests).toEqual([]);
      expect(existsSync(join(s.workspace, "made.txt"))).toBe(false);
      const failed = s.toolCall(sessionId, "toolu_touch").filter((u) => u.status === "failed");
      expect(failed).toHaveLength(1);
      const content = failed[0]!.content as Array<{ content: { text: string } }>;
      const message = content.at(-1)!.content.text.replace(/^Permission denied: /, "");
      expect(message).toMatch(REFUSAL);
      // The command never ran: the refusal replaces its display terminal in content.
      expect(content).toEqual([text(`Permission denied: ${message}`)]);
      // The display terminal: named cancellable, given its command, ended (never ran: no
      // exit) before the failure; nothing after the failure re-announces or exits it.
      const sequence = s
        .updates(sessionId)
        .flatMap<Record<string, unknown>>((u) =>
          u.sessionUpdate === "terminal_update" && u.terminalId === "toolu_touch"
            ? [{ terminal: { ...u, sessionUpdate: undefined, terminalId: undefined } }]
            : u.sessionUpdate === "tool_call_update" && u.toolCallId === "toolu_touch"
              ? [{ call: u.status ?? null, capabilities: u.capabilities }]
              : [],
        );
      expect(sequence).toEqual([
        { terminal: { capabilities: { cancel: {} } } },
        { call: "pending", capabilities: { cancel: {} } },
        { terminal: { command: "touch made.txt" } },
        { call: null, capabilities: undefined },
        { call: null, capabilities: undefined },
        { terminal: { capabilities: null } },
        { call: "failed", capabilities: null },
      ]);
      // v2 upserts leave out v1's `claudeCode.toolName` and `toolResponse`, as upstream's
      // v2 does (the refusal is in `content`); why the call did not run stays.
      expect(failed[0]!._meta).toEqual({ claudeCode: { nonExecutionKind: "permission-rule" } });
    } finally {
      await s.close();
    }
  });
});
