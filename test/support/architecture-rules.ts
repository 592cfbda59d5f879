import { builtinModules } from "node:module";
import ts from "typescript";
import {
  at,
  factsOf,
  factsOfTree,
  folderOf,
  globalUses,
  importsOfTree,
  resolved,
  type GlobalUse,
  type Import,
  type ImportKind,
  type SourceFacts,
  type Tree,
} from "./architecture-source.js";

/**
 * The rules of ARCHITECTURE.md as pure functions over a source tree (path below src/ →
 * text), so test/architecture.test.ts runs each on the real src/ and on synthetic trees
 * that break and keep it. One function per rule; each returns its violations, one
 * `file:line: what` string each. To add a rule, add a function and both tests.
 */

const inFolder = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
/** `process.env`; `console` for a use other than a property's. */
const spelled = (use: GlobalUse): string => (use.member ? `${use.name}.${use.member}` : use.name);
const show = (i: Import, what = "imports"): string =>
  `${at(i.file, i.line)}: ${what} ${i.from || "a computed module"}`;

/**
 * translation/ and every file it runs: what its files import at runtime, and so on. A
 * pure function that calls a helper doing I/O does I/O. Each file reached from outside
 * translation/ is tagged with a translation/ file that reaches it.
 */
function translationScope(tree: Tree): { facts: SourceFacts; via: string }[] {
  const roots = factsOfTree(tree).filter((f) => inFolder("translation")(f.file));
  const via = new Map(roots.map((f) => [f.file, ""]));
  const scope = roots.map((facts) => ({ facts, via: "" }));
  for (let next = 0; next < scope.length; next++) {
    const { facts } = scope[next]!;
    for (const i of facts.imports) {
      const path = resolved(i.file, i.from);
      const text = path === undefined ? undefined : tree.get(path);
      if (i.typeOnly || path === undefined || text === undefined || via.has(path)) continue;
      const root = via.get(facts.file) || facts.file;
      via.set(path, root);
      scope.push({ facts: factsOf(path, text), via: ` (run by ${root})` });
    }
  }
  return scope;
}

// ——— reads the imports of the whole tree ———

export interface TreeMinimums {
  readonly files: number;
  readonly imports: number;
}

/**
 * The tree the other rules read is whole: enough files and imports, every relative import
 * names a file of the tree (a skipped folder or a misread path shows up here), and every
 * module is named by a literal (a computed one is out of every rule's sight).
 */
export function unreadTree(tree: Tree, minimums: TreeMinimums): string[] {
  const imports = importsOfTree(tree);
  const found: string[] = [];
  if (tree.size < minimums.files)
    found.push(`read ${tree.size} files, expected at least ${minimums.files}`);
  if (imports.length < minimums.imports)
    found.push(`read ${imports.length} imports, expected at least ${minimums.imports}`);
  for (const i of imports) {
    if (i.from === "") found.push(show(i));
    const path = resolved(i.file, i.from);
    if (path !== undefined && !tree.has(path)) found.push(`${show(i)}, not in the tree`);
  }
  return found;
}

// ——— only sdk/ imports the Claude Agent SDK at runtime ———

const CLAUDE_SDK = /^@anthropic-ai\/claude-agent-sdk(\/|$)/;

/** Any import of it that loads it (all but `import type` / `export type`) outside sdk/. */
export function claudeSdkOutsideSdk(tree: Tree): string[] {
  return importsOfTree(tree)
    .filter((i) => !i.typeOnly && CLAUDE_SDK.test(i.from) && !inFolder("sdk")(i.file))
    .map((i) => show(i, i.kind === "re-export" ? "re-exports" : `imports (${i.kind})`));
}

// ——— translation/ does no I/O ———

/**
 * Node's modules that do no I/O and read no clock. crypto hashes (child session ids); its
 * randomness is the clock rule's. Every other Node module counts as I/O, a new one too.
 */
