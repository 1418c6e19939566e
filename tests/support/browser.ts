// How the tests get a browser: Playwright cannot download its own build here,
// so they use Debian's chromium package, installed on first use when we are root.
import { ensureDebianPackages } from "./debian.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  return ensureDebianPackages(CHROMIUM_PATH, ["chromium"]);
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
