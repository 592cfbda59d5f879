import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { PatchRepo } from "../support/git-apply.js";
import { useScenarios } from "../support/scenario-test.js";
import type { Scenario } from "../support/acp-harness.js";

/**
 * AIR `diffPatch` (air-extensions.md "Diff patch") against real Claude Code: the preview
 * patch in the permission request and its tool call, the patch of the written file after
 * the write, each where the spec puts it, and each applying with `git apply` to the file
 * as it was and giving the file on disk. A client without `diffPatch` gets none of it.
 */
const scenario = useScenarios();

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});

const ORIGINAL = "alpha\nbeta\ngamma\n";
const OVERWRITTEN = "old text\n";

/** `default`: every Edit and Write asks, so each gets a preview; `acceptEdits`: none asks. */
type Mode = "default" | "acceptEdits";

async function fileTools(profile: ClientCapabilities, mode: Mode = "default") {
  const s = await scenario({ settings: { permissions: { defaultMode: mode } } });
  mkdirSync(join(s.workspace, "src"));
  const edited = join(s.workspace, "src", "my app.ts");
  const overwritten = join(s.workspace, "old.txt");
  const created = join(s.workspace, "new file.txt");
  writeFileSync(edited, ORIGINAL);
  writeFileSync(overwritten, OVERWRITTEN);
  const tool = (id: string, name: string, input: Record<string, unknown>) => ({
    blocks: [{ type: "tool_use" as const, id, name, input }],
  });
  s.model.push(
    // Claude Code edits or overwrites only a file it has read.
    tool("toolu_read1", "Read", { file_path: edited }),
    tool("toolu_read2", "Read", { file_path: overwritten }),
    // Trailing spaces, which Claude Code strips before it asks and writes.
    tool("toolu_edit", "Edit", { file_path: edited, old_string: "beta", new_string: "BETA  " }),
    tool("toolu_create", "Write", { file_path: created, content: "fresh" }),
    tool("toolu_over", "Write", { file_path: overwritten, content: "new text\n" }),
    { blocks: [{ type: "text", text: "done" }] },
  );
  await s.initialize(profile);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "change the files")).stopReason).toBe("end_turn");
  expect(readFileSync(edited, "utf8")).toBe("alpha\nBETA\ngamma\n");
  expect(readFileSync(created, "utf8")).toBe("fresh");
  expect(readFileSync(overwritten, "utf8")).toBe("new text\n");
  return { s, sessionId, edited, created, overwritten };
}

/** The content of each report of one tool call that carried content, in order (raw paths). */
function contents(s: Scenario, sessionId: string, toolCallId: string): unknown[][] {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
        u.toolCallId === toolCallId &&
        Array.isArray(u.content),
    )
    .map((u) => (u as { content: unknown[] }).content);
}

/** A diff block of patch mode, as the spec's "Diff content" shows it. */
const patchBlock = (path: string, text: string) => ({
  type: "diff",
  path,
  oldText: null,
  newText: "",
  _meta: {
    jetbrains: { air: { version: 1, diffPatch: { version: 1, format: "git_patch", text } } },
  },
});

describe.each(["default", "acceptEdits"] as const)("diffPatch, %s mode", (mode) => {
  it("sends the preview and the final patch, and every patch applies with git apply", async () => {
    const { s, sessionId, edited, created, overwritten } = await fileTools(air("diffPatch"), mode);
    // Git's name: no leading slash; a name with a space ends its ---/+++ line with a tab.
    const e = edited.slice(1);
    const editPatch =
      `diff --git a/${e} b/${e}\n--- a/${e}\t\n+++ b/${e}\t\n` +
      "@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n";
    const c = created.slice(1);
    const createPatch =
      `diff --git a/${c} b/${c}\nnew file mode 100644\n--- /dev/null\n+++ b/${c}\t\n` +
      "@@ -0,0 +1 @@\n+fresh\n\\ No newline at end of file\n";
    const o = overwritten.slice(1);
    const overPatch = `diff --git a/${o} b/${o}\n--- a/${o}\n+++ b/${o}\n@@ -1 +1 @@\n-old text\n+new text\n`;

    // With approvals, each permission request carries the preview.
    expect(s.permissionRequests.map((r) => [r.toolCall.toolCallId, r.toolCall.content])).toEqual(
      mode === "default"
        ? [
            ["toolu_edit", [patchBlock(edited, editPatch)]],
            ["toolu_create", [patchBlock(created, createPatch)]],
            ["toolu_over", [patchBlock(overwritten, overPatch)]],
          ]
        : [],
    );

    // The Edit's tool call shows the streamed snippet, the snippet of the input Claude
    // Code runs with (trailing spaces stripped), then the patch: the preview, which the
    // patch of the written file repeats (so no update sends it again), or, without an
    // approval, the patch of the written file alone.
    const snippet = (newText: string) => [{ type: "diff", path: edited, oldText: "beta", newText }];
    expect(contents(s, sessionId, "toolu_edit")).toEqual([
      [],
      snippet("BETA  "),
      snippet("BETA"),
      [patchBlock(edited, editPatch)],
    ]);
    // A Write shows no diff until its preview or the patch of the written file.
    for (const [id, path, patch] of [
      ["toolu_create", created, createPatch],
      ["toolu_over", overwritten, overPatch],
    ] as const) {
      const shown = contents(s, sessionId, id);
      expect(shown.slice(0, -1).flat()).toEqual([]);
      expect(shown.at(-1)).toEqual([patchBlock(path, patch)]);
    }

    // Each patch turns the file as it was into the file on disk, byte for byte.
    const repo = new PatchRepo();
    try {
      repo.write(e, ORIGINAL);
      repo.write(o, OVERWRITTEN);
      for (const [patch, name, path] of [
        [editPatch, e, edited],
        [createPatch, c, created],
        [overPatch, o, overwritten],
      ] as const) {
        repo.apply(patch);
        expect(repo.read(name).equals(readFileSync(path))).toBe(true);
      }
    } finally {
      repo.dispose();
    }
  });
});

