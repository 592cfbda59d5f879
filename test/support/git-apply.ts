import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A scratch Git repository to prove a patch exact: put the old file in, `git apply` the
 * patch, read the file back. Git reads no user or system config, so a developer's
 * settings cannot change the result.
 */
export class PatchRepo {
  readonly root = mkdtempSync(join(tmpdir(), "diff-patch-"));

  constructor() {
    this.git(["init", "-q"]);
  }

  /** Writes `text` at `name` (repository-relative), creating its folders. */
  write(name: string, text: string): void {
    const file = join(this.root, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }

  /** `git apply --check`, then `git apply`, of `patch`; throws with Git's message if either fails. */
  apply(patch: string): void {
    this.git(["apply", "--check", "-"], patch);
    this.git(["apply", "-"], patch);
  }

  /** The bytes at `name` now. */
  read(name: string): Buffer {
    return readFileSync(join(this.root, name));
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  private git(args: string[], input?: string): void {
    execFileSync("git", args, {
      cwd: this.root,
      input,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    });
  }
}
