import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Whether `cwd` lies in a linked git worktree now: the `.git` of its worktree root is a
 * file naming a git dir `<common dir>/worktrees/<name>`. False in a main worktree, a
 * submodule (its git dir is under `modules/`), outside a repository, and for a worktree
 * removed since (AIR's `agentWorktree` row field shows a removal at once, so nothing is
 * cached).
 */
export async function isInLinkedWorktree(cwd: string): Promise<boolean> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    const info = await stat(dotGit).catch(() => undefined);
    if (info?.isDirectory()) return false;
    if (info?.isFile()) {
      const text = await readFile(dotGit, "utf8").catch(() => "");
      const gitDir = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
      return gitDir !== undefined && basename(dirname(resolve(dir, gitDir))) === "worktrees";
    }
    if (dirname(dir) === dir) return false;
  }
}
