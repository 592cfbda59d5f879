import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Scenario tests each run a real Claude Code process; two cores run two files at a time.
    pool: "forks",
    maxWorkers: 2,
    // A scenario races a real Claude Code on a loaded machine: one retry keeps a rare timing
    // loss from failing CI, and the summary reporter names every test that needed it, so a
    // flaky test is still seen and fixed. A broken rule fails both runs.
    retry: 1,
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