const PURE_BUILTINS = new Set([
  ...["assert", "buffer", "constants", "crypto", "diagnostics_channel", "events", "path"],
  ...["punycode", "querystring", "stream", "string_decoder", "url", "util", "zlib"],
]);
const CLOCK_BUILTINS = new Set(["perf_hooks", "timers"]);
const BUILTINS = new Set(builtinModules.map((m) => m.split("/")[0]!));

/** `node:fs/promises`, `fs/promises` → `fs`; undefined for a module that is not Node's. */
function builtinOf(from: string): string | undefined {
  const base = from.replace(/^node:/, "").split("/")[0]!;
  return from.startsWith("node:") || BUILTINS.has(base) ? base : undefined;
}

export function isIoModule(from: string): boolean {
  const base = builtinOf(from);
  return base !== undefined && !PURE_BUILTINS.has(base) && !CLOCK_BUILTINS.has(base);
}

/**
 * Globals that reach outside the process's memory: the network, the terminal, the
 * environment (`process.env` is an input the caller passes in; translation/ uses no
 * `process` at all today), the module loader.
 */
const IO_GLOBALS = ["fetch", "process", "console", "require"];
const IO_WEB_GLOBALS = ["WebSocket", "XMLHttpRequest", "EventSource"];

/** The I/O of one file: see translationIo. */
function ioIn(facts: SourceFacts): string[] {
  const found: string[] = [];
  for (const i of facts.imports) {
    if (i.typeOnly) continue;
    if (isIoModule(i.from)) found.push(show(i));
    else if (i.kind === "dynamic") found.push(show(i, "imports at run time"));
    else if (i.kind === "require") found.push(show(i, "requires"));
  }
  for (const use of globalUses(facts, [...IO_GLOBALS, ...IO_WEB_GLOBALS])) {
    const parent = use.node.parent;
    // require("x") is reported as an import above.
    if (use.name === "require" && ts.isCallExpression(parent) && parent.expression === use.node)
      continue;
    found.push(`${at(facts.file, use.node)}: ${spelled(use)}`);
  }
  for (const meta of facts.importMetas) found.push(`${at(facts.file, meta)}: import.meta`);
  return found;
}

/**
 * translation/ is pure: no Node I/O module, no module loaded at run time (`import()`,
 * `require`), no global that does I/O, no `import.meta` (where the module is on disk);
 * nor does any file it runs.
 */
export function translationIo(tree: Tree): string[] {
  return translationScope(tree).flatMap(({ facts, via }) => ioIn(facts).map((v) => v + via));
}

// ——— translation/ depends on no stateful layer ———

const STATEFUL = new Set(["session", "agent", "client", "sdk", "protocol", ""]);

/** A runtime import from translation/ of session/, agent/, client/, sdk/, protocol/ or the bin. */
export function translationStatefulImports(tree: Tree): string[] {
  return importsOfTree(tree)
    .filter((i) => inFolder("translation")(i.file) && !i.typeOnly)
    .filter((i) => {
      const path = resolved(i.file, i.from);
      return path !== undefined && STATEFUL.has(folderOf(path));
    })
    .map((i) => show(i));
}

// ——— translation/ reads no clock ———

/** Names that read a clock, draw randomness or schedule, wherever they are spelled. */
const CLOCK_NAMES = [
  ...["randomUUID", "getRandomValues", "randomBytes", "randomInt", "randomFill"],
  ...["randomFillSync", "hrtime", "setTimeout", "setInterval", "setImmediate", "performance"],
];

