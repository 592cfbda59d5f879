import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/acp-harness.js";

/**
 * The layers of ARCHITECTURE.md, enforced: a violation fails the build with the file
 * and the import that broke the rule.
 */
const SRC = join(REPO_ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

interface Import {
  readonly file: string;
  readonly from: string;
  readonly typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(
    /^\s*(import|export)\s+(type\s+)?[^;]*?\sfrom\s+["']([^"']+)["']/gms,
  )) {
    found.push({ file: relative(SRC, file), from: match[3]!, typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ file: relative(SRC, file), from: match[1]!, typeOnly: false });
  }
  return found;
}

const all = sourceFiles(SRC).flatMap(importsOf);
const runtime = all.filter((i) => !i.typeOnly);
const inFolder = (folder: string) => (i: Import) => i.file.startsWith(`${folder}/`);
const show = (imports: Import[]) => imports.map((i) => `${i.file} → ${i.from}`);

describe("architecture", () => {
  it("reads the imports of the whole tree", () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(40);
    expect(all.length).toBeGreaterThan(100);
  });

  it("only sdk/ imports the Claude Agent SDK at runtime", () => {
    const offenders = runtime.filter(
      (i) => i.from.startsWith("@anthropic-ai/claude-agent-sdk") && !inFolder("sdk")(i),
    );
    expect(show(offenders)).toEqual([]);
  });

  it("translation/ does no I/O and depends on no stateful layer", () => {
    const io = /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|readline)$/;
    const layers = /^(\.\.\/)+(session|agent|client|sdk)\/|protocol\/agent-app/;
    const offenders = runtime
      .filter(inFolder("translation"))
      .filter((i) => io.test(i.from) || layers.test(i.from));
    expect(show(offenders)).toEqual([]);
  });

  it("translation/ reads no clock", () => {
    const offenders = sourceFiles(join(SRC, "translation")).filter((f) =>
      /Date\.now\(|new Date\(|performance\.now\(/.test(readFileSync(f, "utf8")),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("only protocol/, client/ and the bin touch the ACP connection", () => {
    const connection = /\b(agent|client|ndJsonStream)\b/;
    const offenders = sourceFiles(SRC)
      .filter(
        (f) => !/^(protocol|client)\//.test(relative(SRC, f)) && relative(SRC, f) !== "run.ts",
      )
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        return [
          ...text.matchAll(
            /^import\s+\{([^}]*)\}\s+from\s+["']@agentclientprotocol\/sdk[^"']*["']/gm,
          ),
        ].some((m) =>
          m[1]!
            .split(",")
            .some((name) => connection.test(name.trim()) && !name.trim().startsWith("type ")),
        );
      });
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("nothing but the transport and the bin's --help / --version write to stdout", () => {
    const offenders = sourceFiles(SRC).filter((f) => {
      const text = readFileSync(f, "utf8");
      // The bin prints --help and --version; run.ts hands stdout to the ACP transport.
      const owner = ["run.ts", "index.ts"].includes(relative(SRC, f));
      return /console\.log\(|process\.stdout\.write\(/.test(text) && !owner;
    });
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });
});
