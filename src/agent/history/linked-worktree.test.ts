import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isInLinkedWorktree } from "./linked-worktree.js";

const root = mkdtempSync(join(tmpdir(), "linked-worktree-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(path: string, gitFile?: string): string {
  const dir = join(root, path);
  mkdirSync(join(dir, "sub"), { recursive: true });
  if (gitFile !== undefined) writeFileSync(join(dir, ".git"), gitFile);
  return dir;
}

describe("isInLinkedWorktree", () => {
  mkdirSync(join(root, "repo", ".git", "worktrees", "wt"), { recursive: true });
  const linked = folder("wt", `gitdir: ${join(root, "repo", ".git", "worktrees", "wt")}\n`);
  const relative = folder("wt2", "gitdir: ../repo/.git/worktrees/wt2\n");
  const submodule = folder("repo/mod", "gitdir: ../.git/modules/mod\n");
  const broken = folder("broken", "not a git file\n");

  it.each([
    ["a linked worktree", linked, true],
    ["a folder inside a linked worktree", join(linked, "sub"), true],
    ["a relative git dir", relative, true],
    ["the main worktree", join(root, "repo"), false],
    ["a submodule", submodule, false],
    ["a .git file without gitdir", broken, false],
    ["a folder outside any repository", "/", false],
  ])("%s: %s", async (_name, cwd, expected) => {
    expect(await isInLinkedWorktree(cwd)).toBe(expected);
  });
});
