// How the tests get a browser: Playwright cannot download its own build here,
// so they use Debian's chromium package, installed on first use when we are root.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No browser at ${CHROMIUM_PATH}. Install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.info("Installing Debian's chromium for the browser tests…");
  const apt = {
    stdio: "inherit" as const,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  };
  execFileSync("apt-get", ["update", "-qq"], apt);
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], apt);
  return CHROMIUM_PATH;
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
