import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Fewer, larger chunks for what every page loads first (tests/js-budget.ts):
 * React, React DOM, the scheduler and React Router in one `framework` chunk
 * (the default split made five files of them), and root's small shared
 * modules without styles in one `site` chunk (seven files). One file
 * compresses better than several and needs no imports between them; about
 * 4 KB less per page. Modules that import CSS stay where they were, so the
 * stylesheets are the same files as before. Client build only.
 */
function firstLoadChunks(): Plugin {
  return {
    name: "first-load-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                    priority: 2,
                  },
                  {
                    // Only modules without CSS: a grouped module's styles
                    // would move into the group's stylesheet.
                    name: "site",
                    test: /app[\\/](components[\\/](toast|site-icons|marketing[\\/]brand-mark)\.tsx|lib[\\/]meta\.ts|utils[\\/]nonce-provider\.tsx|content[\\/](site|navigation)\.ts)$/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  // The React Router plugin compiles route modules for the app build; vitest
  // imports modules directly and must not go through it.
  plugins: process.env.VITEST ? [] : [reactRouter(), firstLoadChunks()],
  build: {
    // Keep asset hashes stable across machines and small enough to cache.
    assetsInlineLimit: 0,
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "supabase/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    environment: "node",
    // Server modules validate the environment on import; unit tests get the
    // embedded backend's well-known local values (nothing secret).
    env: {
      NODE_ENV: "test",
      SUPABASE_URL: "http://127.0.0.1:54321",
      SUPABASE_ANON_KEY: "unit-test-anon-key-not-a-secret",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