describe("without diffPatch", () => {
  it("an AIR client gets the standard diffs and no diffPatch key", async () => {
    const { s, sessionId, edited } = await fileTools(air("rawInputRendering"));
    const traffic = JSON.stringify([s.updates(sessionId), s.permissionRequests]);
    expect(traffic).not.toContain("diffPatch");
    expect(traffic).not.toContain("git_patch");
    // AIR has the tool call already: without an exact preview its request repeats no content.
    expect(s.permissionRequests.map((r) => [r.toolCall.toolCallId, r.toolCall.content])).toEqual([
      ["toolu_edit", undefined],
      ["toolu_create", undefined],
      ["toolu_over", undefined],
    ]);
    expect(contents(s, sessionId, "toolu_edit").at(-1)).toEqual([
      { type: "diff", path: edited, oldText: ORIGINAL, newText: "alpha\nBETA\ngamma\n" },
    ]);
  });
});

describe("diffPatch payload", () => {
  it("a one-line edit of a 12,000-line file costs at most 4 KB: the request and every update", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "default" } } });
    const file = join(s.workspace, "big.txt");
    const lines = Array.from({ length: 12_000 }, (_, i) => `line ${i + 1}\n`).join("");
    writeFileSync(file, lines);
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_big",
            name: "Edit",
            input: {
              file_path: file,
              old_string: "line 6000\n",
              new_string: "line 6000 changed\n",
            },
          },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize(air("diffPatch"));
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "edit")).stopReason).toBe("end_turn");
    expect(readFileSync(file, "utf8")).toBe(lines.replace("line 6000\n", "line 6000 changed\n"));
    const messages = s
      .sentByAdapter()
      .map((m) => JSON.stringify(m))
      .filter((m) => m.includes('"toolu_big"'));
    expect(messages.some((m) => m.includes('"session/request_permission"'))).toBe(true);
    expect(messages.some((m) => m.includes('"diffPatch"'))).toBe(true);
    const bytes = messages.reduce((sum, m) => sum + Buffer.byteLength(m), 0);
    expect(bytes).toBeLessThanOrEqual(4096);
  });
});

describe("diffPatch in a loaded history", () => {
  it("replays an Edit as its patch and a Write as the standard diff without old text", async () => {
    const { s, sessionId, edited, created, overwritten } = await fileTools(
      air("diffPatch"),
      "acceptEdits",
    );
    await s.restartAdapter();
    await s.initialize(air("diffPatch"));
    await s.agent.request("session/load", { sessionId, cwd: s.workspace, mcpServers: [] });
    const e = edited.slice(1);
    const editPatch =
      `diff --git a/${e} b/${e}\n--- a/${e}\t\n+++ b/${e}\t\n` +
      "@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n";
    expect(contents(s, sessionId, "toolu_edit").at(-1)).toEqual([patchBlock(edited, editPatch)]);
    expect(contents(s, sessionId, "toolu_create").at(-1)).toEqual([
      { type: "diff", path: created, oldText: null, newText: "fresh" },
    ]);
    expect(contents(s, sessionId, "toolu_over").at(-1)).toEqual([
      { type: "diff", path: overwritten, oldText: null, newText: "new text\n" },
    ]);
  });
});
