import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isInLinkedWorktree, worktreeCounterparts } from "./linked-worktree.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "linked-worktree-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    cwd,
    stdio: "ignore",
  });

// A repository with a subfolder, two linked worktrees (one without the subfolder) and a
// submodule-like folder whose git dir lies under `modules/`.
const repo = join(root, "repo");
mkdirSync(join(repo, "pkg"), { recursive: true });
writeFileSync(join(repo, "pkg", "file.txt"), "x");
git(repo, "init", "-q");
git(repo, "add", ".");
git(repo, "commit", "-qm", "first");
git(repo, "worktree", "add", "-q", join(root, "wt1"));
git(repo, "worktree", "add", "-q", join(root, "wt2"));
rmSync(join(root, "wt2", "pkg"), { recursive: true });
mkdirSync(join(repo, ".git", "modules", "mod"), { recursive: true });
mkdirSync(join(repo, "mod"));
writeFileSync(join(repo, "mod", ".git"), "gitdir: ../.git/modules/mod\n");
const plain = join(root, "plain");
mkdirSync(plain);

describe("isInLinkedWorktree", () => {
  it.each([
    ["a linked worktree", join(root, "wt1"), true],
    ["a folder inside a linked worktree", join(root, "wt1", "pkg"), true],
    ["the main worktree", repo, false],
    ["a submodule", join(repo, "mod"), false],
    ["a folder outside any repository", plain, false],
  ])("%s", async (_name, cwd, expected) => {
    expect(await isInLinkedWorktree(cwd)).toBe(expected);
  });
});

describe("worktreeCounterparts", () => {
  it.each([
    ["the main worktree's root", repo, [join(root, "wt1"), join(root, "wt2")]],
    ["a subfolder: only where it exists", join(repo, "pkg"), [join(root, "wt1", "pkg")]],
    ["a linked worktree", join(root, "wt1", "pkg"), [join(repo, "pkg")]],
    ["a folder outside any repository", plain, []],
  ])("%s", async (_name, cwd, expected) => {
    expect((await worktreeCounterparts(cwd)).sort()).toEqual(expected.sort());
  });
});
