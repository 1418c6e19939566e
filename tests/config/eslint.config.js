import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
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
    plugins: { "react-hooks": reactHooks },
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
      "no-console": "off",
      "react-hooks/rules-of-hooks": "off",
      // Playwright reads fixture names from the destructuring pattern, even an empty one.
      "no-empty-pattern": "off",
    },
  },
);
