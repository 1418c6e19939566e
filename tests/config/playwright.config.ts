import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/browser.ts";
import { choosePorts } from "../support/e2e-ports.ts";

// Before e2e-env.ts reads them: the runner's environment is the workers' too,
// so every process of this run agrees on the ports (and the data directory
// named after them).
await choosePorts();
const { BASE_URL, E2E_DATA_DIR, E2E_MAIL_PORT, E2E_PORT, E2E_SUPABASE_PORT } =
  await import("../support/e2e-env.ts");

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "../e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "../.output/results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The tests mostly wait on the site and its database, not on the CPU.
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism()),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: "../.output/playwright.json" }],
    ["html", { outputFolder: "../.output/report", open: "never" }],
  ],
  use: {
    baseURL: BASE_URL,
    // Recording a trace for every test cost about a third of the suite's
    // time (measured side by side); a failure in CI is retried once with one.
    // Locally, rerun a failing test with `--trace on`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      // One sign-in per role for the run (tests/support/sign-in.setup.ts).
      name: "sign-in",
      testDir: "../support",
      testMatch: "sign-in.setup.ts",
      // Every test that needs a role waits on this: a sign-in refused once by
      // a backend too busy to answer in time (503) is tried again.
      retries: 2,
    },
    {
      name: "js",
      dependencies: ["sign-in"],
      grepInvert: /@no-js-only/,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      // Every feature that must work without JavaScript runs here too. A test
      // that only makes sense with scripts is tagged @js-only; one about the
      // plain-HTML path alone, @no-js-only.
      name: "no-js",
      dependencies: ["sign-in"],
      grepInvert: /@js-only/,
      // Plain-HTTP specs (no page scripts involved) run once, in "js".
      testIgnore:
        /(access|faults|hostile-input|launcher|rate-limits|security-headers|two-instances|who-first)\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        javaScriptEnabled: false,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: "node tests/support/mail-stub.ts",
      cwd: "../..",
      url: `http://127.0.0.1:${E2E_MAIL_PORT}/healthz`,
      reuseExistingServer: false,
      // Stops when its standard input (held by this runner) ends: a runner
      // killed outright leaves no server and no bound port behind.
      env: { E2E_MAIL_PORT: String(E2E_MAIL_PORT), STOP_WITH_STDIN: "1" },
    },
    {
      command: "node supabase/local/run-site.ts",
      cwd: "../..",
      url: `${BASE_URL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      // SIGTERM first, so the embedded server closes its database and lets go
      // of its data directory; the group is killed if that takes too long.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        LOCAL_SUPABASE_PORT: String(E2E_SUPABASE_PORT),
        LOCAL_SUPABASE_DATA_DIR: E2E_DATA_DIR,
        LOCAL_SUPABASE_RESET: "1",
        STOP_WITH_STDIN: "1",
        SITE_URL: BASE_URL,
        // Specs write posts straight into the database, behind the server's
        // back; a replayed list would hide them for a few seconds.
        PAGE_CACHE_BLOG_SECONDS: "0",
        // The pages the team edits are stored, as in production: the specs
        // publish them through this server, which drops its copies at once.
        PAGE_CACHE_CONTENT_SECONDS: "300",
        // Trust Fly-Client-IP as on Fly, so each test keeps its own client
        // address (tests/support/fixtures.ts sends one per test).
        FLY_APP_NAME: "e2e",
        // The team's e-mails go through the provider's stand-in (which can
        // refuse on demand) to the embedded server's mailbox, and the
        // outbox's schedule runs every second instead of every minute.
        RESEND_API_KEY: "re_e2e_stub",
        RESEND_API_URL: `http://127.0.0.1:${E2E_MAIL_PORT}`,
        LOCAL_NOTIFICATIONS_INTERVAL_MS: "1000",
        // Page views reach Postgres within a third of a second, so the
        // analytics spec need not wait the five seconds of production.
        ANALYTICS_FLUSH_MS: "300",
      },
    },
  ],
});
