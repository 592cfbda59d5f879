import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADAPTER_BIN } from "./support/acp-harness.js";

/**
 * The bin raises V8's interrupt budget before its code runs (src/util/tiering.ts): a
 * function is optimised by TurboFan only after ~15 times as much work as by default.
 * Observed from inside the running bin: a preloaded probe function is called hot once
 * the bin's top level has run (the test sends SIGUSR2 once the bin has answered a
 * request), and V8 says whether it was optimised.
 */
const PROBE = `
function probe(values) { let sum = 0; for (const v of values) sum += v.a * 2 + v.b.length; return sum; }
const values = Array.from({ length: 50 }, (_, i) => ({ a: i, b: "x".repeat(i) }));
process.on("SIGUSR2", () => {
  for (let i = 0; i < Number(process.env.PROBE_CALLS); i++) probe(values);
  process.stderr.write("PROBE " + %GetOptimizationStatus(probe) + "\\n");
  process.exit(0);
});
`;

/**
 * V8's OptimizationStatus bits (src/runtime/runtime-test.cc) for a function optimised,
 * marked for optimisation or being compiled: on a busy machine the compile may not have
 * finished when the probe asks. The probe asks right after its calls: its optimised code
 * can be dropped again soon after (seen within 200 ms of an idle bin).
 */
const TIERED_UP = (1 << 4) | (1 << 8) | (1 << 9) | (1 << 10);

const dir = mkdtempSync(join(tmpdir(), "tiering-"));
const probeFile = join(dir, "probe.mjs");
writeFileSync(probeFile, PROBE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A request the bin answers (with an error: it must be `initialize`) and starts nothing for. */
const NOT_INITIALIZE = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "probe/ready" })}\n`;

async function tieredUpAfter(calls: number): Promise<boolean> {
  const child = spawn(
    process.execPath,
    ["--allow-natives-syntax", "--import", probeFile, ADAPTER_BIN],
    { env: { ...process.env, PROBE_CALLS: String(calls) }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  try {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // An answer means the bin's top level, which sets the budget first, has run.
    child.stdin.write(NOT_INITIALIZE);
    const answered = await Promise.race([once(child.stdout, "data"), exited.then(() => false)]);
    if (answered === false) throw new Error(`the bin exited unanswered; stderr: ${stderr}`);
    child.kill("SIGUSR2");
    await exited;
  } finally {
    child.kill("SIGKILL");
  }
  const status = /PROBE (\d+)/.exec(stderr)?.[1];
  if (status === undefined) throw new Error(`no probe status; stderr: ${stderr}`);
  return (Number(status) & TIERED_UP) !== 0;
}

// Node 20's V8 (11.x), the engine the project pins: later V8s tier through Maglev first, on
// budgets of their own that tiering.ts leaves alone.
describe.skipIf(!process.versions.v8.startsWith("11."))("V8 tiering in the bin", () => {
  // With V8's default budget the probe is optimised after ~60–100 calls; with the bin's,
  // after ~700–1000.
  it("does not optimise a function that has run only briefly", async () => {
    expect(await tieredUpAfter(250)).toBe(false);
  }, 20_000);

  it("still optimises code that keeps running", async () => {
    expect(await tieredUpAfter(5000)).toBe(true);
  }, 20_000);
});
