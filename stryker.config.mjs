// Mutation testing of the pure layers (issue 24): `npm run mutation`.
// Only the unit tests under src/ run; scenario tests start Claude Code and are far too slow
// to run once per mutant. `npm run mutation -- --mutate <file>` narrows a run to one file.

/**
 * The pure code: what is mutated. One list, so a file that moves is one line to edit here.
 */
const PURE = [
  "src/translation/**/*.ts",
  "src/extensions/**/*.ts",
  "src/profile/**/*.ts",
  "src/session/idle-compaction-policy.ts",
];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: {
    // Unit tests only (src/**/*.test.ts); with `related`, each mutant runs only the test
    // files that import its module.
    configFile: "vitest.mutation.config.ts",
    related: true,
  },
  mutate: [...PURE, "!**/*.test.ts", "!**/fixtures/**"],
  // Two cores shared with other work.
  concurrency: 2,
  coverageAnalysis: "perTest",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  // Not needed by the unit tests; keeps the sandbox copy small.
  ignorePatterns: ["dist", "bench", "demo", "reports"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  // `npm run mutation -- --incremental` reruns only the mutants whose code or tests changed.
  incrementalFile: "reports/mutation/stryker-incremental.json",
};
