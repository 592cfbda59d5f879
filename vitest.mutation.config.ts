import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The unit tests only, for `npm run mutation` (stryker.config.mjs). Scenario tests under
 * test/ start Claude Code and would run once per mutant. (vitest's `dir` option would do
 * the same but stops `related` from finding the tests of a mutated file.)
 */
export default mergeConfig(
  base,
  defineConfig({ test: { include: ["src/**/*.test.ts"], reporters: ["default"] } }),
);
