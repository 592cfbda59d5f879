import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { RETRIED_TESTS_FILE } from "./summary-reporter.js";

/**
 * The summary reporter's closing line agrees with vitest's exit code: each case runs vitest
 * (the repo's, as a child process) on one small test file in a temp dir, with a config of
 * its own (the repo's projects and retry stay out) and this reporter alone, so that its
 * lines are the whole of stdout.
 */
const REPORTER = fileURLToPath(new URL("./summary-reporter.ts", import.meta.url));
const VITEST = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  lines: string[];
  /** RETRIED_TESTS_FILE's text, or undefined if the run left none. */
  retried: string | undefined;
}

/** Runs vitest on `case.test.ts` holding `source` (globals on: no import to resolve). */
async function runCase(source: string, config: Record<string, unknown> = {}): Promise<Run> {
  const root = mkdtempSync(join(tmpdir(), "summary-reporter-"));
  dirs.push(root);
  writeFileSync(join(root, "case.test.ts"), source);
  const test = { globals: true, include: ["*.test.ts"], reporters: [REPORTER], ...config };
  writeFileSync(join(root, "vitest.config.mjs"), `export default ${JSON.stringify({ test })};\n`);
  // The outer run's VITEST_* variables (its worker and pool ids) are no business of this one.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")),
  );
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((done) => {
    execFile(
      process.execPath,
      [VITEST, "run", "--root", root, "--config", join(root, "vitest.config.mjs")],
      { cwd: root, env, timeout: 45_000 },
      (error, stdout) => done({ code: error ? Number(error.code ?? -1) : 0, stdout }),
    );
  });
  const file = join(root, RETRIED_TESTS_FILE);
  return {
    code,
    lines: stdout.split("\n").filter((line) => line !== ""),
    retried: existsSync(file) ? readFileSync(file, "utf8") : undefined,
  };
}

describe.concurrent("the summary reporter's closing line", () => {
  it("all pass: exit 0, nothing failed", async () => {
    const run = await runCase(`test("a", () => {}); test.skip("b", () => {});`);
    expect(run).toEqual({ code: 0, lines: ["1 passed, 0 failed, 1 skipped"], retried: "" });
  });

  it("a failing test: exit 1, one failed", async () => {
    const run = await runCase(`test("a", () => {}); test("b", () => { throw new Error("no"); });`);
    expect(run).toEqual({ code: 1, lines: ["1 passed, 1 failed, 0 skipped"], retried: "" });
  });

  it("a beforeAll that throws: its tests skipped, the hook one failure", async () => {
    const run = await runCase(
      `beforeAll(() => { throw new Error("setup broke"); }); test("a", () => {}); test("b", () => {});`,
    );
    expect(run).toEqual({
      code: 1,
      lines: [
        "failed outside a test: case.test.ts: beforeAll hook: Error: setup broke",
        "0 passed, 1 failed, 2 skipped",
      ],
      retried: "",
    });
  });

  it("an afterAll that throws inside a describe: the tests passed, the hook one failure", async () => {
    const run = await runCase(
      `describe("group", () => { afterAll(() => { throw new Error("teardown broke"); }); test("a", () => {}); });`,
    );
    expect(run).toEqual({
      code: 1,
      lines: [
        "failed outside a test: case.test.ts > group: afterAll hook: Error: teardown broke",
        "1 passed, 1 failed, 0 skipped",
      ],
      retried: "",
    });
  });

  it("a beforeEach that throws: its test failed", async () => {
    const run = await runCase(
      `beforeEach(() => { throw new Error("each"); }); test("a", () => {});`,
    );
    expect(run).toEqual({ code: 1, lines: ["0 passed, 1 failed, 0 skipped"], retried: "" });
  });

  it("an unhandled rejection inside a passing test: one failure", async () => {
    const run = await runCase(
      `test("a", () => { void Promise.reject(new Error("nobody waits")); });`,
    );
    expect(run).toEqual({
      code: 1,
      lines: ["unhandled error: Error: nobody waits", "1 passed, 1 failed, 0 skipped"],
      retried: "",
    });
  });

  it("an unhandled rejection the config says to ignore: exit 0, nothing failed", async () => {
    const run = await runCase(
      `test("a", () => { void Promise.reject(new Error("nobody waits")); });`,
      { dangerouslyIgnoreUnhandledErrors: true },
    );
    expect(run).toEqual({
      code: 0,
      lines: [
        "unhandled error: Error: nobody waits (ignored by the config)",
        "1 passed, 0 failed, 0 skipped",
      ],
      retried: "",
    });
  });

  it("a module whose import fails: one failure", async () => {
    const run = await runCase(`import "./missing.js"; test("a", () => {});`);
    expect(run).toEqual({
      code: 1,
      lines: [
        expect.stringMatching(
          /^failed outside a test: case\.test\.ts: Error: Cannot find module '\.\/missing\.js'/,
        ),
        "0 passed, 1 failed, 0 skipped",
      ],
      retried: "",
    });
  });

  it("a module with a syntax error: one failure", async () => {
    const run = await runCase(`test("a", () => { const = 1; });`);
    expect(run).toEqual({
      code: 1,
      lines: [
        expect.stringMatching(/^failed outside a test: case\.test\.ts: \w*Error: /),
        "0 passed, 1 failed, 0 skipped",
      ],
      retried: "",
    });
  });

  it("no test file at all: exit 1, one failure", async () => {
    const run = await runCase(`test("a", () => {});`, { include: ["nothing/*.test.ts"] });
    expect(run).toEqual({
      code: 1,
      lines: ["run failed: no test files", "0 passed, 1 failed, 0 skipped"],
      retried: "",
    });
  });

  it("a test that passes on its retry: passed, named on stdout and in the retried file", async () => {
    const run = await runCase(
      `let runs = 0; describe("group", () => { test("flaky", () => { if (++runs === 1) throw new Error("first"); }); }); test("steady", () => {});`,
      { retry: 1 },
    );
    expect(run).toEqual({
      code: 0,
      lines: [
        "passed on a retry (flaky): case.test.ts > group > flaky",
        "2 passed, 0 failed, 0 skipped",
      ],
      retried: "case.test.ts > group > flaky\n",
    });
  });
});