/** The clocks and randomness of one file: see translationClock. */
function clockIn(facts: SourceFacts): string[] {
  const { file } = facts;
  const found: string[] = [];
  for (const i of facts.imports) {
    const base = builtinOf(i.from);
    if (!i.typeOnly && base && CLOCK_BUILTINS.has(base)) found.push(show(i));
  }
  const ids = CLOCK_NAMES.flatMap((name) => facts.identifiers.get(name) ?? []);
  for (const id of ids.sort((a, b) => a.getStart() - b.getStart()))
    found.push(`${at(file, id)}: ${id.text}`);
  for (const use of globalUses(facts, ["Date", "Math"])) {
    const parent = use.node.parent;
    const called =
      (ts.isNewExpression(parent) || ts.isCallExpression(parent)) &&
      parent.expression === use.node &&
      (parent.arguments?.length ?? 0) === 0;
    if (use.name === "Date" && use.member === "now") found.push(`${at(file, use.node)}: Date.now`);
    if (use.name === "Date" && called) found.push(`${at(file, use.node)}: Date()`);
    if (use.name === "Math" && use.member === "random")
      found.push(`${at(file, use.node)}: Math.random`);
  }
  return found;
}

/**
 * translation/ reads no clock and draws no randomness, nor does any file it runs: the same
 * input gives the same updates (a replay equals the live run; a unit test needs no fake
 * timers). A caller that needs a time or an id passes it in. `new Date(x)` and
 * `Date.parse` read no clock.
 */
export function translationClock(tree: Tree): string[] {
  return translationScope(tree).flatMap(({ facts, via }) => clockIn(facts).map((v) => v + via));
}

// ——— only protocol/, client/ and the bin touch the ACP connection ———

const ACP_SDK = /^@agentclientprotocol\/sdk(\/|$)/;
/** What opens, routes or holds an ACP connection; `methods` and `RequestError` are data. */
const CONNECTION = new Set([
  ...["agent", "client", "ndJsonStream", "agentProtocolRouter", "AgentProtocolRouter"],
  ...["AgentApp", "ClientApp", "AgentContext", "ClientContext", "ActiveSession"],
  ...["SessionBuilder", "TerminalHandle", "McpOverAcpCaller", "McpOverAcpProvider"],
  ...["AgentSideConnection", "ClientSideConnection"],
]);
const WHOLE: Record<ImportKind, string> = {
  import: "imports all of",
  "side-effect": "imports",
  "re-export": "re-exports all of",
  dynamic: "imports at run time all of",
  require: "requires all of",
};
const mayConnect = (file: string): boolean =>
  inFolder("protocol")(file) || inFolder("client")(file) || file === "run.ts";

/**
 * A runtime import of the ACP SDK outside protocol/, client/ and run.ts that takes a
 * connection name: by name, through a namespace (`acp.agent(`), or whole (`export *`,
 * `import()`, a namespace used other than by a property), which may take any.
 */
export function connectionOutside(tree: Tree): string[] {
  const found: string[] = [];
  for (const facts of factsOfTree(tree)) {
    if (mayConnect(facts.file)) continue;
    for (const i of facts.imports) {
      if (i.typeOnly || !ACP_SDK.test(i.from)) continue;
      for (const name of i.names.filter((n) => CONNECTION.has(n)))
        found.push(`${at(i.file, i.line)}: ${name} from ${i.from}`);
      if (!i.names.includes("*") && !i.names.includes("default")) continue;
      if (!i.local) {
        found.push(show(i, WHOLE[i.kind]));
        continue;
      }
      for (const use of globalUses(facts, [i.local])) {
        const where = at(i.file, use.node);
        if (use.member === undefined)
          found.push(`${where}: ${i.local} (all of ${i.from}) handed on`);
        else if (CONNECTION.has(use.member))
          found.push(`${where}: ${i.local}.${use.member} from ${i.from}`);
      }
    }
  }
  return found;
}

// ——— nothing but the transport and the bin write to stdout ———

/** The console's methods that write to stderr; the others (log, info, dir, table…) write to stdout. */
const STDERR_CONSOLE = new Set(["error", "warn"]);
/** run.ts hands stdout to the ACP transport (and console.log to stderr); index.ts prints --help / --version. */
const STDOUT_OWNERS = new Set(["run.ts", "index.ts"]);

