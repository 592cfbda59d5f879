import { factsOfTree, resolved, type Tree } from "./architecture-source.js";

/**
 * The layer order of ARCHITECTURE.md as pure functions over a source tree (path below src/
 * → text), like architecture-rules.ts: test/architecture-layers.test.ts runs each on the
 * real src/ and on synthetic trees that break and keep it. Every relative import counts,
 * `import type` too: a type ties a layer to another's shapes as much as a call does. Each
 * function returns its violations, one `importer → imported` pair (or one cycle) each,
 * sorted and without repeats, so a list of known ones can be compared entry by entry.
 */

/**
 * The ONE module of the core that imports the client extensions: it builds the negotiated
 * extensions' hooks. Everything else reaches an extension through what it builds.
 */
export const EXTENSION_COMPOSITION = "extensions/compose.ts";

/**
 * The profile door: the ONE core module besides the composition that imports extensions,
 * and only their capability parsers (`extensions/<name>/profile.ts`, which read nothing but
 * the client's `initialize` declaration into named booleans). The `ClientProfile` sits below
 * every layer that differs per client, so it reads those parsers itself; what an extension
 * DOES comes only through the composition's hooks.
 */
export const EXTENSION_PROFILES = "profile/client-profile.ts";

/** `extensions/air/profile.ts`: an extension's capability parser, what the profile door reads. */
const isProfileParser = (file: string): boolean =>
  extensionOf(file) !== undefined && /^extensions\/[^/]+\/profile\.ts$/.test(file);

/**
 * The layers, outside in. A layer imports only the layers of the rows after its own; the
 * layers of one row import neither. `bin` is the files at the root of src/; `composition`
 * is EXTENSION_COMPOSITION; `extension` is any `extensions/<name>/` folder, each one a
 * layer of its own that no core layer imports but the composition (extensionEntry) and no
 * other extension imports (extensionIsolation).
 */
export const LAYER_ORDER: readonly (readonly string[])[] = [
  ["bin"],
  ["cli"],
  ["protocol"],
  ["agent"],
  ["composition"],
  ["extension"],
  ["session"],
  ["sdk"],
  ["translation"],
  ["profile"],
  ["client", "util"],
];

/** Each layer → the layers it may import (the rows after its own), from LAYER_ORDER. */
export const LAYER_IMPORTS: ReadonlyMap<string, readonly string[]> = new Map(
  LAYER_ORDER.flatMap((row, rank) =>
    row.map((layer) => [layer, LAYER_ORDER.slice(rank + 1).flat()] as const),
  ),
);

/** `extensions/air/x.ts` → `air`; undefined outside an extension's folder. */
export function extensionOf(file: string): string | undefined {
  const parts = file.split("/");
  return parts[0] === "extensions" && parts.length > 2 ? parts[1] : undefined;
}

/**
 * The layer a file belongs to: its first folder, `bin` at the root of src/, `composition`
 * for EXTENSION_COMPOSITION, `extension` in an extension's folder. Any other file at the
 * top of extensions/ is `extensions`, which is in no layer until LAYER_ORDER places it.
 */
export function layerOf(file: string, composition = EXTENSION_COMPOSITION): string {
  if (file === composition) return "composition";
  if (extensionOf(file) !== undefined) return "extension";
  return file.includes("/") ? file.split("/")[0]! : "bin";
}

/** Every relative import of the tree that names a file of the tree, as `[importer, imported]`. */
function edgesOf(tree: Tree): [string, string][] {
  const edges: [string, string][] = [];
  for (const facts of factsOfTree(tree))
    for (const i of facts.imports) {
      const path = resolved(i.file, i.from);
      if (path !== undefined && tree.has(path)) edges.push([facts.file, path]);
    }
  return edges;
}

const pair = ([from, to]: [string, string]): string => `${from} → ${to}`;
const sortedUnique = (entries: Iterable<string>): string[] => [...new Set(entries)].sort();

/**
 * Imports against LAYER_ORDER, and files in no layer (`file: in no layer`). An import of an
 * extension's file, or between two extensions, is left to extensionEntry and
 * extensionIsolation, so each broken import is reported by one rule.
 */
export function layerOrder(tree: Tree, composition = EXTENSION_COMPOSITION): string[] {
  const found: string[] = [];
  for (const file of tree.keys())
    if (!LAYER_IMPORTS.has(layerOf(file, composition))) found.push(`${file}: in no layer`);
  for (const edge of edgesOf(tree)) {
    const [from, to] = edge.map((file) => layerOf(file, composition)) as [string, string];
    if (from === to || to === "extension") continue;
    if (!LAYER_IMPORTS.get(from)?.includes(to)) found.push(pair(edge));
  }
  return sortedUnique(found);
}

/** An import from one extension's folder of another extension's folder. */
export function extensionIsolation(tree: Tree): string[] {
  return sortedUnique(
    edgesOf(tree)
      .filter(([from, to]) => {
        const [a, b] = [extensionOf(from), extensionOf(to)];
        return a !== undefined && b !== undefined && a !== b;
      })
      .map(pair),
  );
}

/**
 * The core reaches an extension only through the composition: an import of an extension's
 * file from outside every extension's folder by any file but `composition` (and but
 * EXTENSION_PROFILES importing an extension's `profile.ts`), and `composition` itself
 * missing from the tree (a renamed composition must rename the constant, not open a
 * second door).
 */
export function extensionEntry(tree: Tree, composition = EXTENSION_COMPOSITION): string[] {
  const found = edgesOf(tree)
    .filter(([from, to]) => extensionOf(from) === undefined && extensionOf(to) !== undefined)
    .filter(([from]) => from !== composition)
    .filter(([from, to]) => !(from === EXTENSION_PROFILES && isProfileParser(to)))
    .map(pair);
  if (!tree.has(composition)) found.push(`${composition}: not in the tree`);
  return sortedUnique(found);
}

/**
 * The import cycles: each group of files that reach each other through imports (a strongly
 * connected component of two or more files, or a file that imports itself), as its files
 * in order joined by ` ↔ `. Tarjan's algorithm, iterative (a long chain of imports must
 * not run out of stack).
 */
export function importCycles(tree: Tree): string[] {
  const next = new Map<string, string[]>([...tree.keys()].map((file) => [file, []]));
  const selfImports = new Set<string>();
  for (const [from, to] of edgesOf(tree)) {
    next.get(from)!.push(to);
    if (from === to) selfImports.add(from);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[] = [];
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; edge: number }[] = [{ file: root, edge: 0 }];
    index.set(root, index.size);
    low.set(root, index.get(root)!);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const targets = next.get(top.file)!;
      if (top.edge < targets.length) {
        const to = targets[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, index.size);
          low.set(to, index.get(to)!);
          stack.push(to);
          onStack.add(to);
          work.push({ file: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.file, Math.min(low.get(top.file)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) !== index.get(top.file)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== top.file);
      if (group.length > 1 || selfImports.has(top.file)) groups.push(group.sort().join(" ↔ "));
    }
  }
  return sortedUnique(groups);
}

/**
 * A rule's violations against the list of those known today: `found` that the list does
 * not name (new: fix them), and entries of the list no longer found (fixed: remove them,
 * so the list only shrinks).
 */
export function againstKnown(
  found: readonly string[],
  known: readonly string[],
): { new: string[]; fixed: string[] } {
  return {
    new: found.filter((entry) => !known.includes(entry)),
    fixed: known.filter((entry) => !found.includes(entry)),
  };
}
