import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import type { FileBeforeApproval } from "../../translation/tool-calls/facts.js";
import { ToolCallTranslator } from "../../translation/tool-calls/tool-call-translator.js";
import { v2ToolCallContent } from "./mapping.js";
import { filePatchDecorator } from "./file-patch-decorator.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";

/** A function: a profile built at module load runs before any mutant is active. */
const v2Client = () => parseClientProfile({ _meta: { terminal_output: true } }, 2);
const path = "/w/App.ts";
const text = (t: string) => ({ bytes: new TextEncoder().encode(t) });

/** The v2 content of the tool call before the approval, of the request, and after the write. */
function contents(
  toolName: string,
  input: Record<string, unknown>,
  file: FileBeforeApproval | undefined,
  post?: { originalFile: string | null; fileAfter: string; type?: string; replayed?: boolean },
) {
  const tools = new ToolCallTranslator(v2Client(), true);
  tools.complete({ id: "t1", name: toolName, input }, null);
  const { updates, toolCall } = tools.forPermission("t1", toolName, input, file);
  const final = post
    ? tools.postToolUse("t1", {
        toolResponse: { filePath: path, originalFile: post.originalFile, type: post.type },
        fileAfter: post.fileAfter,
        ...(post.replayed ? { replayed: true } : {}),
      })
    : [];
  const v2 = (content: unknown) =>
    (content as Parameters<typeof v2ToolCallContent>[0][] | undefined)?.map(v2ToolCallContent);
  const update = (u: { update: unknown } | undefined) =>
    v2((u?.update as { content?: unknown } | undefined)?.content);
  return { approval: update(updates[0]), request: v2(toolCall.content), final: update(final[0]) };
}

const header = "diff --git a/w/App.ts b/w/App.ts\n--- a/w/App.ts\n+++ b/w/App.ts\n";
const modify = { operation: "modify", path, fileType: "text" };
const add = { operation: "add", path, fileType: "text" };
const withPatch = (change: object, patch: string) => [
  { type: "diff", changes: [change], patch: { format: "git_patch", text: patch } },
];

