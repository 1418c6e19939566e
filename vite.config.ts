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
    include: ["app/**/*.test.{ts,tsx}", "supabase/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
