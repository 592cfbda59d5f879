import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTER_BIN, REPO_ROOT } from "./support/acp-harness.js";

/**
 * The bin is one bundled module (scripts/bundle.mjs): starting it reads one file of ours,
 * not hundreds. Only Node's built-ins and the Claude Agent SDK (which finds its `claude`
 * binary relative to itself) are loaded from outside it.
 */
describe("the bundled bin", () => {
  const text = readFileSync(ADAPTER_BIN, "utf8");
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gm),
    ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
    ...text.matchAll(/\b__require\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1]!);

  it("is what package.json names as the bin", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    expect(join(REPO_ROOT, pkg.bin["claude-agent-acp"]!)).toBe(ADAPTER_BIN);
    expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("loads nothing but Node built-ins and the Claude Agent SDK", () => {
    expect(specifiers).toContain("@anthropic-ai/claude-agent-sdk");
    const outside = specifiers.filter(
      (s) => !s.startsWith("node:") && s !== "@anthropic-ai/claude-agent-sdk",
    );
    expect(outside).toEqual([]);
  });
});
