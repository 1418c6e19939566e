import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The React Router plugin compiles route modules for the app build; vitest
  // imports modules directly and must not go through it.
  plugins: process.env.VITEST ? [] : [reactRouter()],
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
