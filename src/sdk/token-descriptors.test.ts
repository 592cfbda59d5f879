import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { descriptorPlan, NO_DESCRIPTORS, ownDescriptorCredential } from "./token-descriptors.js";

const tokens: Record<number, string> = { 3: "oauth-token", 5: "api-key" };
const read = (fd: number): string | undefined => tokens[fd];

describe("descriptorPlan", () => {
  it.each([
    ["no descriptor variable", {}, NO_DESCRIPTORS],
    [
      "the OAuth token on 3",
      { CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "3" },
      { stdio: ["pipe"], writes: new Map([[3, "oauth-token"]]) },
    ],
    [
      "the API key on 5: 3 and 4 are /dev/null",
      { CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR: " 5 " },
      { stdio: ["ignore", "ignore", "pipe"], writes: new Map([[5, "api-key"]]) },
    ],
    [
      "both",
      { CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "3", CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR: "5" },
      {
        stdio: ["pipe", "ignore", "pipe"],
        writes: new Map([
          [3, "oauth-token"],
          [5, "api-key"],
        ]),
      },
    ],
    ["an unreadable descriptor", { CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "4" }, NO_DESCRIPTORS],
    [
      "stdio is never a credential",
      { CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "1" },
      NO_DESCRIPTORS,
    ],
    ["not a number", { CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: "three" }, NO_DESCRIPTORS],
  ])("%s", (_name, env, expected) => {
    expect(descriptorPlan(env, read)).toEqual(expected);
  });
});

describe("ownDescriptorCredential", () => {
  it("reads a file descriptor's first line from the start, once", () => {
    const dir = mkdtempSync(join(tmpdir(), "token-fd-"));
    const file = join(dir, "token");
    writeFileSync(file, "  sk-ant-oat01-file \nsecond line\n");
    const fd = openSync(file, "r");
    try {
      readSync(fd, Buffer.alloc(4)); // someone moved the offset: the token is still whole
      expect(ownDescriptorCredential(fd)).toBe("sk-ant-oat01-file");
      writeFileSync(file, "changed\n");
      expect(ownDescriptorCredential(fd)).toBe("sk-ant-oat01-file");
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is undefined for a descriptor that is not open", () => {
    expect(ownDescriptorCredential(987)).toBeUndefined();
  });
});
