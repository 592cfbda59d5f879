import { posix } from "node:path";
import ts from "typescript";

/**
 * What the architecture rules (architecture-rules.ts) read of a source file, through
 * TypeScript's parser: a comment or a string never passes for code, and every form of
 * import (multi-line, side-effect, `export … from`, dynamic, `require`) is one node.
 * A file is parsed and walked once; every rule reads the same facts.
 */

/** A source tree: path below src/ (`session/turn/turn.ts`) → the file's text. */
export type Tree = ReadonlyMap<string, string>;

export type ImportKind = "import" | "side-effect" | "re-export" | "dynamic" | "require";

export interface Import {
  readonly file: string;
  readonly line: number;
  /** The module specifier; `""` when it is computed (`import(name)`). */
  readonly from: string;
  readonly kind: ImportKind;
  /**
   * Erased by tsc: `import type`, `export type`, `typeof import("x")`. Under
   * `verbatimModuleSyntax` an `import { type A }` still loads the module (`import {}`).
   */
  readonly typeOnly: boolean;
  /**
   * The exported names it takes at runtime (`{ a as b }` → `a`; inline `type` names left
   * out); `*` when it takes the whole module (a namespace, `export *`, `import()`).
   */
  readonly names: readonly string[];
  /** The local name that holds the whole module (`* as ns`, a default import). */
  readonly local?: string;
}

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;

export interface SourceFacts {
  readonly file: string;
  readonly imports: readonly Import[];
  /** Every identifier by its text, wherever it stands (a value, a key, a property). */
  readonly identifiers: ReadonlyMap<string, readonly ts.Identifier[]>;
  readonly literals: readonly Literal[];
  readonly calls: readonly ts.CallExpression[];
  readonly variables: readonly ts.VariableDeclaration[];
  /** `import.meta` */
  readonly importMetas: readonly ts.MetaProperty[];
}

export function literal(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

const lineOf = (node: ts.Node): number =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** `file:line` of a node (or of a line number). */
export const at = (file: string, node: ts.Node | number): string =>
  `${file}:${typeof node === "number" ? node : lineOf(node)}`;

function importOf(file: string, node: ts.Node): Import | undefined {
  const base = { file, line: 0, typeOnly: false };
  if (ts.isImportDeclaration(node)) {
    const from = literal(node.moduleSpecifier) ?? "";
    const clause = node.importClause;
    if (!clause) return { ...base, from, kind: "side-effect", names: [] };
    const names: string[] = [];
    let local: string | undefined;
    if (clause.name) {
      names.push("default");
      local = clause.name.text;
    }
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      names.push("*");
      local = bindings.name.text;
    } else if (bindings) {
      for (const element of bindings.elements)
        if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
    const typeOnly = clause.isTypeOnly;
    return { ...base, from, kind: "import", typeOnly, names, ...(local ? { local } : {}) };
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
    const from = literal(node.moduleSpecifier) ?? "";
    const clause = node.exportClause;
    const names =
      clause && ts.isNamedExports(clause)
        ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
        : ["*"];
    return { ...base, from, kind: "re-export", typeOnly: node.isTypeOnly, names };
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const from = literal(node.moduleReference.expression) ?? "";
    const typeOnly = node.isTypeOnly;
    return { ...base, from, kind: "require", typeOnly, names: ["*"], local: node.name.text };
  }
  if (ts.isCallExpression(node)) {
    const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
    const required = ts.isIdentifier(node.expression) && node.expression.text === "require";
    if (!dynamic && !required) return undefined;
    const from = literal(node.arguments[0]) ?? "";
    return { ...base, from, kind: dynamic ? "dynamic" : "require", names: ["*"] };
  }
  if (ts.isImportTypeNode(node)) {
    const argument = node.argument;
    const from = ts.isLiteralTypeNode(argument) ? (literal(argument.literal) ?? "") : "";
    return { ...base, from, kind: "import", typeOnly: true, names: ["*"] };
  }
  return undefined;
}

const facts = new Map<string, SourceFacts>();

/** The facts of one file, read in one walk (and once per file and text). */
export function factsOf(file: string, text: string): SourceFacts {
  const key = `${file}\0${text}`;
  const known = facts.get(key);
  if (known) return known;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: Import[] = [];
  const identifiers = new Map<string, ts.Identifier[]>();
  const literals: Literal[] = [];
  const calls: ts.CallExpression[] = [];
  const variables: ts.VariableDeclaration[] = [];
  const importMetas: ts.MetaProperty[] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const same = identifiers.get(node.text);
      if (same) same.push(node);
      else identifiers.set(node.text, [node]);
      return;
    }
    const found = importOf(file, node);
    if (found) imports.push({ ...found, line: lineOf(node) });
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node);
    else if (ts.isCallExpression(node)) calls.push(node);
    else if (ts.isVariableDeclaration(node)) variables.push(node);
    else if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword)
      importMetas.push(node);
    ts.forEachChild(node, walk);
  };
  walk(source);
  const read = { file, imports, identifiers, literals, calls, variables, importMetas };
  facts.set(key, read);
  return read;
}

