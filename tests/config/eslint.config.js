import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

// Lives in tests/config/ with the other tool configs because the product owner fixed the top-level layout;
// `npm run lint` points ESLint at it, and `basePath` makes every pattern
// relative to the repository root.
export default tseslint.config(
  { basePath: "../.." },
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "tests/.output/**",
      "supabase/functions/**/deno.json",
    ],
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks, regexp },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports" },
      ],
      "no-console": ["error", { allow: ["info", "warn", "error"] }],
      // A pattern that can backtrack (quadratic or worse) turns one request's
      // text into seconds of a thread every visitor shares: every regular
      // expression must be linear on any input (decision 185).
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": [
        "error",
        { report: "potential", ignoreSticky: false, ignorePartial: false },
      ],
      // Stripping control characters from untrusted text is deliberate.
      "no-control-regex": "off",
      // Feature detection after hydration (navigator.share, scroll position,
      // dialogs opened from a no-JS link) must set state in an effect so the
      // server and the first client render produce the same markup.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: ["tests/**", "supabase/local/**", "**/*.test.ts"],
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    rules: {
      // Tests and the local stand-ins for the platform read what this
      // repository's own code wrote; nothing they run serves a visitor.
      "regexp/no-super-linear-backtracking": "off",
      "regexp/no-super-linear-move": "off",
      "no-console": "off",
      "react-hooks/rules-of-hooks": "off",
      // Playwright reads fixture names from the destructuring pattern, even an empty one.
      "no-empty-pattern": "off",
    },
  },
);
