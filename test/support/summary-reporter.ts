import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the plain closing line CI reads ("N passed, N failed, N skipped"), after
 * vitest's own report, preceded by the tests that passed only on a retry (flaky: to fix).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed" && (test.diagnostic()?.retryCount ?? 0) > 0) {
          flaky.push(`${module.relativeModuleId} > ${test.fullName}`);
        }
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
    }
    for (const name of flaky) process.stdout.write(`\npassed on a retry (flaky): ${name}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
