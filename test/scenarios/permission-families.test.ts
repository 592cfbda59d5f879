import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, MCP_ECHO_SERVER, toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

/** Picks the durable choice of every request (the first allow_always option). */
const chooseDurable = (request: { options: Array<{ optionId: string; kind: string }> }) => ({
  outcome: {
    outcome: "selected" as const,
    optionId: request.options.find((o) => o.kind === "allow_always")?.optionId ?? "reject",
  },
});

function localRules(workspace: string): string[] {
  try {
    const settings = JSON.parse(
      readFileSync(join(workspace, ".claude/settings.local.json"), "utf8"),
    );
    return (settings.permissions?.allow as string[] | undefined) ?? [];
  } catch {
    return []; // not written (yet)
  }
}

describe("durable choices per tool family land in the project's local settings", () => {
  it("WebFetch (a generated domain rule) and an MCP tool (the SDK's exact suggestion)", async () => {
    const s = await scenario({
      // Offline, WebFetch's domain check (a call to claude.ai) would fail before it asks.
      settings: { permissions: { defaultMode: "default" }, skipWebFetchPreflight: true },
      onPermission: chooseDurable,
    });
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_fetch",
            name: "WebFetch",
            input: { url: "https://docs.example.com/a", prompt: "Sum up" },
          },
        ],
      },
      {
        blocks: [
          { type: "tool_use", id: "toolu_echo", name: "mcp__echo__echo", input: { text: "hi" } },
        ],
      },
      textTurn("All done."),
    );
    await s.initialize();
    const sessionId = await s.newSession({
      mcpServers: [{ name: "echo", command: process.execPath, args: [MCP_ECHO_SERVER], env: [] }],
    });
    expect((await s.prompt(sessionId, "go")).stopReason).toBe("end_turn");

    const byTool = new Map(
      s.permissionRequests.map((r) => [
        r.toolCall.toolCallId,
        r.options.map((o) => [o.optionId, o.name]),
      ]),
    );
    expect(byTool.get("toolu_fetch")).toEqual([
      ["allow-once", "Yes"],
      ["allow-with-updates", "Yes, always allow fetches from docs.example.com in this project"],
      ["reject", "No"],
    ]);
    expect(byTool.get("toolu_echo")).toEqual([
      ["allow-once", "Yes"],
      ["allow-with-updates", "Yes, always allow echo from echo in this project"],
      ["reject", "No"],
    ]);
    // Claude Code writes the settings file on its own schedule.
    for (const rule of ["WebFetch(domain:docs.example.com)", "mcp__echo__echo"]) {
      await eventually(
        `the rule ${rule} in settings.local.json`,
        () => localRules(s.workspace).includes(rule),
        5_000,
      );
    }
    expect(toolCallUpdates(s, sessionId, "toolu_echo").at(-1)).toMatchObject({
      status: "completed",
    });
  });

  it("a Read outside the workspace offers no grant that is not session-scoped", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "default" } } });
    const outside = join(s.root, "outside.txt");
    writeFileSync(outside, "secret\n");
    s.model.push(
      {
        blocks: [
          { type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: outside } },
        ],
      },
      textTurn("read"),
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "read it");
    const request = s.permissionRequests.find((r) => r.toolCall.toolCallId === "toolu_read");
    expect(request).toBeDefined();
    // Claude Code's suggestion for a read is a session grant (of the folder, in its
    // `//absolute` rule form); anything else is not offered.
    expect(request!.options).toEqual([
      { optionId: "allow-once", name: "Yes", kind: "allow_once" },
      {
        optionId: "allow-with-updates",
        name: `Yes, allow reading /${s.root}/** during this session`,
        kind: "allow_always",
      },
      { optionId: "reject", name: "No", kind: "reject_once" },
    ]);
  });
});
