import { describe, expect, it } from "vitest";
import { AIR_WIRE_STRINGS } from "../src/extensions/air/keys.js";
import { GATEWAY_WIRE_STRINGS } from "../src/extensions/gateway/keys.js";
import { LODY_WIRE_STRINGS } from "../src/extensions/lody/keys.js";
import { STEERING_WIRE_STRINGS } from "../src/extensions/steering/keys.js";
import { V2_WIRE_STRINGS } from "../src/extensions/v2/keys.js";
import { ZED_WIRE_STRINGS } from "../src/extensions/zed/keys.js";
import {
  claudeSdkOutsideSdk,
  connectionOutside,
  MAX_LINES,
  oversize,
  protocolImports,
  stdoutOutside,
  translationClock,
  translationIo,
  translationStatefulImports,
  unreadTree,
  wireStringsOutside,
} from "./support/architecture-rules.js";
import type { Tree } from "./support/architecture-source.js";
import { readSourceTree } from "./support/source-tree.js";

/**
 * The layers of ARCHITECTURE.md, enforced: a violation fails the build with the file, the
 * line and what broke the rule. Each rule (test/support/architecture-rules.ts) runs on the
 * real src/ here, and below on a synthetic tree that breaks it and one that keeps it, so a
 * rule that never fails, or always does, fails too. The layer order, extension isolation
 * and import cycles: test/architecture-layers.test.ts.
 */
const src = readSourceTree();
const MINIMUMS = { files: 250, imports: 1000 };
const EXTENSION_WIRE_STRINGS = {
  air: AIR_WIRE_STRINGS,
  zed: ZED_WIRE_STRINGS,
  steering: STEERING_WIRE_STRINGS,
  v2: V2_WIRE_STRINGS,
  lody: LODY_WIRE_STRINGS,
  gateway: GATEWAY_WIRE_STRINGS,
};

describe("architecture", () => {
  it("reads the imports of the whole tree", () => {
    expect(unreadTree(src, MINIMUMS)).toEqual([]);
  });

  it("only sdk/ imports the Claude Agent SDK at runtime", () => {
    expect(claudeSdkOutsideSdk(src)).toEqual([]);
  });

  it("translation/ does no I/O", () => {
    expect(translationIo(src)).toEqual([]);
  });

  it("translation/ depends on no stateful layer", () => {
    expect(translationStatefulImports(src)).toEqual([]);
  });

  it("translation/ reads no clock and draws no randomness", () => {
    expect(translationClock(src)).toEqual([]);
  });

  it("only protocol/, client/ and the bin touch the ACP connection", () => {
    expect(connectionOutside(src)).toEqual([]);
  });

  it("nothing but the transport and the bin's --help / --version write to stdout", () => {
    expect(stdoutOutside(src)).toEqual([]);
  });

  it("no inner layer imports from protocol/ (it maps the agent onto the wire)", () => {
    expect(protocolImports(src)).toEqual([]);
  });

  it("only an extension's own folder spells its capability strings and wire keys", () => {
    expect(wireStringsOutside(src, EXTENSION_WIRE_STRINGS)).toEqual([]);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    expect(oversize(src)).toEqual([]);
  });
});