describe("a v2 diff's patch", () => {
  it("previews an Edit in the tool call and its request, then patches the written file", () => {
    expect(
      contents("Edit", { file_path: path, old_string: "b", new_string: "B" }, text("a\nb\nc\n"), {
        originalFile: "a\nb\nc\n",
        fileAfter: "a\nB\nc",
      }),
    ).toEqual({
      approval: withPatch(modify, `${header}@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n`),
      request: withPatch(modify, `${header}@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n`),
      // The disk is the authority: Claude Code dropped the last line break.
      final: withPatch(
        modify,
        `${header}@@ -1,3 +1,3 @@\n a\n-b\n-c\n+B\n+c\n\\ No newline at end of file\n`,
      ),
    });
  });

  it("previews a Write of a new file as a creation, and of an existing one as a change", () => {
    const created = contents(
      "Write",
      { file_path: path, content: "new\n" },
      { missing: true },
      { originalFile: null, fileAfter: "new\n", type: "create" },
    );
    const creation =
      "diff --git a/w/App.ts b/w/App.ts\nnew file mode 100644\n--- /dev/null\n+++ b/w/App.ts\n@@ -0,0 +1 @@\n+new\n";
    // The written file's patch is the preview's: no report repeats it.
    expect(created).toEqual({
      approval: withPatch(add, creation),
      request: withPatch(add, creation),
      final: undefined,
    });
    // A file that could not be read is no creation: the input's diff, without a patch.
    expect(contents("Write", { file_path: path, content: "new\n" }, { unreadable: true })).toEqual({
      approval: undefined,
      request: [{ type: "diff", changes: [add] }],
      final: undefined,
    });
    const overwritten = contents("Write", { file_path: path, content: "new\n" }, text("old\n"));
    expect(overwritten.request).toEqual(withPatch(modify, `${header}@@ -1 +1 @@\n-old\n+new\n`));
  });

  it("keeps the input's diff, without a patch, where no exact one exists", () => {
    const snippet = [{ type: "diff", changes: [modify] }];
    const edit = { file_path: path, old_string: "b", new_string: "B" };
    // No file read (no approval asked), a file that is not text, an ambiguous match.
    expect(contents("Edit", edit, undefined).request).toEqual(snippet);
    expect(contents("Edit", edit, { bytes: new Uint8Array([0, 1]) }).request).toEqual(snippet);
    expect(contents("Edit", edit, { unreadable: true }).request).toEqual(snippet);
    expect(contents("Edit", edit, text("b b")).request).toEqual(snippet);
    // A CR file has no patch, before or after.
    const cr = contents("Edit", edit, text("a\r\nb\r\n"), {
      originalFile: "a\r\nb\r\n",
      fileAfter: "a\r\nB\r\n",
    });
    expect([cr.request, cr.final]).toEqual([snippet, [{ type: "diff", changes: [modify] }]]);
  });

  it("patches no final diff it cannot trust", () => {
    const write = { file_path: path, content: "new\n" };
    // No old text of a file Claude Code did not create (its old text was too large): the
    // input's diff stands, unchanged.
    expect(
      contents("Write", write, undefined, {
        originalFile: null,
        fileAfter: "new\n",
        type: "update",
      }),
    ).toEqual({
      approval: undefined,
      request: [{ type: "diff", changes: [add] }],
      final: undefined,
    });
    // Bytes that were not UTF-8 on disk.
    expect(
      contents("Write", write, undefined, { originalFile: "old\n", fileAfter: "n\uFFFDw\n" }).final,
    ).toEqual([{ type: "diff", changes: [modify] }]);
    // A loaded history's Write: the disk shows a later state.
    expect(
      contents("Write", write, undefined, {
        originalFile: "old\n",
        fileAfter: "new\n",
        replayed: true,
      }).final,
    ).toEqual([{ type: "diff", changes: [modify] }]);
  });

  it("patches a loaded history's Edit from its stored texts", () => {
    const edit = { file_path: path, old_string: "b", new_string: "B" };
    expect(
      contents("Edit", edit, undefined, { originalFile: "b\n", fileAfter: "B\n", replayed: true })
        .final,
    ).toEqual(withPatch(modify, `${header}@@ -1 +1 @@\n-b\n+B\n`));
  });

  it("is only for a v2 client", () => {
    const v1 = new ToolCallTranslator(
      parseClientProfile({ _meta: { terminal_output: true } }),
      true,
    );
    v1.complete(
      { id: "t1", name: "Edit", input: { file_path: path, old_string: "b", new_string: "B" } },
      null,
    );
    const { toolCall } = v1.forPermission(
      "t1",
      "Edit",
      { file_path: path, old_string: "b", new_string: "B" },
      text("b\n"),
    );
    expect(toolCall.content).toEqual([{ type: "diff", path, oldText: "b", newText: "B" }]);
  });
});

describe("the v2 file patch decorator's caches", () => {
  const state = {
    toolCallId: "e",
    toolName: "Edit",
    parentToolUseId: null,
    input: { file_path: path, old_string: "a", new_string: "b" },
    inputComplete: true,
    status: "completed",
  } as unknown as ToolCallState;
  const block = { type: "content" as const, content: { type: "text" as const, text: "t" } };

  it("computes a final content once: every report gets the same blocks", () => {
    const decorator = filePatchDecorator();
    const picked = [block];
    const first = decorator.content!(picked, "final", state);
    expect(decorator.content!(picked, "final", state)).toBe(first);
  });

  it("computes a preview once per file read for the approval", () => {
    const decorator = filePatchDecorator();
    const approval = { ...state, fileBeforeApproval: text("a\n") } as ToolCallState;
    const first = decorator.content!([block], "input", approval);
    expect(first).not.toEqual([block]);
    expect(decorator.content!([block], "input", approval)).toBe(first);
  });
});
