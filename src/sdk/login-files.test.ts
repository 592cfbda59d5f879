import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loginFilesSignature } from "./login-files.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function world() {
  const root = mkdtempSync(join(tmpdir(), "login-files-"));
  dirs.push(root);
  const config = join(root, "config");
  const cwd = join(root, "project");
  mkdirSync(join(cwd, ".claude"), { recursive: true });
  mkdirSync(config);
  const signature = () => loginFilesSignature({ HOME: root, CLAUDE_CONFIG_DIR: config }, cwd);
  return { root, config, cwd, signature };
}

describe.runIf(process.platform !== "darwin")("loginFilesSignature", () => {
  it.each([
    [
      "the stored credentials",
      (w: ReturnType<typeof world>) => join(w.config, ".credentials.json"),
    ],
    ["the user settings", (w: ReturnType<typeof world>) => join(w.config, "settings.json")],
    ["the global config", (w: ReturnType<typeof world>) => join(w.config, ".claude.json")],
    [
      "the project settings",
      (w: ReturnType<typeof world>) => join(w.cwd, ".claude", "settings.json"),
    ],
    [
      "the local project settings",
      (w: ReturnType<typeof world>) => join(w.cwd, ".claude", "settings.local.json"),
    ],
  ])("changes when %s are written, and only then", (_name, file) => {
    const w = world();
    const before = w.signature();
    expect(w.signature()).toBe(before);
    writeFileSync(join(w.root, "unrelated.json"), "{}");
    expect(w.signature()).toBe(before);
    writeFileSync(file(w), '{"apiKeyHelper":"echo k"}');
    expect(w.signature()).not.toBe(before);
  });

  it("reads ~/.claude.json when no config dir is set", () => {
    const w = world();
    const signature = () => loginFilesSignature({ HOME: w.root }, w.cwd);
    const before = signature();
    writeFileSync(join(w.root, ".claude.json"), "{}");
    expect(signature()).not.toBe(before);
  });
});
