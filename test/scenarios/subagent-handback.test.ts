import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, textTurn } from "../support/script-turns.js";

/**
 * Claude Code's hand-back mode (`SubagentHandback`): the child hands its report to the
 * parent with that tool and the Agent result only says it was delivered (`handback:
 * "send"`). Claude Code 2.1.318 does not offer the tool to an SDK subagent, so no live run
 * can use it: a real delegation's stored transcripts are rewritten as hand-back mode
 * writes them, and a load must take the handed-back message for the child's answer, not
 * the result nor the child's last text.
 */
const scenario = useScenarios();

const RFD = { subagents: {} } as ClientCapabilities;
const HANDED_BACK = "The report, handed back.";

const DELEGATION = [
  {
    blocks: [
      {
        type: "tool_use" as const,
        id: "toolu_agent",
        name: "Agent",
        input: {
          description: "Look around",
          prompt: "Look around and report.",
          subagent_type: "general-purpose",
          run_in_background: false,
        },
      },
    ],
  },
  { id: "msg_child", blocks: [{ type: "text" as const, text: "Child's last words." }] },
  textTurn("Parent done."),
];

type Entry = Record<string, unknown> & {
  type?: string;
  message?: { content?: unknown };
  toolUseResult?: Record<string, unknown>;
};

/** Rewrites each line of a JSONL file through `edit`. */
function rewrite(file: string, edit: (entry: Entry) => Entry): void {
  const lines = readFileSync(file, "utf8").split("\n");
  const out = lines.map((line) => (line.trim() ? JSON.stringify(edit(JSON.parse(line))) : line));
  writeFileSync(file, out.join("\n"));
}

/** The stored transcripts of the session and of its one child. */
function transcripts(s: Scenario, sessionId: string): { parent: string; child: string } {
  const files = readdirSync(s.configDir, { recursive: true, encoding: "utf8" });
  const parent = files.find((f) => f.endsWith(`${sessionId}.jsonl`));
  const children = files.filter((f) => /subagents\/agent-[^/]+\.jsonl$/.test(f));
  expect(children).toHaveLength(1);
  return { parent: join(s.configDir, parent!), child: join(s.configDir, children[0]!) };
}

/** The child's answer as the parent received it (RFD `session_message`), text only. */
function answers(s: Scenario, sessionId: string): unknown[] {
  return s
    .updates(sessionId)
    .flatMap((u) =>
      u.sessionUpdate === "session_message" && u.messageId === "toolu_agent:answer:received"
        ? [u.content]
        : [],
    );
}

describe("SubagentHandback (hand-back mode), replayed", () => {
  it("a load takes the handed-back message for the child's answer", async () => {
    const s = await scenario({ ...BYPASS, script: DELEGATION });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const { parent, child } = transcripts(s, sessionId);
    // The child's last message also hands its report back.
    let handbacks = 0;
    rewrite(child, (entry) => {
      const content = entry.message?.content;
      const last = Array.isArray(content) && JSON.stringify(content).includes("Child's last");
      if (entry.type !== "assistant" || !last) return entry;
      handbacks++;
      const handback = {
        type: "tool_use",
        id: "toolu_handback",
        name: "SubagentHandback",
        input: { message: HANDED_BACK },
      };
      return { ...entry, message: { ...entry.message, content: [...content, handback] } };
    });
    expect(handbacks).toBe(1);
    // The Agent result only says the report was delivered.
    let results = 0;
    rewrite(parent, (entry) => {
      if (entry.toolUseResult?.status !== "completed") return entry;
      results++;
      return { ...entry, toolUseResult: { ...entry.toolUseResult, handback: "send" } };
    });
    expect(results).toBe(1);

    await s.restartAdapter();
    await s.initialize(RFD);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(answers(s, sessionId)).toEqual([[{ type: "text", text: HANDED_BACK }]]);
  });
});
