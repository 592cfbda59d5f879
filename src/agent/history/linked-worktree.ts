import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";

/** The git dir a worktree's `.git` names: itself when a folder, the `gitdir:` of a file. */
async function gitDirAt(root: string): Promise<string | undefined> {
  const dotGit = join(root, ".git");
  const info = await stat(dotGit).catch(() => undefined);
  if (info?.isDirectory()) return dotGit;
  if (!info?.isFile()) return undefined;
  const text = await readFile(dotGit, "utf8").catch(() => "");
  const gitDir = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
  return gitDir === undefined ? undefined : resolve(root, gitDir);
}

/** The root of the worktree that holds `cwd` (the nearest folder with a `.git`), and its git dir. */
async function worktreeOf(cwd: string): Promise<{ root: string; gitDir?: string } | undefined> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (await stat(join(dir, ".git")).catch(() => undefined)) {
      return { root: dir, gitDir: await gitDirAt(dir) };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Whether a git dir is a linked worktree's: `<common dir>/worktrees/<name>`. */
function isLinkedGitDir(gitDir: string): boolean {
  return basename(dirname(gitDir)) === "worktrees";
}

/**
 * Whether `cwd` lies in a linked git worktree now. False in a main worktree, a submodule
 * (its git dir is under `modules/`), outside a repository, and for a worktree removed
 * since (AIR's `agentWorktree` row field shows a removal at once, so nothing is cached).
 */
export async function isInLinkedWorktree(cwd: string): Promise<boolean> {
  const gitDir = (await worktreeOf(cwd))?.gitDir;
  return gitDir !== undefined && isLinkedGitDir(gitDir);
}

/**
 * The same subfolder as `cwd` in every other existing worktree of its repository (the
 * main one and the linked ones, read from the git files: no `git` process): for
 * `/repo/pkg`, `/wt1/pkg` when it exists. Empty outside a repository. Read afresh each
 * time: `git worktree move` rewrites a `gitdir` file and nothing else.
 */
export async function worktreeCounterparts(cwd: string): Promise<string[]> {
  const own = await worktreeOf(cwd);
  if (!own?.gitDir) return [];
  const commonDir = await readFile(join(own.gitDir, "commondir"), "utf8").then(
    (text) => resolve(own.gitDir!, text.trim()),
    () => own.gitDir!,
  );
  const roots = basename(commonDir) === ".git" ? [dirname(commonDir)] : [];
  const names = await readdir(join(commonDir, "worktrees")).catch(() => [] as string[]);
  for (const name of names) {
    const gitFile = await readFile(join(commonDir, "worktrees", name, "gitdir"), "utf8").catch(
      () => "",
    );
    if (gitFile.trim()) roots.push(dirname(resolve(commonDir, "worktrees", name, gitFile.trim())));
  }
  const inside = relative(own.root, resolve(cwd));
  const found: string[] = [];
  for (const root of new Set(roots)) {
    const counterpart = join(root, inside);
    if (root === own.root || found.includes(counterpart)) continue;
    if ((await stat(counterpart).catch(() => undefined))?.isDirectory()) found.push(counterpart);
  }
  return found;
}
