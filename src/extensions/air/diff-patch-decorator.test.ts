import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import type { FileBeforeApproval } from "../../translation/tool-calls/facts.js";
import { ToolCallTranslator } from "../../translation/tool-calls/tool-call-translator.js";
import { diffPatchDecorator, UNSHOWN_OVERWRITE_NOTICE } from "./diff-patch-decorator.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import { gitPatch } from "../../translation/patches/git-patch.js";
import { patchDiffBlock } from "./diff-patch.js";

const airWith = (...capabilities: string[]) =>
  parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities } } } });
/** A function: a profile built at module load runs before any mutant is active. */
const diffPatchClient = () => airWith("diffPatch");
const path = "/w/App.ts";
const patchBlock = (before: string | null, after: string) => {
  const result = gitPatch(path, before, after);
  if (!("patch" in result)) throw new Error(result.noPatch);
  return patchDiffBlock(path, result.patch);
};
const text = (t: string) => ({ bytes: new TextEncoder().encode(t) });

/**
 * The content of the tool call at each step (streamed, the update before the approval,
 * after the write; undefined: unchanged) and of the permission request's tool call.
 */
function contents(
  profile: ReturnType<typeof parseClientProfile>,
  toolName: string,
  input: Record<string, unknown>,
  file: FileBeforeApproval | undefined,
  post?: { originalFile: string | null; fileAfter: string; type?: string; replayed?: boolean },
) {
  const tools = new ToolCallTranslator(profile, true);
  const [streamed] = tools.complete({ id: "t1", name: toolName, input }, null);
  const { updates, toolCall } = tools.forPermission("t1", toolName, input, file);
  const final = post
    ? tools.postToolUse("t1", {
        toolResponse: { filePath: path, originalFile: post.originalFile, type: post.type },
        fileAfter: post.fileAfter,
        ...(post.replayed ? { replayed: true } : {}),
      })
    : [];
  const update = (u: { update: unknown } | undefined) =>
    (u?.update as { content?: unknown } | undefined)?.content;
  return {
    streamed: update(streamed),
    approval: update(updates[0]),
    request: toolCall.content,
    final: update(final[0]),
  };
}

const edit = { file_path: path, old_string: "b", new_string: "B" };
const snippet = { type: "diff", path, oldText: "b", newText: "B" };

describe("diffPatch on the tool call of an Edit", () => {
  it("shows the snippet, then the preview patch, then the patch of the written file", () => {
    expect(
      contents(diffPatchClient(), "Edit", edit, text("a\nb\nc\n"), {
        originalFile: "a\nb\nc\n",
        // Claude may strip trailing whitespace: the final patch is of the disk.
        fileAfter: "a\nB\nc",
      }),
    ).toEqual({
      streamed: [snippet],
      approval: [patchBlock("a\nb\nc\n", "a\nB\nc\n")],
      request: [patchBlock("a\nb\nc\n", "a\nB\nc\n")],
      final: [patchBlock("a\nb\nc\n", "a\nB\nc")],
    });
  });

  it.each([
    ["no match", text("x\n")],
    ["a missing file", { missing: true } as const],
    ["a CRLF file", text("a\r\nb\r\n")],
    ["a binary file", { bytes: new Uint8Array([0x62, 0, 0x62]) }],
    ["an unreadable file", { unreadable: true } as const],
  ])("keeps the snippet, and asks without content, for %s", (_name, file) => {
    expect(contents(diffPatchClient(), "Edit", edit, file)).toEqual({
      streamed: [snippet],
      approval: undefined,
      request: undefined,
      final: undefined,
    });
  });

  it("keeps the standard final diff for a CR or bytes that were not UTF-8", () => {
    const crlf = contents(diffPatchClient(), "Edit", edit, undefined, {
      originalFile: "b\r\n",
      fileAfter: "B\r\n",
    });
    expect(crlf.final).toEqual([{ type: "diff", path, oldText: "b\r\n", newText: "B\r\n" }]);
    const lossy = contents(diffPatchClient(), "Edit", edit, undefined, {
      originalFile: "b\uFFFD\n",
      fileAfter: "B\uFFFD\n",
    });
    expect(lossy.final).toEqual([
      { type: "diff", path, oldText: "b\uFFFD\n", newText: "B\uFFFD\n" },
    ]);
  });
});

