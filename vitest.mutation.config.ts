import { defineConfig } from "vitest/config";

/**
 * The unit tests only, for `npm run mutation` (stryker.config.mjs). A config of its own, not
 * a merge with vitest.config.ts: a merge adds this `include` to both of that file's projects,
 * which then selects every unit file twice and the scenario tests under test/ (they start
 * Claude Code, need dist/, and would run once per mutant). One project, in threads, no retry:
 * a mutant that fails a test once is killed. The unit project's setup, as there: it loads the
 * extensions' hooks that the adapter loads on demand (without it, every test that builds an
 * AIR, Lody or v2 profile fails the dry run, and Stryker runs nothing).
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    pool: "threads",
    testTimeout: 60_000,
    retry: 0,
    setupFiles: ["./test/support/unit-setup.ts"],
  },
});
