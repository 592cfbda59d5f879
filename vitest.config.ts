import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Scenario tests each run a real Claude Code process; two cores run two files at a time.
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
