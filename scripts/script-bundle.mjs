/**
 * Turns the bundled bin (one ES module, rolldown's output) into a script that V8 can
 * compile with a code cache, and the entry of a small bin that runs it
 * (src/util/code-cache.ts says why: Node 20 caches no ES module's code).
 *
 * The script is one function expression, `(function (imports, importChunk, importMeta) {
 * ... })`, line for line the module it comes from, so that the module's source map still
 * maps it:
 *  - the hashbang line opens the function;
 *  - each `import { a, b as c } from "x"` becomes `const { a, c } = imports;` (the bin
 *    imports them as the module did and passes them in);
 *  - `import(...)` (the chunks loaded on demand) becomes `importChunk(...)`, which the bin
 *    makes with its own `import()` (the bin is where the module was: same relative paths);
 *  - `import.meta` becomes `importMeta`, the bin's;
 *  - the closing `export { x as y }` becomes `return { y: x }`, and the bin exports those
 *    under the same names: the chunks import them from the bin.
 * A bundle this cannot turn faithfully (a top-level `export const`, `export default`, an
 * exported binding that is reassigned after the script ran: the bin exports a copy) fails
 * the build. A top-level `await` does too: it is a syntax error in the function, found
 * when the build runs the script to make its cache.
 */
import { parseAst } from "rolldown/parseAst";

const IMPORTS = "__bundleImports";
const IMPORT_CHUNK = "__bundleImportChunk";
const IMPORT_META = "__bundleImportMeta";

/**
 * `module`: the bundle's text. Returns the script's text and the text of the bin's entry
 * module (without the cache loader's import: see scripts/bundle.mjs).
 */
export function toScript(module, { sourceMappingURL }) {
  const program = parseAst(module);
  const edits = []; // [start, end, text], not overlapping
  const importLines = [];
  const locals = [];
  let exports;

  for (const node of program.body) {
    const text = module.slice(node.start, node.end);
    if (node.type === "ImportDeclaration") {
      importLines.push(text);
      const names = node.specifiers.map((s) => s.local.name);
      locals.push(...names);
      const replacement = names.length ? `const { ${names.join(", ")} } = ${IMPORTS};` : "";
      edits.push([node.start, node.end, replacement + "\n".repeat(newlines(text))]);
    } else if (node.type === "ExportNamedDeclaration" && !node.declaration && !node.source) {
      exports = node.specifiers.map((s) => [nameOf(s.exported), s.local.name]);
      const fields = exports.map(([exported, local]) => `${JSON.stringify(exported)}: ${local}`);
      edits.push([node.start, node.end, `return { ${fields.join(", ")} };`]);
    } else if (/^Export/.test(node.type)) {
      throw new Error(`script-bundle: cannot turn a top-level ${node.type} into the script`);
    }
  }
  if (!exports) throw new Error("script-bundle: the bundle exports nothing (the chunks need it)");
  checkExportsStay(program, exports);

  walk(program, (node) => {
    if (node.type === "ImportExpression") {
      if (!module.startsWith("import", node.start)) throw new Error("script-bundle: offsets");
      edits.push([node.start, node.start + "import".length, IMPORT_CHUNK]);
    } else if (node.type === "MetaProperty" && node.meta.name === "import") {
      edits.push([node.start, node.end, IMPORT_META]);
    }
  });
  for (const [start, end] of edits)
    if (start < 0 || end > module.length) throw new Error("script-bundle: offsets");

  if (!program.hashbang) throw new Error("script-bundle: the bin has no hashbang line");
  edits.push([
    program.hashbang.start,
    program.hashbang.end,
    `(function (${IMPORTS}, ${IMPORT_CHUNK}, ${IMPORT_META}) { "use strict";`,
  ]);
  edits.sort((a, b) => b[0] - a[0]);
  let script = module.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "");
  for (const [start, end, text] of edits)
    script = script.slice(0, start) + text + script.slice(end);
  script += `\n})\n//# sourceMappingURL=${sourceMappingURL}\n`;

  const entry = [
    ...importLines,
    `const ${IMPORTS} = { ${locals.join(", ")} };`,
    // The chunks' paths are relative to the bin, which is where the bundle was.
    `const ${IMPORT_CHUNK} = (specifier) => import(specifier);`,
    `const { ${exports.map(([exported], i) => `${JSON.stringify(exported)}: __export${i}`).join(", ")} } =`,
    `  runBundledAdapter(import.meta.url, [${IMPORTS}, ${IMPORT_CHUNK}, import.meta]);`,
    `export { ${exports.map(([exported], i) => `__export${i} as ${JSON.stringify(exported)}`).join(", ")} };`,
  ].join("\n");
  return { script, entry };
}

const newlines = (text) => text.split("\n").length - 1;
const nameOf = (node) => (node.type === "Identifier" ? node.name : node.value);

/**
 * The bin exports what the script returned, a copy: an exported `let`/`var` that the
 * code assigns again would change in the script but not in the bin.
 */
function checkExportsStay(program, exports) {
  const mutable = new Set();
  for (const node of program.body)
    if (node.type === "VariableDeclaration" && node.kind !== "const")
      for (const d of node.declarations) if (d.id.type === "Identifier") mutable.add(d.id.name);
  const assigned = new Set();
  walk(program, (node) => {
    if (node.type === "AssignmentExpression") collectNames(node.left, assigned);
    if (node.type === "UpdateExpression") collectNames(node.argument, assigned);
  });
  const moving = exports.map(([, local]) => local).filter((l) => mutable.has(l) && assigned.has(l));
  if (moving.length)
    throw new Error(`script-bundle: exported bindings are reassigned: ${moving.join(", ")}`);
}

function collectNames(pattern, into) {
  if (!pattern || typeof pattern !== "object") return;
  if (pattern.type === "Identifier") into.add(pattern.name);
  else if (pattern.type === "ObjectPattern")
    for (const p of pattern.properties) collectNames(p.type === "RestElement" ? p : p.value, into);
  else if (pattern.type === "ArrayPattern") for (const e of pattern.elements) collectNames(e, into);
  else if (pattern.type === "RestElement") collectNames(pattern.argument, into);
  else if (pattern.type === "AssignmentPattern") collectNames(pattern.left, into);
}

function walk(node, visit) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== "object" || typeof node.type !== "string") return;
  visit(node);
  for (const key in node) {
    if (key === "type" || key === "start" || key === "end") continue;
    const value = node[key];
    if (value && typeof value === "object") walk(value, visit);
  }
}
