// The second pass of `npm run mutation` (scripts/mutation.mjs): redaction whole, static
// mutants included. Its rules are a module-level table of regular expressions, which the
// whole-layer pass leaves out as static (stryker.config.mjs, `ignoreStatic`).
import base from "./stryker.config.mjs";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...base,
  mutate: ["src/util/redact.ts"],
  ignoreStatic: false,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/redaction.json" },
  tempDirName: ".stryker-tmp-redaction",
  incrementalFile: "reports/mutation/stryker-incremental-redaction.json",
};