describe("diffPatch on the tool call of a Write", () => {
  const write = { file_path: path, content: "new\n" };

  it("shows no diff until the approval, then a creation patch for a missing file", () => {
    expect(
      contents(
        diffPatchClient(),
        "Write",
        write,
        { missing: true },
        { originalFile: null, fileAfter: "new\n", type: "create" },
      ),
    ).toEqual({
      streamed: [],
      approval: [patchBlock(null, "new\n")],
      request: [patchBlock(null, "new\n")],
      // The same patch: nothing new to send.
      final: undefined,
    });
  });

  it("keeps the standard final diff when Claude left out a large old file", () => {
    const final = contents(diffPatchClient(), "Write", write, undefined, {
      originalFile: null,
      fileAfter: "new\n",
      type: "update",
    }).final;
    expect(final).toEqual([{ type: "diff", path, oldText: null, newText: "new\n" }]);
  });

  it("shows a loaded history's Write as the standard diff without old text, its Edit as a patch", () => {
    const replayed = { originalFile: "old\n", fileAfter: "new\n", replayed: true };
    expect(contents(diffPatchClient(), "Write", write, undefined, replayed).final).toEqual([
      { type: "diff", path, oldText: null, newText: "new\n" },
    ]);
    const edit = { file_path: path, old_string: "old", new_string: "new" };
    expect(contents(diffPatchClient(), "Edit", edit, undefined, replayed).final).toEqual([
      patchBlock("old\n", "new\n"),
    ]);
  });

  const notice = [{ type: "content", content: { type: "text", text: UNSHOWN_OVERWRITE_NOTICE } }];
  const patch = [patchBlock("old\n", "new\n")];
  it.each([
    ["an existing file", text("old\n"), patch, patch],
    [
      "a CRLF file",
      text("old\r\n"),
      [{ type: "diff", path, oldText: "old\r\n", newText: "new\n" }],
      undefined,
    ],
    ["a file it cannot show", { bytes: new Uint8Array([0xff, 0x0a]) }, notice, undefined],
    ["an unreadable file", { unreadable: true } as const, notice, undefined],
  ])(
    "previews over %s; the request repeats only an exact patch",
    (_name, file, approval, request) => {
      expect(contents(diffPatchClient(), "Write", write, file)).toEqual({
        streamed: [],
        approval,
        request,
        final: undefined,
      });
    },
  );
});

describe("without diffPatch", () => {
  it.each([
    ["an AIR client", airWith("rawInputRendering")],
    ["a plain client", parseClientProfile({})],
  ])("%s keeps the standard diffs", (name, profile) => {
    expect(
      contents(profile, "Edit", edit, text("a\nb\n"), {
        originalFile: "a\nb\n",
        fileAfter: "a\nB\n",
      }),
    ).toEqual({
      streamed: [snippet],
      approval: undefined,
      // AIR has the tool call already; the upstream request repeats it whole.
      request: name === "a plain client" ? [snippet] : undefined,
      final: [{ type: "diff", path, oldText: "a\nb\n", newText: "a\nB\n" }],
    });
  });
});

describe("diffPatch's content from a Write's input", () => {
  it("drops only the diff (whether the file exists is unknown): other blocks stay", () => {
    const state = {
      toolCallId: "w",
      toolName: "Write",
      parentToolUseId: null,
      input: { file_path: path, content: "x" },
      inputComplete: true,
      status: "pending",
    } as unknown as ToolCallState;
    const text = { type: "content" as const, content: { type: "text" as const, text: "t" } };
    const diff = { type: "diff" as const, path, oldText: null, newText: "x" };
    expect(diffPatchDecorator().content!([diff, text], "input", state)).toEqual([text]);
  });
});

describe("diffPatch's final content", () => {
  const state = {
    toolCallId: "w",
    toolName: "Write",
    parentToolUseId: null,
    input: { file_path: path, content: "x" },
    inputComplete: true,
    status: "completed",
    replayed: true,
  } as unknown as ToolCallState;
  const text = { type: "content" as const, content: { type: "text" as const, text: "t" } };

  it("a loaded history's Write keeps its other blocks as they are", () => {
    const diff = { type: "diff" as const, path, oldText: "o", newText: "x" };
    expect(diffPatchDecorator().content!([diff, text], "final", state)).toEqual([
      { type: "diff", path, oldText: null, newText: "x" },
      text,
    ]);
  });

  it("a preview is computed once per file read for the approval", () => {
    const decorator = diffPatchDecorator();
    const edit = {
      ...state,
      toolName: "Edit",
      replayed: false,
      input: { file_path: path, old_string: "a", new_string: "b" },
      fileBeforeApproval: { bytes: new TextEncoder().encode("a\n") },
    } as unknown as ToolCallState;
    const first = decorator.content!([text], "input", edit);
    expect(first).not.toEqual([text]);
    expect(decorator.content!([text], "input", edit)).toBe(first);
  });

  it("is computed once per picked content: every report gets the same blocks", () => {
    const decorator = diffPatchDecorator();
    const picked = [text];
    const first = decorator.content!(picked, "final", state);
    expect(decorator.content!(picked, "final", state)).toBe(first);
  });
});
