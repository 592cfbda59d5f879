import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pruneCacheFolder } from "./cache-file.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;

describe("pruneCacheFolder", () => {
  it("removes cache files not rewritten for a month, and nothing else", () => {
    const folder = mkdtempSync(join(tmpdir(), "cache-prune-"));
    dirs.push(folder);
    const now = Date.now();
    const file = (name: string, ageDays: number) => {
      const path = join(folder, name);
      writeFileSync(path, "{}");
      const when = new Date(now - ageDays * DAY);
      utimesSync(path, when, when);
      return path;
    };
    const old = file("models-old.json", 40);
    const torn = file("commands-x.json.123.tmp", 31);
    const fresh = file("commands-fresh.json", 2);
    const foreign = file("notes.txt", 400);
    const oldCode = file("code-0a1b2c3d-v20.20.2-x64.v8cache", 31);
    const freshCode = file("code-4e5f6a7b-v20.20.2-x64.v8cache", 29);
    mkdirSync(join(folder, "sub"));
    pruneCacheFolder(folder, now);
    expect([old, torn, fresh, foreign, oldCode, freshCode].map((path) => existsSync(path))).toEqual(
      [false, false, true, true, false, true],
    );
    pruneCacheFolder(join(folder, "missing"), now); // no folder: nothing to do
  });
});
