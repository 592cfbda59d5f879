// Mutation testing of the pure layers (issues 24, 29): `npm run mutation` fails below 85 %
// over the whole pure layer (`thresholds.break`) or below 90 % over STRICT_MODULES
// (scripts/mutation-gate.mjs). Run it whole with every change to a pure module.
// Only the unit tests under src/ run; scenario tests start Claude Code and are far too slow
// to run once per mutant. `npm run mutation -- --mutate <file>` narrows a run to one file.

/**
 * The pure code: what is mutated. One list, so a file that moves is one line to edit here.
 */
const PURE = [
  "src/translation/**/*.ts",
  "src/extensions/**/*.ts",
  "src/profile/**/*.ts",
  "src/session/taps/idle-compaction-policy.ts",
  "src/util/redact.ts",
];

/**
 * Redaction (what must never leak) and the modules that spell the wire shapes a client parses:
 * held to 90 % by scripts/mutation-gate.mjs, where the rest of the pure layer is held to 85 %.
 */
export const STRICT_MODULES = [
  "src/util/redact.ts",
  "src/translation/tool-calls/renderer.ts",
  "src/translation/tool-calls/field-tracker.ts",
  "src/translation/tool-calls/decorator*.ts",
  "src/translation/tool-calls/tool-call-translator.ts",
  "src/translation/permissions/**/*.ts",
  "src/translation/message-stream.ts",
  "src/extensions/**/keys.ts",
  "src/extensions/**/*-meta.ts",
  "src/extensions/**/*-decorator.ts",
  "src/extensions/air/diff-patch.ts",
  "src/extensions/v2/mapping.ts",
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
  // A static mutant (module-level code: a table of keys, a list of rules) cannot be tied to
  // the tests that cover it, so each one reruns every related test file after a fresh
  // import: 13 % of the mutants took 94 % of the whole run's time (over three hours on two
  // cores). They are left out here; redaction, whose rules are such a table, is mutated
  // whole, static mutants included, by stryker.redaction.config.mjs (scripts/mutation.mjs
  // runs both). Wire key tables are pinned by the frozen goldens and the architecture test.
  ignoreStatic: true,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  // Not needed by the unit tests; keeps the sandbox copy small.
  ignorePatterns: ["dist", "bench", "demo", "reports"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  // `npm run mutation -- --incremental` reruns only the mutants whose code or tests changed.
  incrementalFile: "reports/mutation/stryker-incremental.json",
};
