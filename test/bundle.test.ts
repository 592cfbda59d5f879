import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
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

const ours = (specifier: string): boolean =>
  !specifier.startsWith("node:") && specifier !== "@anthropic-ai/claude-agent-sdk";

/**
 * The bin is bundled (scripts/bundle.mjs): starting it reads one module of ours with
 * everything a start needs, not hundreds; what only some clients use (the v2 router,
 * AIR's, Lody's and v2's hooks, `--cli`) is in chunks (dist/chunks/) loaded on demand.
 * Only Node's built-ins and the Claude Agent SDK (which finds its `claude` binary relative
 * to itself) are loaded from outside the bundle.
 */
describe("the bundled bin", () => {
  const text = readFileSync(ADAPTER_BIN, "utf8");
  const chunkDir = join(dirname(ADAPTER_BIN), "chunks");
  const chunks = readdirSync(chunkDir).filter((f) => f.endsWith(".js"));
  const bin = imports(text);

  it("is what package.json names as the bin, its chunks packed with it", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      files: string[];
    };
    expect(join(REPO_ROOT, pkg.bin["claude-agent-acp"]!)).toBe(ADAPTER_BIN);
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(pkg.files).toContain("dist/chunks/");
  });

  it("loads nothing at start but Node built-ins and the Claude Agent SDK", () => {
    expect(bin.statically).toContain("@anthropic-ai/claude-agent-sdk");
    expect(bin.statically.filter(ours)).toEqual([]);
  });

  it("loads the v2 router and AIR's, Lody's and v2's hooks on demand, from its chunks", () => {
    const onDemand = bin.onDemand.map((s) => s.replace(/^\.\/chunks\//, ""));
    expect(onDemand.some((s) => s.startsWith("agent-app-v2-"))).toBe(true);
    expect(onDemand.filter((s) => s.startsWith("hooks-"))).toHaveLength(3);
    expect(onDemand.filter((s) => !chunks.includes(s))).toEqual([]);
  });

  it("has chunks that load only built-ins, the SDK, each other and the bin", () => {
    for (const file of chunks) {
      const { statically, onDemand } = imports(readFileSync(join(chunkDir, file), "utf8"));
      const outside = [...statically, ...onDemand]
        .filter(ours)
        .filter((s) => s !== "../claude-agent-acp.js" && !chunks.includes(s.replace(/^\.\//, "")));
      expect({ file, outside }).toEqual({ file, outside: [] });
    }
  });

  it("runs `--cli` from its chunk (an import() awaited while the bin evaluates would hang)", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [ADAPTER_BIN, "--cli", "--version"],
      { timeout: 30_000 },
    );
    expect(stdout).toMatch(/\(Claude Code\)/);
  });
});
