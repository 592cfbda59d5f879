import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { AIR_WIRE_STRINGS } from "../src/extensions/air/keys.js";
import { GATEWAY_WIRE_STRINGS } from "../src/extensions/gateway/keys.js";
import { LODY_WIRE_STRINGS } from "../src/extensions/lody/keys.js";
import { STEERING_WIRE_STRINGS } from "../src/extensions/steering/keys.js";
import { V2_WIRE_STRINGS } from "../src/extensions/v2/keys.js";
import { ZED_WIRE_STRINGS } from "../src/extensions/zed/keys.js";
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

/** Files of the inner layers that import from `protocol/` (the outermost layer). */
const INNER = /^(translation|session|agent|sdk|client|util|profile|extensions)\//;
function protocolImports(imports: readonly Import[]): Import[] {
  return imports.filter((i) => INNER.test(i.file) && /(^|\/)protocol\//.test(i.from));
}

/** Source text without comments (a comment may name a key it explains). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/**
 * Places outside `extensions/<name>/` that spell one of that extension's wire strings
 * as a literal: `files` maps a path below src/ to its text.
 */
function wireStringsOutside(
  files: ReadonlyMap<string, string>,
  extensions: Readonly<Record<string, readonly string[]>>,
): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const source = code(text);
    // A word two extensions both use (AIR's `subagent` key, v2's `subagent` work item)
    // is each one's own to spell.
    const own = Object.entries(extensions).find(([name]) => file.startsWith(`extensions/${name}/`));
    for (const [name, strings] of Object.entries(extensions)) {
      if (file.startsWith(`extensions/${name}/`)) continue;
      for (const key of strings) {
        if (own?.[1].includes(key)) continue;
        if (
          source.includes(`"${key}"`) ||
          source.includes(`'${key}'`) ||
          source.includes(`\`${key}\``)
        )
          found.push(`${file}: ${key}`);
      }
    }
  }
  return found;
}

const MAX_LINES = 400;
function oversize(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([, text]) => text.split("\n").length > MAX_LINES)
    .map(([file, text]) => `${file}: ${text.split("\n").length} lines`);
}

const all = sourceFiles(SRC).flatMap(importsOf);
const texts = new Map(sourceFiles(SRC).map((f) => [relative(SRC, f), readFileSync(f, "utf8")]));
const EXTENSION_WIRE_STRINGS = {
  air: AIR_WIRE_STRINGS,
  zed: ZED_WIRE_STRINGS,
  steering: STEERING_WIRE_STRINGS,
  v2: V2_WIRE_STRINGS,
  lody: LODY_WIRE_STRINGS,
  gateway: GATEWAY_WIRE_STRINGS,
};
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

  it("no inner layer imports from protocol/ (it maps the agent onto the wire)", () => {
    expect(show(protocolImports(all))).toEqual([]);
  });

  it("only an extension's own folder spells its capability strings and wire keys", () => {
    expect(wireStringsOutside(texts, EXTENSION_WIRE_STRINGS)).toEqual([]);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    expect(oversize(texts)).toEqual([]);
  });
});

/** Each rule above, shown to fail on a tree that breaks it. */
describe("architecture rules catch what breaks them", () => {
  it("an inner layer importing protocol/", () => {
    const broken: Import[] = [
      { file: "session/x.ts", from: "../protocol/errors.js", typeOnly: false },
      { file: "extensions/air/y.ts", from: "../../protocol/initialize.js", typeOnly: true },
      { file: "protocol/z.ts", from: "./errors.js", typeOnly: false },
      { file: "run.ts", from: "./protocol/agent-app.js", typeOnly: false },
    ];
    expect(show(protocolImports(broken))).toEqual([
      "session/x.ts → ../protocol/errors.js",
      "extensions/air/y.ts → ../../protocol/initialize.js",
    ]);
  });

  it("a wire key spelled outside its extension", () => {
    const files = new Map([
      ["translation/a.ts", 'const k = "terminal_output";\n// "diffPatch" in a comment'],
      ["session/b.ts", "if (caps.includes('diffPatch')) {}"],
      ["extensions/zed/keys.ts", 'export const K = "terminal_output";'],
      ["extensions/air/c.ts", 'meta["terminal_output"] = 1;'],
      // Both extensions own the word: each spells it; no one else does.
      ["extensions/v2/d.ts", 'const t = "subagent";'],
      ["extensions/air/e.ts", 'const t = "subagent";'],
      ["session/f.ts", 'const t = "subagent";'],
    ]);
    expect(
      wireStringsOutside(files, {
        air: ["diffPatch", "subagent"],
        zed: ["terminal_output"],
        v2: ["subagent"],
      }),
    ).toEqual([
      "translation/a.ts: terminal_output",
      "session/b.ts: diffPatch",
      "extensions/air/c.ts: terminal_output",
      "session/f.ts: subagent",
      "session/f.ts: subagent",
    ]);
  });

  it("a file over the limit", () => {
    const files = new Map([
      ["a.ts", "x\n".repeat(MAX_LINES)],
      ["b.ts", "x\n".repeat(MAX_LINES - 1)],
    ]);
    expect(oversize(files)).toEqual([`a.ts: ${MAX_LINES + 1} lines`]);
  });
});
