import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_PATCH_TEXT_BYTES } from "../../translation/patches/git-patch.js";
import { readFileBeforeApproval } from "./file-before-approval.js";

const dir = mkdtempSync(join(tmpdir(), "file-before-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readFileBeforeApproval", () => {
  const file = join(dir, "a.txt");
  writeFileSync(file, "text\n");
  const big = join(dir, "big.txt");
  writeFileSync(big, "x".repeat(MAX_PATCH_TEXT_BYTES + 1));

  it.each([
    ["an existing file", "Edit", file, { bytes: new Uint8Array(Buffer.from("text\n")) }],
    ["a missing file", "Write", join(dir, "missing.txt"), { missing: true }],
    ["a file over 1 MiB", "MultiEdit", big, { unreadable: true }],
    ["a folder", "Write", dir, { unreadable: true }],
    ["a relative path", "Edit", "a.txt", undefined],
    ["a tool that is not a file tool", "Read", file, undefined],
  ])("%s", async (_name, toolName, path, expected) => {
    const read = await readFileBeforeApproval(toolName, { file_path: path }, "t1");
    expect(read && "bytes" in read ? { bytes: new Uint8Array(read.bytes) } : read).toEqual(
      expected,
    );
  });
});
