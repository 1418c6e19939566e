// `npm start` and `npm run dev`: run the site, on the embedded Supabase when
// SUPABASE_URL is unset. The app itself never knows which backend it has: it
// only sees SUPABASE_URL and the keys, exactly as in production.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { printDemoAccounts } from "./demo-accounts.ts";

const root = new URL("../../", import.meta.url).pathname;
const dev = process.argv.includes("--dev");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

const BUILD_INPUTS = [
  "app",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
const STAMP = join(root, "build", ".source-hash");

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

/** A content hash of everything the build reads: timestamps lie after a clone. */
function sourceHash() {
  const hash = createHash("sha256");
  for (const file of BUILD_INPUTS.flatMap((p) => listFiles(join(root, p)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

function ensureBuild() {
  const current = sourceHash();
  const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8") : "";
  if (built === current && existsSync(join(root, "build/server/index.js")))
    return;
  console.info(
    built ? "Sources changed: rebuilding…" : "No build yet: building…",
  );
  const result = spawnSync(bin("react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, current);
}

// `npm test` builds through here too, so the end-to-end server finds the
// stamp and does not build the same sources a second time.
if (process.argv.includes("--build-only")) {
  ensureBuild();
  process.exit(0);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: String(port),
  HOST: host,
  NODE_ENV: dev ? "development" : "production",
};

let stopBackend: (() => Promise<void>) | undefined;
let embeddedUrl: string | undefined;

if (!process.env.SUPABASE_URL) {
  // The embedded backend's demo accounts and their password are known to all:
  // a site that others can reach must not run on it by accident.
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    if (process.env.LOCAL_SUPABASE_ALLOW_REMOTE !== "1") {
      console.error(
        `Refusing to serve the site on HOST=${host} with the embedded Supabase: anyone who reaches it can sign in with the demo accounts. Set SUPABASE_URL and keys for a real project, use HOST=127.0.0.1, or set LOCAL_SUPABASE_ALLOW_REMOTE=1 to accept that.`,
      );
      process.exit(1);
    }
    console.warn(
      `Warning: the site listens on HOST=${host} with the embedded Supabase (LOCAL_SUPABASE_ALLOW_REMOTE=1): its demo accounts and their password are open to anyone who can reach this host.`,
    );
  }
  const { startLocalSupabase } = await import("./server.ts");
  const backend = await startLocalSupabase({
    port: Number(process.env.LOCAL_SUPABASE_PORT ?? 54321),
    dataDir: process.env.LOCAL_SUPABASE_DATA_DIR,
    reset: process.env.LOCAL_SUPABASE_RESET === "1",
  });
  stopBackend = backend.stop;
  Object.assign(env, {
    SUPABASE_URL: backend.url,
    SUPABASE_PUBLISHABLE_KEY: backend.publishableKey,
    SUPABASE_SECRET_KEY: backend.secretKey,
    // A local run is not a deployment: give it working secrets of its own.
    SITE_URL:
      process.env.SITE_URL ??
      `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`,
    PLATFORM_URL: process.env.PLATFORM_URL ?? "https://platform.recursa.ai",
    SESSION_SECRET:
      process.env.SESSION_SECRET ??
      "local-session-secret-for-the-embedded-default",
    HONEYPOT_SECRET:
      process.env.HONEYPOT_SECRET ?? "local-honeypot-secret-embedded",
  });
  embeddedUrl = backend.url;
}

if (!dev) ensureBuild();

const child = dev
  ? spawn(
      bin("react-router"),
      ["dev", "--port", String(port), "--host", host],
      {
        cwd: root,
        stdio: ["inherit", "pipe", "inherit"],
        env,
      },
    )
  : spawn(process.execPath, ["app/server/production.ts"], {
      cwd: root,
      stdio: ["inherit", "pipe", "inherit"],
      env,
    });

// Where a person looks: the last lines, once the server says it listens
// (after the build's and the server's own output), are the URL and the accounts.
let announced = false;
child.stdout?.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (announced || !/https?:\/\//.test(chunk.toString())) return;
  announced = true;
  const siteHost = host === "0.0.0.0" ? "localhost" : host;
  console.log(`\nThe site: http://${siteHost}:${port}`);
  if (embeddedUrl) {
    console.log(`Embedded Supabase: ${embeddedUrl}`);
    printDemoAccounts();
  }
});

async function shutdown(code: number) {
  await stopBackend?.();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  void shutdown(code ?? (signal ? 1 : 0));
});
