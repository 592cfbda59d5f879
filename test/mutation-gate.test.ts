import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/acp-harness.js";

/**
 * `npm run mutation`'s second gate (scripts/mutation-gate.mjs), run as npm runs it on
 * synthetic Stryker reports: redaction and the wire-shape modules below 90 %, or the whole
 * pure layer below 85 %, fail the run.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "mutation-gate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Status = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "Ignored" | "CompileError";

/** `count` mutants of each status, in one file. */
function mutants(counts: Partial<Record<Status, number>>): { status: Status }[] {
  return Object.entries(counts).flatMap(([status, n]) =>
    Array.from({ length: n }, () => ({ status: status as Status })),
  );
}

let reportCount = 0;
/** Writes each map of files as a Stryker report and runs the gate over them, in order. */
async function gate(
  ...reports: Record<string, { status: Status }[]>[]
): Promise<{ code: number; out: string }> {
  const paths = reports.map((files) => {
    const path = join(dir, `report-${++reportCount}.json`);
    const report = {
      files: Object.fromEntries(Object.entries(files).map(([f, m]) => [f, { mutants: m }])),
    };
    writeFileSync(path, JSON.stringify(report));
    return path;
  });
  try {
    const { stdout } = await run("node", ["scripts/mutation-gate.mjs", ...paths], {
      cwd: REPO_ROOT,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe("the mutation gate", () => {
  it("passes a layer at its thresholds, counting timeouts as detected and leaving out what never ran", async () => {
    const { code, out } = await gate({
      "src/util/redact.ts": mutants({ Killed: 8, Timeout: 1, Survived: 1, Ignored: 5 }),
      "src/translation/usage.ts": mutants({ Killed: 17, Survived: 3, CompileError: 4 }),
    });
    expect(out).toBe(
      [
        "mutation score, whole pure layer: 86.67 % (26/30; threshold 85 %)",
        "mutation score, redaction and wire shapes: 90.00 % (9/10; threshold 90 %)",
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });

  it("fails when redaction or a wire-shape module pulls its group under 90 %, naming the file", async () => {
    const { code, out } = await gate({
      "src/extensions/air/async-tasks/keys.ts": mutants({ Killed: 8, Survived: 2 }),
      "src/translation/usage.ts": mutants({ Killed: 100 }),
    });
    expect(out).toContain("redaction and wire shapes: 80.00 % (8/10; threshold 90 %)");
    expect(out).toContain("below 90 %: src/extensions/air/async-tasks/keys.ts 80.00 % (8/10)");
    expect(code).toBe(1);
  });

  it("fails when the whole layer is under 85 %, counting mutants no test covers as undetected", async () => {
    const { code, out } = await gate({
      "src/translation/usage.ts": mutants({ Killed: 84, NoCoverage: 16 }),
    });
    expect(out).toContain("whole pure layer: 84.00 % (84/100; threshold 85 %)");
    expect(out).toContain("below 85 %: src/translation/usage.ts 84.00 % (84/100)");
    expect(code).toBe(1);
  });

  it("holds a module outside the strict list to 85 %, not 90 %", async () => {
    const { code, out } = await gate({
      "src/extensions/air/goal-state.ts": mutants({ Killed: 87, Survived: 13 }),
    });
    expect(out).not.toContain("below");
    expect(code).toBe(0);
  });

  it("takes a file from the later report: the redaction pass replaces the whole-layer pass's redact.ts", async () => {
    const { code, out } = await gate(
      {
        "/tmp/sandbox/src/util/redact.ts": mutants({ Killed: 10, Ignored: 90 }),
        "/tmp/sandbox/src/translation/usage.ts": mutants({ Killed: 10 }),
      },
      { "src/util/redact.ts": mutants({ Killed: 85, Survived: 15 }) },
    );
    expect(out).toContain("whole pure layer: 86.36 % (95/110; threshold 85 %)");
    expect(out).toContain("redaction and wire shapes: 85.00 % (85/100; threshold 90 %)");
    expect(out).toContain("below 90 %: src/util/redact.ts 85.00 % (85/100)");
    expect(code).toBe(1);
  });

  it("leaves out a file the tree no longer has (a report older than a move)", async () => {
    const { code, out } = await gate({
      "src/translation/usage.ts": mutants({ Killed: 9, Survived: 1 }),
      "src/translation/moved-away.ts": mutants({ Survived: 50 }),
    });
    expect(out).toContain("whole pure layer: 90.00 % (9/10; threshold 85 %)");
    expect(out).not.toContain("moved-away");
    expect(code).toBe(0);
  });
});
