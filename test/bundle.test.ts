import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTER_BIN, REPO_ROOT } from "./support/acp-harness.js";

/** What a module of the bundle imports: statically, and on demand (`import()`). */
function imports(text: string): { statically: string[]; onDemand: string[] } {
  return {
    statically: [
      ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gm),
      ...text.matchAll(/^\s*import\s+"([^"]+)"/gm),
      ...text.matchAll(/\b__require\(\s*"([^"]+)"\s*\)/g),
    ].map((m) => m[1]!),
    onDemand: [...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!),
  };
}

/**
 * The bin is bundled (scripts/bundle.mjs): starting it reads one module of ours for
 * everything a start needs, not hundreds; what only some clients use (the v2 router,
 * AIR's, Lody's and v2's hooks, `--cli`) is in chunks loaded on demand. Only Node's
 * built-ins and the Claude Agent SDK (which finds its `claude` binary relative to itself)
 * are loaded from outside the bundle.
 */
describe("the bundled bin", () => {
  const text = readFileSync(ADAPTER_BIN, "utf8");
  const chunkDir = join(dirname(ADAPTER_BIN), "chunks");
  const chunks = readdirSync(chunkDir).filter((f) => f.endsWith(".js"));
  const read = (file: string): string => readFileSync(join(chunkDir, file), "utf8");
  const bin = imports(text);
  const core = bin.statically.map((s) => s.replace(/^\.\/chunks\//, ""));

  it("is what package.json names as the bin", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      files: string[];
    };
    expect(join(REPO_ROOT, pkg.bin["claude-agent-acp"]!)).toBe(ADAPTER_BIN);
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(pkg.files).toContain("dist/chunks/");
  });

  it("imports one chunk, which statically imports no other chunk of ours", () => {
    expect(core).toHaveLength(1);
    expect(core[0]).toMatch(/^adapter-[\w-]+\.js$/);
    expect(bin.onDemand).toEqual([]);
    const start = imports(read(core[0]!)).statically;
    expect(start.filter((s) => !s.startsWith("node:"))).toEqual(["@anthropic-ai/claude-agent-sdk"]);
  });

  it("loads the v2 router and AIR's, Lody's and v2's hooks on demand only", () => {
    const onDemand = imports(read(core[0]!)).onDemand.map((s) => s.replace(/^\.\//, ""));
    expect(onDemand.some((s) => s.startsWith("agent-app-v2-"))).toBe(true);
    expect(onDemand.filter((s) => s.startsWith("hooks-"))).toHaveLength(3);
    expect(onDemand.every((s) => chunks.includes(s))).toBe(true);
  });

  it("loads nothing but Node built-ins, the Claude Agent SDK and its own chunks", () => {
    for (const file of chunks) {
      const { statically, onDemand } = imports(read(file));
      const outside = [...statically, ...onDemand].filter(
        (s) =>
          !s.startsWith("node:") &&
          s !== "@anthropic-ai/claude-agent-sdk" &&
          !(s.startsWith("./") && chunks.includes(s.slice(2))),
      );
      expect({ file, outside }).toEqual({ file, outside: [] });
    }
  });
});
