// What sits between visitors and the site in production, run here: another
// machine (the production server from the same build, on the e2e backend,
// with the page store keeping blog pages as in production) and a shared
// cache in front of it (Debian's Varnish with its built-in rules: it keeps a
// response for its s-maxage, less its Age, and serves it stale for its
// stale-while-revalidate while it fetches again).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDebianPackages } from "./debian.ts";
import {
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "./e2e-env.ts";
import { freePort } from "./free-port.ts";

const root = new URL("../../", import.meta.url).pathname;

export type Running = { url: string; stop(): Promise<void> };

async function until(url: string, child: ChildProcess, what: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url);
      return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error(`${what} did not start on ${url}`);
}

function stopper(child: ChildProcess, after: () => void = () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    after();
  };
}

/** A second production server on the e2e backend. */
export async function startSecondMachine(): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["app/server/production.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      PLATFORM_URL: "https://platform.recursa.ai",
      SUPABASE_URL,
      SUPABASE_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY,
      SESSION_SECRET: "second-machine-session-secret-0123456789abcdef",
      PAGE_CACHE_BLOG_SECONDS: "5",
      ANALYTICS: "off",
    },
  });
  await until(`${url}/healthz`, child, "the second machine");
  return { url, stop: stopper(child) };
}

/** Varnish in front of `backend`, with nothing but its built-in rules. */
export async function startVarnish(backend: string): Promise<Running> {
  const varnishd = ensureDebianPackages("/usr/sbin/varnishd", ["varnish"]);
  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), "varnish-"));
  const child = spawn(
    varnishd,
    [
      "-F",
      "-j",
      "none",
      "-n",
      workDir,
      "-a",
      `127.0.0.1:${port}`,
      "-b",
      new URL(backend).host,
      "-s",
      "malloc,32m",
    ],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await until(url, child, "Varnish");
  return {
    url,
    stop: stopper(child, () =>
      rmSync(workDir, { recursive: true, force: true }),
    ),
  };
}
