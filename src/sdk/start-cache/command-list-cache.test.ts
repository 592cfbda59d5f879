import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  commandListCachePath,
  commandListKey,
  readCommandListCache,
  writeCommandListCache,
  type CommandSource,
} from "./command-list-cache.js";

let root: string;
const saved = process.env.XDG_CACHE_HOME;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "command-cache-"));
  process.env.XDG_CACHE_HOME = join(root, "cache");
});
afterEach(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  rmSync(root, { recursive: true, force: true });
});

const commands = [
  { name: "review", description: "Review a change", argumentHint: "<pr>" },
  { name: "deploy", description: "Deploy (project)" },
];

function source(over: Partial<CommandSource> = {}): CommandSource {
  const cwd = join(root, "project");
  mkdirSync(cwd, { recursive: true });
  return { cwd, configDir: join(root, "config"), mcpServerNames: [], ...over };
}

describe("the command list cache", () => {
  it("round-trips a project's commands under the user's cache folder", () => {
    const key = commandListKey("start", source());
    writeCommandListCache(key, commands);
    expect(commandListCachePath(key).startsWith(join(root, "cache", "claude-agent-acp"))).toBe(
      true,
    );
    expect(readCommandListCache(key)).toEqual(commands);
  });

  it("is none for another key sharing the file name, or for a damaged file", () => {
    const key = commandListKey("start", source());
    writeCommandListCache(key, commands);
    expect(readCommandListCache(`${key.slice(0, 32)}${"0".repeat(32)}`)).toBeUndefined();
    writeFileSync(commandListCachePath(key), '{"version":1,"key":"');
    expect(readCommandListCache(key)).toBeUndefined();
    writeFileSync(
      commandListCachePath(key),
      JSON.stringify({ version: 1, key, commands: [{ name: "no description" }] }),
    );
    expect(readCommandListCache(key)).toBeUndefined();
  });

  it("has a key per start, project and set of MCP servers", () => {
    const base = commandListKey("start", source());
    expect(commandListKey("start", source())).toBe(base);
    expect(commandListKey("other start", source())).not.toBe(base);
    expect(commandListKey("start", source({ cwd: join(root, "elsewhere") }))).not.toBe(base);
    expect(commandListKey("start", source({ mcpServerNames: ["docs"] }))).not.toBe(base);
    expect(commandListKey("start", source({ mcpServerNames: ["b", "a"] }))).toBe(
      commandListKey("start", source({ mcpServerNames: ["a", "b"] })),
    );
  });

  it("changes when a command folder changes, not when Claude Code writes its plugins", () => {
    const where = source();
    const base = commandListKey("start", where);
    mkdirSync(join(where.configDir, "plugins"), { recursive: true });
    expect(commandListKey("start", where)).toBe(base);
    const projectCommands = join(where.cwd, ".claude", "commands");
    mkdirSync(projectCommands, { recursive: true });
    const withFolder = commandListKey("start", where);
    expect(withFolder).not.toBe(base);
    writeFileSync(join(projectCommands, "deploy.md"), "Deploy");
    utimesSync(projectCommands, new Date(), new Date(Date.now() + 5_000));
    expect(commandListKey("start", where)).not.toBe(withFolder);
    mkdirSync(join(where.configDir, "skills"), { recursive: true });
    expect(commandListKey("start", where)).not.toBe(withFolder);
  });
});
