import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    // A scenario races a real Claude Code on a loaded machine: one retry keeps a rare timing
    // loss from failing CI, and the summary reporter names every test that needed it, so a
    // flaky test is still seen and fixed. A broken rule fails both runs.
    retry: 1,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        // Unit tests start in worker threads: ~200 files, each cheaper to start in a thread
        // than in a process of its own (measured: the unit run took ~30% less time, CPU alike).
        test: { name: "unit", include: ["src/**/*.test.ts"], pool: "threads" },
      },
      {
        extends: true,
        // Scenario tests each run a real Claude Code process; two cores run two files at a
        // time. A process per file: they spawn, signal and watch processes.
        test: { name: "scenarios", include: ["test/**/*.test.ts"], pool: "forks" },
      },
    ],
  },
});