export const factsOfTree = (tree: Tree): SourceFacts[] =>
  [...tree].map(([file, text]) => factsOf(file, text));

/** Every import of one file, in source order. */
export const importsOf = (file: string, text: string): readonly Import[] =>
  factsOf(file, text).imports;

export const importsOfTree = (tree: Tree): Import[] => factsOfTree(tree).flatMap((f) => f.imports);

/** The path below src/ a relative specifier names (`.js` → `.ts`); undefined for a package. */
export function resolved(file: string, from: string): string | undefined {
  if (!from.startsWith(".")) return undefined;
  return posix.normalize(posix.join(posix.dirname(file), from)).replace(/\.js$/, ".ts");
}

/** `session/turn/turn.ts` → `session`; a file at the root of src/ (the bin) → `""`. */
export const folderOf = (path: string): string => (path.includes("/") ? path.split("/")[0]! : "");

/** Whether an identifier stands for the value it names, not a declaration, key or type. */
function isReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === id;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent) || ts.isTypeQueryNode(parent))
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === id) return false;
  const named =
    ts.isVariableDeclaration(parent) ||
    ts.isParameter(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isFunctionExpression(parent) ||
    ts.isClassDeclaration(parent) ||
    ts.isBindingElement(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isMethodSignature(parent) ||
    ts.isGetAccessor(parent) ||
    ts.isSetAccessor(parent) ||
    ts.isEnumMember(parent) ||
    ts.isInterfaceDeclaration(parent) ||
    ts.isTypeAliasDeclaration(parent);
  if (named && parent.name === id) return false;
  return !(
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent)
  );
}

/**
 * One use of a global or a module's local name (`process`, `globalThis.process`):
 * `member` is the property it reads (`process.env`, `process["env"]` → `env`), undefined
 * for any other use (`f(process)`, `const { env } = process`).
 */
export interface GlobalUse {
  readonly name: string;
  readonly member: string | undefined;
  /** The expression that stands for it (`process`, `globalThis.process`). */
  readonly node: ts.Expression;
}

function memberOf(node: ts.Expression): string | undefined {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return parent.name.text;
  if (ts.isElementAccessExpression(parent) && parent.expression === node)
    return literal(parent.argumentExpression);
  return undefined;
}

/** The uses of these names as values, in source order; `globalThis.name` counts as `name`. */
export function globalUses(facts: SourceFacts, names: Iterable<string>): GlobalUse[] {
  const uses: GlobalUse[] = [];
  for (const name of names) {
    for (const id of facts.identifiers.get(name) ?? []) {
      const parent = id.parent;
      const viaGlobalThis =
        ts.isPropertyAccessExpression(parent) &&
        parent.name === id &&
        ts.isIdentifier(parent.expression) &&
        parent.expression.text === "globalThis";
      const node = viaGlobalThis ? parent : isReference(id) ? id : undefined;
      if (node) uses.push({ name, member: memberOf(node), node });
    }
  }
  return uses.sort((a, b) => a.node.getStart() - b.node.getStart());
}
