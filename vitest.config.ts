import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        // Unit tests start in worker threads: ~200 files, each cheaper to start in a thread
        // than in a process of its own (measured: the unit run took ~30% less time, CPU alike).
        // No retry: a unit test has no process or clock to race; one that fails once is broken.
        // The setup loads the extensions' hooks that the adapter loads on demand.
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          pool: "threads",
          retry: 0,
          setupFiles: ["./test/support/unit-setup.ts"],
        },
      },
      {
        extends: true,
        // Scenario tests each run a real Claude Code process; two cores run two files at a
        // time. A process per file: they spawn, signal and watch processes.
        // A scenario races a real Claude Code on a loaded machine: at most one retry keeps a
        // rare timing loss from failing CI. The summary reporter names every test that needed
        // it, on stdout and in reports/retried-tests.txt, so a flaky test is still seen and
        // fixed. A broken rule fails both runs.
        test: { name: "scenarios", include: ["test/**/*.test.ts"], pool: "forks", retry: 1 },
      },
    ],
  },
});
