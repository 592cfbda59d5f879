import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/**
 * A heading of Claude Code's own instructions (SDK 0.3.318); a replaced prompt keeps only
 * the SDK's one line of identity before the client's text.
 */
const CLAUDE_CODE_OWN = "# Harness";

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

/** The system prompt text of the main requests, one per request. */
function systemPrompts(s: Scenario): string[] {
  return s.model.mainRequests().map((r) => {
    const system: unknown = r.body.system;
    if (typeof system === "string") return system;
    return (system as Array<{ text?: string }>).map((b) => b.text ?? "").join("\n");
  });
}

async function newSessionWith(s: Scenario, extra: Record<string, unknown>): Promise<string> {
  const answer = await s.agent.request(methods.agent.session.new, {
    cwd: s.workspace,
    mcpServers: [],
    ...extra,
  });
  return answer.sessionId;
}

/** The transcripts stored so far. */
function transcripts(s: Scenario): string[] {
  const projects = join(s.configDir, "projects");
  if (!existsSync(projects)) return [];
  return readdirSync(projects).flatMap((d) =>
    readdirSync(join(projects, d)).filter((f) => f.endsWith(".jsonl")),
  );
}

describe("client system prompts (the ACP client-system-prompt RFD)", () => {
  it("append keeps Claude Code's instructions and adds the client's after them", async () => {
    const s = await scenario({ script: [textTurn("ok")] });
    await s.initialize();
    const sessionId = await newSessionWith(s, {
      systemPrompt: {
        mode: "append",
        content: [
          { type: "text", text: "APPEND-ONE" },
          { type: "text", text: "APPEND-TWO" },
        ],
      },
    });
    await s.prompt(sessionId, "hello there");
    const [system] = systemPrompts(s);
    expect(system).toContain(CLAUDE_CODE_OWN);
    expect(system).toContain("APPEND-ONE\n\nAPPEND-TWO");
    expect(system!.indexOf(CLAUDE_CODE_OWN)).toBeLessThan(system!.indexOf("APPEND-ONE"));
  });

  it("override replaces Claude Code's instructions; the field wins over _meta.systemPrompt", async () => {
    const s = await scenario({ script: [textTurn("ok")] });
    await s.initialize();
    const sessionId = await newSessionWith(s, {
      systemPrompt: { mode: "override", content: [{ type: "text", text: "OVERRIDE-ONLY" }] },
      _meta: { systemPrompt: "LEGACY-LOSES" },
    });
    await s.prompt(sessionId, "hello there");
    const [system] = systemPrompts(s);
    expect(system).toContain("OVERRIDE-ONLY");
    expect(system).not.toContain(CLAUDE_CODE_OWN);
    expect(system).not.toContain("LEGACY-LOSES");
  });

  it("the legacy _meta.systemPrompt: a string replaces, {append} appends", async () => {
    const s = await scenario({ script: [textTurn("one"), textTurn("two")] });
    await s.initialize();
    const replaced = await newSessionWith(s, { _meta: { systemPrompt: "LEGACY-STRING" } });
    await s.prompt(replaced, "hello there");
    const appended = await newSessionWith(s, {
      _meta: { systemPrompt: { append: "LEGACY-APPEND" } },
    });
    await s.prompt(appended, "hello again");
    const [first, second] = systemPrompts(s);
    expect(first).toContain("LEGACY-STRING");
    expect(first).not.toContain(CLAUDE_CODE_OWN);
    expect(second).toContain(CLAUDE_CODE_OWN);
    expect(second).toContain("LEGACY-APPEND");
  });

  it("a resumed session starts with the system prompt its request names", async () => {
    const s = await scenario({ script: [textTurn("one"), textTurn("two")] });
    await s.initialize();
    const sessionId = await newSessionWith(s, {});
    await s.prompt(sessionId, "hello there");
    await s.restartAdapter();
    await s.initialize();
    await s.agent.request(methods.agent.session.resume, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
      systemPrompt: { mode: "append", content: [{ type: "text", text: "RESUMED-APPEND" }] },
    });
    await s.prompt(sessionId, "and again");
    const prompts = systemPrompts(s);
    expect(prompts[0]).not.toContain("RESUMED-APPEND");
    expect(prompts[1]).toContain("RESUMED-APPEND");
  });

  it("a mode or block the adapter cannot apply is invalidParams and opens nothing", async () => {
    const s = await scenario({ script: [textTurn("one")] });
    await s.initialize();
    const sessionId = await newSessionWith(s, {});
    await s.prompt(sessionId, "hello there");
    const before = transcripts(s);
    const bad = [
      { mode: "prepend", content: [{ type: "text", text: "X" }] },
      { mode: "append", content: [{ type: "image", data: "AA==", mimeType: "image/png" }] },
      { mode: "override", content: [] },
    ];
    for (const systemPrompt of bad) {
      await expect(newSessionWith(s, { systemPrompt })).rejects.toMatchObject({ code: -32602 });
      await expect(
        s.agent.request(methods.agent.session.fork, {
          sessionId,
          cwd: s.workspace,
          mcpServers: [],
          systemPrompt,
        } as never),
      ).rejects.toMatchObject({ code: -32602 });
    }
    // No fork was copied, no session was started.
    expect(transcripts(s)).toEqual(before);
    expect(s.model.mainRequests()).toHaveLength(1);
  });
});

describe("AIR customInstructions", () => {
  it("are appended for a client that declared them, in every mode", async () => {
    const s = await scenario({ script: [textTurn("one"), textTurn("two")] });
    const init = await s.initialize(air("customInstructions"));
    expect(JSON.stringify(init._meta)).toContain('"customInstructions"');
    const plain = await newSessionWith(s, {
      _meta: { jetbrains: { air: { version: 1, customInstructions: "AIR-INSTRUCTIONS" } } },
    });
    await s.prompt(plain, "hello there");
    const overridden = await newSessionWith(s, {
      systemPrompt: { mode: "override", content: [{ type: "text", text: "OVERRIDE-TEXT" }] },
      _meta: { jetbrains: { air: { version: 1, customInstructions: "AIR-INSTRUCTIONS" } } },
    });
    await s.prompt(overridden, "hello again");
    const [first, second] = systemPrompts(s);
    expect(first).toContain(CLAUDE_CODE_OWN);
    expect(first).toContain("AIR-INSTRUCTIONS");
    expect(second).not.toContain(CLAUDE_CODE_OWN);
    expect(second).toContain("OVERRIDE-TEXT\n\nAIR-INSTRUCTIONS");
  });

  it("are ignored for an AIR client that did not declare them", async () => {
    const s = await scenario({ script: [textTurn("one")] });
    await s.initialize(air("diffPatch"));
    const sessionId = await newSessionWith(s, {
      _meta: { jetbrains: { air: { version: 1, customInstructions: "AIR-INSTRUCTIONS" } } },
    });
    await s.prompt(sessionId, "hello there");
    const [system] = systemPrompts(s);
    expect(system).toContain(CLAUDE_CODE_OWN);
    expect(system).not.toContain("AIR-INSTRUCTIONS");
  });
});
