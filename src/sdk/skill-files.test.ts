import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withSkillFiles } from "./skill-files.js";

const root = mkdtempSync(join(tmpdir(), "skill-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function skill(dir: string, name: string): string {
  mkdirSync(join(dir, name), { recursive: true });
  const file = join(dir, name, "SKILL.md");
  writeFileSync(file, `---\nname: ${name}\n---\n`);
  return file;
}

describe("the SKILL.md of each skill command", () => {
  const repo = join(root, "repo");
  const cwd = join(repo, "packages", "app");
  const configDir = join(root, "config");
  mkdirSync(cwd, { recursive: true });
  const near = skill(join(cwd, ".claude", "skills"), "near");
  const up = skill(join(repo, ".claude", "skills"), "up");
  const shadowed = skill(join(cwd, ".claude", "skills"), "both");
  skill(join(configDir, "skills"), "both");
  const user = skill(join(configDir, "skills"), "mine");
  mkdirSync(join(cwd, ".claude", "skills", "dir-only"), { recursive: true });
  mkdirSync(join(cwd, ".claude", "skills", "dir-only", "SKILL.md"));

  it("finds project skills here and above, then the user's; the nearest wins", () => {
    const commands = ["near", "/up", "both", "mine", "missing", "dir-only"].map((name) => ({
      name,
      description: "",
    }));
    expect(withSkillFiles(commands, cwd, configDir).map((c) => c.skillFile)).toEqual([
      near,
      up,
      shadowed,
      user,
      undefined,
      undefined,
    ]);
  });

  it("leaves built-in commands and namespaced names alone", () => {
    const commands = [
      { name: "near", description: "", builtin: true },
      { name: "plugin:near", description: "" },
      { name: "../near", description: "" },
    ];
    expect(withSkillFiles(commands, cwd, configDir)).toEqual(commands);
  });
});
