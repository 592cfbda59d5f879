import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * Linted with its types (the rules below need them): src/, its unit tests included, as
 * tsconfig.lint.json reads it. Typed lint of test/, bench/ and demo/ too took lint from
 * ~20 s to ~50 s of CPU, src/ alone to ~36 s.
 */
const TYPED = ["src/**/*.ts"];

export default tseslint.config(
  // .stryker-tmp/ and reports/: the sandbox and report of `npm run mutation`.
  { ignores: ["dist/**", "node_modules/**", ".stryker-tmp/**", "reports/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      eqeqeq: ["error", "always"],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { project: ["./tsconfig.lint.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its rejection: await it, or `void` it and say
      // where its failure goes.
      "@typescript-eslint/no-floating-promises": "error",
      // A new member of a union reaches every switch over it.
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ["test/**", "bench/**", "demo/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
