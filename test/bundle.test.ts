import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { Script } from "node:vm";
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
    // In the script, `import()` is the bin's, passed in (scripts/script-bundle.mjs).
    onDemand: [...text.matchAll(/(?:\bimport|\b__bundleImportChunk)\(\s*"([^"]+)"\s*\)/g)].map(
      (m) => m[1]!,
    ),
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
  const scriptFile = ADAPTER_BIN.replace(/\.js$/, ".script.js");
  const script = readFileSync(scriptFile, "utf8");
  const chunkDir = join(dirname(ADAPTER_BIN), "chunks");
  const chunks = readdirSync(chunkDir).filter((f) => f.endsWith(".js"));
  const bin = imports(text);
  const bundle = imports(script);

  it("is what package.json names as the bin, its chunks packed with it", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      files: string[];
    };
    expect(join(REPO_ROOT, pkg.bin["claude-agent-acp"]!)).toBe(ADAPTER_BIN);
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(pkg.files).toContain("dist/chunks/");
    for (const file of [scriptFile, `${scriptFile}.map`, `${scriptFile}.v8cache`])
      expect(pkg.files).toContain(relative(REPO_ROOT, file));
  });

  it("is a small module that runs the bundle, a script of one function (a code cache needs a script)", () => {
    expect(text.length).toBeLessThan(30_000);
    expect(bundle.statically).toEqual([]);
    expect(script.startsWith("(function (")).toBe(true);
    expect(() => new Script(script, { filename: scriptFile })).not.toThrow();
  });

  it("runs the bundle with the code cache the build made, and says so only in its debug log", async () => {
    const env = { ...process.env, XDG_CACHE_HOME: join(REPO_ROOT, "no-such-dir") };
    const plain = await promisify(execFile)(process.execPath, [ADAPTER_BIN, "--version"], { env });
    expect(plain.stderr).toBe("");
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [ADAPTER_BIN, "--version"],
      { env: { ...env, CLAUDE_AGENT_ACP_DEBUG: "1" } },
    );
    expect(stdout).toBe(plain.stdout);
    expect(stderr).toContain(`(CPU `);
    expect(stderr).toContain(`; ${scriptFile}.v8cache)`);
  });

  it("loads nothing at start but Node built-ins and the Claude Agent SDK", () => {
    expect(bin.statically).toContain("@anthropic-ai/claude-agent-sdk");
    expect(bin.statically.filter(ours)).toEqual([]);
  });

  it("loads the v2 router and AIR's, Lody's and v2's hooks on demand, from its chunks", () => {
    const onDemand = bundle.onDemand.map((s) => s.replace(/^\.\/chunks\//, ""));
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