export function stdoutOutside(tree: Tree): string[] {
  const found: string[] = [];
  for (const facts of factsOfTree(tree)) {
    const { file } = facts;
    if (STDOUT_OWNERS.has(file)) continue;
    for (const use of globalUses(facts, ["process", "console"])) {
      const stdout =
        use.name === "process"
          ? use.member === "stdout"
          : use.member === undefined || !STDERR_CONSOLE.has(use.member);
      if (stdout) found.push(`${at(file, use.node)}: ${spelled(use)}`);
    }
    for (const i of facts.imports)
      if (builtinOf(i.from) === "process" && i.names.includes("stdout"))
        found.push(show(i, "imports stdout from"));
    for (const variable of facts.variables) {
      const { name, initializer } = variable;
      const fromProcess =
        initializer && ts.isIdentifier(initializer) && initializer.text === "process";
      if (fromProcess && ts.isObjectBindingPattern(name))
        for (const element of name.elements)
          if ((element.propertyName ?? element.name).getText() === "stdout")
            found.push(`${at(file, variable)}: stdout from process`);
    }
    for (const call of facts.calls) {
      const callee = call.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
      const fd = call.arguments[0];
      if (/^write(Sync)?$/.test(name) && fd && ts.isNumericLiteral(fd) && fd.text === "1")
        found.push(`${at(file, call)}: ${name}(1)`);
    }
    for (const node of facts.literals)
      if (["/dev/stdout", "/dev/fd/1"].includes(node.text))
        found.push(`${at(file, node)}: ${node.text}`);
  }
  return found;
}

// ——— no inner layer imports from protocol/ ———

/**
 * An import (type-only too: it ties the layer to the wire's shapes) of protocol/ from any
 * folder but protocol/ itself; the bin (the files at the root of src/) wires it up.
 */
export function protocolImports(tree: Tree): string[] {
  return importsOfTree(tree)
    .filter((i) => folderOf(i.file) !== "" && folderOf(i.file) !== "protocol")
    .filter((i) => folderOf(resolved(i.file, i.from) ?? "") === "protocol")
    .map((i) => show(i));
}

// ——— only an extension's own folder spells its wire strings ———

/**
 * Places outside `extensions/<name>/` that spell one of that extension's wire strings as a
 * whole string literal, or quoted inside one (JSON text); a comment may name a key it
 * explains. `extensions` maps an extension's name to its `*_WIRE_STRINGS`.
 */
export function wireStringsOutside(
  tree: Tree,
  extensions: Readonly<Record<string, readonly string[]>>,
): string[] {
  const found: string[] = [];
  for (const facts of factsOfTree(tree)) {
    const { file } = facts;
    const literals = facts.literals.map((node) => node.text);
    const spells = (key: string): boolean =>
      literals.some((text) => text === key || text.includes(`"${key}"`));
    // A word two extensions both use (AIR's `subagent` key, v2's `subagent` work item)
    // is each one's own to spell.
    const own = Object.entries(extensions).find(([name]) => file.startsWith(`extensions/${name}/`));
    for (const [name, strings] of Object.entries(extensions)) {
      if (file.startsWith(`extensions/${name}/`)) continue;
      for (const key of strings)
        if (!own?.[1].includes(key) && spells(key)) found.push(`${file}: ${key}`);
    }
  }
  return found;
}

// ——— no source file is over the limit ———

export const MAX_LINES = 400;

/** Lines as `wc -l` counts them (newlines), and an unterminated last line as one more. */
export function lineCount(text: string): number {
  const newlines = text.split("\n").length - 1;
  return newlines + (text === "" || text.endsWith("\n") ? 0 : 1);
}

export function oversize(tree: Tree): string[] {
  return [...tree]
    .filter(([, text]) => lineCount(text) > MAX_LINES)
    .map(([file, text]) => `${file}: ${lineCount(text)} lines`);
}
