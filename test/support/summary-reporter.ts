import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type {
  ReportedHookContext,
  Reporter,
  TestModule,
  TestRunEndReason,
  TestSuite,
  Vitest,
} from "vitest/node";

/** Where the run leaves the tests that passed only on a retry, one a line, from the root. */
export const RETRIED_TESTS_FILE = "reports/retried-tests.txt";

interface SerializedError {
  message?: unknown;
  name?: unknown;
  type?: unknown;
}

/**
 * Prints the plain closing line CI reads ("N passed, N failed, N skipped"), after vitest's
 * own report. It fails exactly when vitest's run does (exit code 1): beside the failed
 * tests, each failure outside a test counts (a beforeAll/afterAll hook that threw, a module
 * that did not load, an unhandled error, a run that ended without a verdict) and is named on
 * a line of its own above. A beforeEach/afterEach that throws fails its test, counted as such.
 * The tests that passed only on a retry (flaky: to fix) are named too, and written to
 * RETRIED_TESTS_FILE, rewritten each run (empty when none).
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();
  private ignoreUnhandledErrors = false;
  /** The beforeAll/afterAll hooks that started and never ended: those threw. */
  private readonly openHooks = new Map<string, string[]>();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    // With this option vitest exits 0 despite unhandled errors: they must not count then.
    this.ignoreUnhandledErrors = vitest.config.dangerouslyIgnoreUnhandledErrors === true;
  }

  onTestRunStart(): void {
    this.openHooks.clear();
  }

  onHookStart(hook: ReportedHookContext): void {
    if (hook.name !== "beforeAll" && hook.name !== "afterAll") return;
    const open = this.openHooks.get(hook.entity.id) ?? [];
    this.openHooks.set(hook.entity.id, [...open, hook.name]);
  }

  onHookEnd(hook: ReportedHookContext): void {
    const open = this.openHooks.get(hook.entity.id);
    const at = open?.lastIndexOf(hook.name) ?? -1;
    if (open && at >= 0) open.splice(at, 1);
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    let passed = 0;
    let failedTests = 0;
    let skipped = 0;
    const retried: string[] = [];
    const outside: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed" && (test.diagnostic()?.retryCount ?? 0) > 0) {
          retried.push(`${module.relativeModuleId} > ${test.fullName}`);
        }
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
        // Skipped, and pending: a test an interrupted run never finished.
        else skipped++;
      }
      failedTests += failedHere;
      const failures = [module, ...module.children.allSuites()].flatMap((e) => this.failuresOf(e));
      // A module can fail on something none of the above names: it still counts.
      if (module.state() === "failed" && failedHere === 0 && failures.length === 0) {
        failures.push(`${module.relativeModuleId}: failed`);
      }
      outside.push(...failures);
    }
    const lines = outside.map((what) => `failed outside a test: ${what}`);
    for (const error of unhandledErrors) {
      const line = `unhandled error: ${describe(error)}`;
      lines.push(this.ignoreUnhandledErrors ? `${line} (ignored by the config)` : line);
    }
    const counted = this.ignoreUnhandledErrors ? outside.length : lines.length;
    // The run's own verdict, when nothing above explains it: no test files, or interrupted.
    const unexplained = reason !== "passed" && failedTests + counted === 0 ? 1 : 0;
    if (unexplained) {
      lines.push(`run ${reason}: ${testModules.length === 0 ? "no test files" : "no verdict"}`);
    }
    const failed = failedTests + counted + unexplained;

    const file = resolve(this.root, RETRIED_TESTS_FILE);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, retried.map((name) => `${name}\n`).join(""));
    for (const name of retried) process.stdout.write(`\npassed on a retry (flaky): ${name}`);
    for (const line of lines) process.stdout.write(`\n${line}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  /** A module's or suite's own failures (not its tests'), each as `<where>: <what>`. */
  private failuresOf(entity: TestModule | TestSuite): string[] {
    const where =
      entity.type === "module"
        ? entity.relativeModuleId
        : `${entity.module.relativeModuleId} > ${entity.fullName}`;
    // The hooks that threw, in the order their errors were recorded; an error no hook
    // explains (the module did not load, a describe callback threw) speaks for itself.
    const hooks = this.openHooks.get(entity.id) ?? [];
    return entity.errors().map((error, i) => {
      const hook = hooks[i] ?? (hooks.length > 0 ? hooks.at(-1) : undefined);
      return `${where}: ${hook ? `${hook} hook: ` : ""}${describe(error)}`;
    });
  }
}

/** An error's first line, with its kind: what a CI log reader needs to find it. */
function describe(error: SerializedError): string {
  const name = typeof error.name === "string" ? error.name : "Error";
  const message = typeof error.message === "string" ? error.message : String(error.message);
  return `${name}: ${message.split("\n")[0]}`;
}
