import { describe, expect, it } from "vitest";
import { importsOf } from "./architecture-source.js";

/** The import reader the architecture rules stand on (test/architecture.test.ts). */
describe("importsOf", () => {
  const read = (text: string) =>
    importsOf("a/b.ts", text).map(({ line, from, kind, typeOnly, names, local }) => ({
      line,
      from,
      kind,
      typeOnly,
      names,
      ...(local ? { local } : {}),
    }));

  it("sees every form of import, and what each takes at runtime", () => {
    const text = [
      'import "./side.js";',
      "import {",
      "  a,",
      "  b as c,",
      "  type T,",
      '} from "./multi.js";',
      'import type { U } from "./types.js";',
      'import { type V } from "./inline-type.js";',
      'import * as ns from "pkg/sub";',
      'import def from "pkg";',
      'export * from "./all.js";',
      'export * as all from "./all-ns.js";',
      'export { x as y, type W } from "./named.js";',
      'export type { Z } from "./type-export.js";',
      'const m = await import("./lazy.js");',
      "const r = require('cjs');",
      'import eq = require("eq");',
      'let t: typeof import("./type-of.js");',
      "await import(name);",
    ].join("\n");
    expect(read(text)).toEqual([
      { line: 1, from: "./side.js", kind: "side-effect", typeOnly: false, names: [] },
      { line: 2, from: "./multi.js", kind: "import", typeOnly: false, names: ["a", "b"] },
      { line: 7, from: "./types.js", kind: "import", typeOnly: true, names: ["U"] },
      // verbatimModuleSyntax keeps `import {} from "./inline-type.js"`: it loads.
      { line: 8, from: "./inline-type.js", kind: "import", typeOnly: false, names: [] },
      { line: 9, from: "pkg/sub", kind: "import", typeOnly: false, names: ["*"], local: "ns" },
      { line: 10, from: "pkg", kind: "import", typeOnly: false, names: ["default"], local: "def" },
      { line: 11, from: "./all.js", kind: "re-export", typeOnly: false, names: ["*"] },
      { line: 12, from: "./all-ns.js", kind: "re-export", typeOnly: false, names: ["*"] },
      { line: 13, from: "./named.js", kind: "re-export", typeOnly: false, names: ["x"] },
      { line: 14, from: "./type-export.js", kind: "re-export", typeOnly: true, names: ["Z"] },
      { line: 15, from: "./lazy.js", kind: "dynamic", typeOnly: false, names: ["*"] },
      { line: 16, from: "cjs", kind: "require", typeOnly: false, names: ["*"] },
      { line: 17, from: "eq", kind: "require", typeOnly: false, names: ["*"], local: "eq" },
      { line: 18, from: "./type-of.js", kind: "import", typeOnly: true, names: ["*"] },
      { line: 19, from: "", kind: "dynamic", typeOnly: false, names: ["*"] },
    ]);
  });

  it("reads no import in a comment or a string", () => {
    const text = [
      '// import "./commented.js";',
      '/* export * from "./block.js"; */',
      "const s = 'import x from \"./quoted.js\"';",
      "const u = `require('./templated.js')`;",
    ].join("\n");
    expect(read(text)).toEqual([]);
  });
});