/** Each rule above, shown to fail on a tree that breaks it and to pass one that keeps it. */
describe("architecture rules catch what breaks them", () => {
  const tree = (files: Record<string, string>): Tree => new Map(Object.entries(files));

  it("a tree read in part", () => {
    const whole = tree({
      "a.ts": 'import { b } from "./x/b.js";\nimport "pkg";',
      "x/b.ts": 'export * from "../a.js";',
    });
    expect(unreadTree(whole, { files: 2, imports: 3 })).toEqual([]);
    expect(unreadTree(whole, { files: 3, imports: 4 })).toEqual([
      "read 2 files, expected at least 3",
      "read 3 imports, expected at least 4",
    ]);
    const broken = tree({
      "a.ts": 'import { b } from "./x/b.js";\nimport { c } from "../outside.js";',
      "y/c.ts": "const m = await import(name);",
    });
    expect(unreadTree(broken, { files: 2, imports: 3 })).toEqual([
      "a.ts:1: imports ./x/b.js, not in the tree",
      "a.ts:2: imports ../outside.js, not in the tree",
      "y/c.ts:1: imports a computed module",
    ]);
  });

  it("the Claude Agent SDK imported at runtime outside sdk/", () => {
    const sdk = "@anthropic-ai/claude-agent-sdk";
    const broken = tree({
      "session/a.ts": `import { query } from "${sdk}";`,
      "session/b.ts": `import * as claude from "${sdk}";`,
      "agent/c.ts": `const { query } = await import("${sdk}");`,
      "agent/d.ts": `const claude = require("${sdk}/embed");`,
      "util/e.ts": `export { query } from "${sdk}";`,
      "util/f.ts": `import { type Options } from "${sdk}";`,
    });
    expect(claudeSdkOutsideSdk(broken)).toEqual([
      `session/a.ts:1: imports (import) ${sdk}`,
      `session/b.ts:1: imports (import) ${sdk}`,
      `agent/c.ts:1: imports (dynamic) ${sdk}`,
      `agent/d.ts:1: imports (require) ${sdk}/embed`,
      `util/e.ts:1: re-exports ${sdk}`,
      `util/f.ts:1: imports (import) ${sdk}`,
    ]);
    const clean = tree({
      "sdk/a.ts": `import { query } from "${sdk}";\nexport * from "${sdk}";`,
      "session/b.ts": `import type { SDKMessage } from "${sdk}";\nexport type { Options } from "${sdk}";`,
      "session/c.ts": `import { x } from "${sdk}-linux-x64";\nlet q: typeof import("${sdk}");`,
    });
    expect(claudeSdkOutsideSdk(clean)).toEqual([]);
  });

  it("I/O in translation/", () => {
    const modules = ["fs", "fs/promises", "child_process", "net", "http", "https", "http2"];
    const more = ["dgram", "dns", "tls", "os", "worker_threads", "cluster", "readline"];
    const rest = ["process", "v8", "vm", "inspector", "module", "tty", "repl", "wasi"];
    const io = [...modules, ...more, ...rest].flatMap((m) => [m, `node:${m}`]);
    const broken = tree({
      "translation/modules.ts": io.map((m) => `import "${m}";`).join("\n"),
      "translation/globals.ts": [
        'const r = await fetch("https://example.com");',
        "const home = process.env.HOME;",
        "process.stdout.write(cwd());",
        "const dir = globalThis.process.cwd();",
        'console.error("x");',
        'const lazy = await import("./lazy.js");',
        'const cjs = require("./cjs.js");',
        'const where = require.resolve("pkg");',
        "const here = import.meta.url;",
      ].join("\n"),
      // What translation/ runs is held to the same rule.
      "translation/helper.ts": 'import { env } from "../util/helper.js";',
      "util/helper.ts": 'export { env } from "./env.js";',
      "util/env.ts": "export const env = () => process.env;",
      "session/x.ts": 'import { readFile } from "node:fs";\nprocess.env.X;',
    });
    expect(translationIo(broken)).toEqual([
      ...io.map((m, i) => `translation/modules.ts:${i + 1}: imports ${m}`),
      "translation/globals.ts:6: imports at run time ./lazy.js",
      "translation/globals.ts:7: requires ./cjs.js",
      "translation/globals.ts:1: fetch",
      "translation/globals.ts:2: process.env",
      "translation/globals.ts:3: process.stdout",
      "translation/globals.ts:4: process.cwd",
      "translation/globals.ts:5: console.error",
      "translation/globals.ts:8: require.resolve",
      "translation/globals.ts:9: import.meta",
      "util/env.ts:1: process.env (run by translation/helper.ts)",
    ]);
    const clean = tree({
      "translation/a.ts": [
        'import { createHash } from "node:crypto";',
        'import { join } from "node:path";',
        'import type { Stats } from "node:fs";',
        'import { z } from "zod";',
        "// process.env and fetch( in a comment",
        'const s = "process.stdout.write(1)";',
        "function f(facts: { process: string }) { return facts.process; }",
        "const o = { fetch: 1, console: 2 };",
        'import type { Env } from "../util/env.js";',
        'import { plain } from "../util/plain.js";',
      ].join("\n"),
      "util/env.ts": "export const env = () => process.env;",
      "util/plain.ts": 'import type { Env } from "./env.js";',
      "session/x.ts": 'import { env } from "../util/env.js";',
    });
    expect(translationIo(clean)).toEqual([]);
  });

  it("translation/ importing a stateful layer", () => {
    const broken = tree({
      "translation/a.ts": [
        'import { Session } from "../session/session.js";',
        'import { x } from "../agent/acp-agent.js";',
        'import { y } from "../client/client-port.js";',
        'import { z } from "../sdk/claude-query.js";',
        'import { w } from "../protocol/agent-app.js";',
        'import { v } from "../run.js";',
      ].join("\n"),
      "translation/deep/b.ts": 'export { q } from "../../session/q.js";',
    });
    expect(translationStatefulImports(broken)).toEqual([
      "translation/a.ts:1: imports ../session/session.js",
      "translation/a.ts:2: imports ../agent/acp-agent.js",
      "translation/a.ts:3: imports ../client/client-port.js",
      "translation/a.ts:4: imports ../sdk/claude-query.js",
      "translation/a.ts:5: imports ../protocol/agent-app.js",
      "translation/a.ts:6: imports ../run.js",
      "translation/deep/b.ts:1: imports ../../session/q.js",
    ]);
    const clean = tree({
      "translation/a.ts": [
        'import type { ClaudeAuthStatus } from "../sdk/auth-status.js";',
        'import { isRecord } from "../util/plain-data.js";',
        'import { planFile } from "../extensions/air/plan-file.js";',
        'import { facts } from "./tool-calls/facts.js";',
      ].join("\n"),
      "session/b.ts": 'import { query } from "../sdk/claude-query.js";',
    });
    expect(translationStatefulImports(clean)).toEqual([]);
  });

  it("a clock or randomness in translation/", () => {
    const broken = tree({
      "translation/a.ts": [
        "const a = Date.now();",
        "const b = new Date();",
        "const c = Math.random();",
        "const d = crypto.randomUUID();",
        "const e = randomUUID();",
        "crypto.getRandomValues(new Uint8Array(4));",
        "const f = process.hrtime.bigint();",
        "setTimeout(() => {}, 1);",
        "setInterval(() => {}, 1);",
        "const g = performance.now();",
        'import { randomBytes } from "node:crypto";',
        'import { setTimeout as wait } from "node:timers/promises";',
        'import { monitorEventLoopDelay } from "perf_hooks";',
        "const h = globalThis.Date.now();",
        "const i = String(Date());",
        'import { stamp } from "../util/stamp.js";',
      ].join("\n"),
      "util/stamp.ts": "export const stamp = () => new Date().toISOString();",
    });
    expect(translationClock(broken)).toEqual([
      "translation/a.ts:12: imports node:timers/promises",
      "translation/a.ts:13: imports perf_hooks",
      "translation/a.ts:4: randomUUID",
      "translation/a.ts:5: randomUUID",
      "translation/a.ts:6: getRandomValues",
      "translation/a.ts:7: hrtime",
      "translation/a.ts:8: setTimeout",
      "translation/a.ts:9: setInterval",
      "translation/a.ts:10: performance",
      "translation/a.ts:11: randomBytes",
      "translation/a.ts:12: setTimeout",
      "translation/a.ts:1: Date.now",
      "translation/a.ts:2: Date()",
      "translation/a.ts:3: Math.random",
      "translation/a.ts:14: Date.now",
      "translation/a.ts:15: Date()",
      "util/stamp.ts:1: Date() (run by translation/a.ts)",
    ]);
    const clean = tree({
      "translation/a.ts": [
        "const a = new Date(ms).toISOString();",
        'const b = Date.parse("2024-01-01");',
        "const c = Math.max(1, 2);",
        "// Date.now() and Math.random() in a comment",
        'const s = "setTimeout(f, 1)";',
        "const ok = value instanceof Date;",
        'import type { Stamp } from "../util/stamp.js";',
      ].join("\n"),
      "util/stamp.ts": "export const stamp = () => new Date().toISOString();",
      "session/b.ts":
        'const now = Date.now();\nsetTimeout(() => {}, 1);\nimport "../util/stamp.js";',
    });
    expect(translationClock(clean)).toEqual([]);
  });

  it("the ACP connection touched outside protocol/, client/ and the bin", () => {
    const acp = "@agentclientprotocol/sdk";
    const broken = tree({
      "session/a.ts": `import { agent, methods } from "${acp}/unstable";`,
      "session/b.ts": `import { agentProtocolRouter as r } from "${acp}/experimental/v2/unstable";`,
      "agent/c.ts": `import * as acp from "${acp}";\nnew acp.ClientSideConnection();\nacp.agent();`,
      "agent/d.ts": `import * as acp from "${acp}";\nconst { client } = acp;`,
      "agent/e.ts": `import acp from "${acp}";\nacp["ndJsonStream"](i, o);`,
      "util/f.ts": `const sdk = await import("${acp}/unstable");`,
      "util/g.ts": `export * from "${acp}";\nexport { client } from "${acp}";`,
    });
    expect(connectionOutside(broken)).toEqual([
      `session/a.ts:1: agent from ${acp}/unstable`,
      `session/b.ts:1: agentProtocolRouter from ${acp}/experimental/v2/unstable`,
      `agent/c.ts:2: acp.ClientSideConnection from ${acp}`,
      `agent/c.ts:3: acp.agent from ${acp}`,
      `agent/d.ts:2: acp (all of ${acp}) handed on`,
      `agent/e.ts:2: acp.ndJsonStream from ${acp}`,
      `util/f.ts:1: imports at run time all of ${acp}/unstable`,
      `util/g.ts:1: re-exports all of ${acp}`,
      `util/g.ts:2: client from ${acp}`,
    ]);
    const clean = tree({
      "protocol/a.ts": `import { agent } from "${acp}/unstable";\nexport * from "${acp}";`,
      "client/b.ts": `import * as acp from "${acp}";\nacp.client();`,
      "run.ts": `import { ndJsonStream } from "${acp}/unstable";`,
      "session/c.ts": `import { methods, type AgentApp } from "${acp}/unstable";`,
      "session/d.ts": `import type * as v2 from "${acp}/experimental/v2/unstable";\nlet a: v2.AgentApp;`,
      "session/e.ts": `import * as acp from "${acp}";\nthrow new acp.RequestError(1, "x");`,
      "session/f.ts": "const agent = makeAgent();\nagent.client();",
    });
    expect(connectionOutside(clean)).toEqual([]);
  });

  it("stdout written outside the transport and the bin", () => {
    const broken = tree({
      "session/a.ts": 'console.log("x");\nconsole.info("y");\nconsole.table([]);',
      "agent/b.ts": 'process.stdout.write("x");\nglobalThis.process.stdout.write("y");',
      "util/c.ts": 'const { stdout } = process;\nimport { stdout as out } from "node:process";',
      "util/d.ts": 'writeSync(1, "x");\nfs.write(1, "y", () => {});\nopen("/dev/stdout");',
      "util/e.ts": "const log = console;",
    });
    expect(stdoutOutside(broken)).toEqual([
      "session/a.ts:1: console.log",
      "session/a.ts:2: console.info",
      "session/a.ts:3: console.table",
      "agent/b.ts:1: process.stdout",
      "agent/b.ts:2: process.stdout",
      "util/c.ts:2: imports stdout from node:process",
      "util/c.ts:1: stdout from process",
      "util/d.ts:1: writeSync(1)",
      "util/d.ts:2: write(1)",
      "util/d.ts:3: /dev/stdout",
      "util/e.ts:1: console",
    ]);
    const clean = tree({
      "run.ts": "Object.assign(console, { log: console.error });\nserve(process.stdout);",
      "index.ts": 'process.stdout.write("--help");',
      "util/a.ts": 'console.error("x");\nconsole.warn("y");\nprocess.stderr.write("z");',
      "util/b.ts":
        'writeSync(2, "x");\n// console.log("in a comment")\nconst s = "console.log(1)";',
    });
    expect(stdoutOutside(clean)).toEqual([]);
  });

  it("an inner layer importing protocol/", () => {
    const broken = tree({
      "session/x.ts": 'import { e } from "../protocol/errors.js";',
      "extensions/air/y.ts": 'import type { I } from "../../protocol/initialize.js";',
      "cli/z.ts": 'export * from "../protocol/protocol-choice.js";',
      "util/w.ts": 'const p = await import("../protocol/errors.js");',
    });
    expect(protocolImports(broken)).toEqual([
      "session/x.ts:1: imports ../protocol/errors.js",
      "extensions/air/y.ts:1: imports ../../protocol/initialize.js",
      "cli/z.ts:1: imports ../protocol/protocol-choice.js",
      "util/w.ts:1: imports ../protocol/errors.js",
    ]);
    const clean = tree({
      "protocol/z.ts": 'import { e } from "./errors.js";\nimport { s } from "../session/s.js";',
      "run.ts": 'import { app } from "./protocol/agent-app.js";',
      "session/a.ts": 'import { x } from "@agentclientprotocol/sdk/unstable";',
      "session/b.ts": "// see ../protocol/errors.js",
    });
    expect(protocolImports(clean)).toEqual([]);
  });

  it("a wire key spelled outside its extension", () => {
    const extensions = {
      air: ["diffPatch", "subagent"],
      zed: ["terminal_output"],
      v2: ["subagent"],
    };
    const broken = tree({
      "translation/a.ts": 'const k = "terminal_output";\n// "diffPatch" in a comment',
      "session/b.ts": "if (caps.includes('diffPatch')) {}",
      "extensions/air/c.ts": "meta[`terminal_output`] = 1;",
      "session/f.ts": 'const t = "subagent";',
      "util/g.ts": "const json = '{\"diffPatch\": true}';",
    });
    expect(wireStringsOutside(broken, extensions)).toEqual([
      "translation/a.ts: terminal_output",
      "session/b.ts: diffPatch",
      "extensions/air/c.ts: terminal_output",
      // Both air and v2 own it.
      "session/f.ts: subagent",
      "session/f.ts: subagent",
      "util/g.ts: diffPatch",
    ]);
    const clean = tree({
      "extensions/zed/keys.ts": 'export const K = "terminal_output";',
      // Both extensions own the word: each spells it.
      "extensions/v2/d.ts": 'const t = "subagent";',
      "extensions/air/e.ts": 'const t = "subagent";\nconst d = "diffPatch";',
      "session/g.ts": '// "diffPatch" explained\nconst s = "diffPatches";\nconst u = subagent;',
    });
    expect(wireStringsOutside(clean, extensions)).toEqual([]);
  });

  it(`a file over ${MAX_LINES} lines, counted as wc -l does`, () => {
    const lines = (n: number) => "x\n".repeat(n);
    expect(
      oversize(
        tree({
          "at-limit.ts": lines(MAX_LINES),
          "at-limit-unterminated.ts": lines(MAX_LINES - 1) + "x",
          "empty.ts": "",
        }),
      ),
    ).toEqual([]);
    expect(
      oversize(
        tree({
          "over.ts": lines(MAX_LINES + 1),
          "over-unterminated.ts": lines(MAX_LINES) + "x",
        }),
      ),
    ).toEqual([`over.ts: ${MAX_LINES + 1} lines`, `over-unterminated.ts: ${MAX_LINES + 1} lines`]);
  });
});
