// `npm start` and `npm run dev`: run the site, on the embedded Supabase when
// SUPABASE_URL is unset. The app itself never knows which backend it has: it
// only sees SUPABASE_URL and the keys, exactly as in production.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { printDemoAccounts } from "./demo-accounts.ts";
import { siteSecrets } from "./keys.ts";
import type { LocalSupabase } from "./server.ts";
import { isStartError, PortInUseError } from "./start-errors.ts";

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
  process.stdout.write(
    built
      ? "The sources changed: building the site… "
      : "No build yet: building the site… ",
  );
  const started = Date.now();
  // Vite's report (every chunk, its sizes, its advice) is for `npm run build`;
  // starting the site needs to know that it built, or why it did not.
  const result = spawnSync(bin("react-router"), ["build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.log("failed:");
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
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
const siteHost = host === "0.0.0.0" ? "localhost" : host;
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: String(port),
  HOST: host,
  NODE_ENV: dev ? "development" : "production",
};

/** Whether something already listens on the site's port (the embedded server's own port is checked as it listens). */
function portTaken() {
  return new Promise<boolean>((resolve) => {
    const probe = createNetServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "EADDRINUSE"),
    );
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

let backend: LocalSupabase | undefined;
try {
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
    // Started first: a second start in this checkout then stops at the data
    // directory its first start holds, before anything else.
    const { startLocalSupabase } = await import("./server.ts");
    backend = await startLocalSupabase({
      port: Number(process.env.LOCAL_SUPABASE_PORT ?? 54321),
      dataDir: process.env.LOCAL_SUPABASE_DATA_DIR,
      reset: process.env.LOCAL_SUPABASE_RESET === "1",
      siteUrl: process.env.SITE_URL ?? `http://${siteHost}:${port}`,
    });
    const secrets = siteSecrets(backend.dataDir);
    Object.assign(env, {
      SUPABASE_URL: backend.url,
      SUPABASE_PUBLISHABLE_KEY: backend.publishableKey,
      SUPABASE_SECRET_KEY: backend.secretKey,
      // A local run is not a deployment: give it working secrets of its own.
      SITE_URL: process.env.SITE_URL ?? `http://${siteHost}:${port}`,
      PLATFORM_URL: process.env.PLATFORM_URL ?? "https://platform.recursa.ai",
      SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.SESSION_SECRET,
    });
  }
  if (await portTaken())
    throw new PortInUseError("the site", host, port, "PORT");
} catch (error) {
  await backend?.stop();
  if (!isStartError(error)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (!dev) ensureBuild();

// The production server writes a line per request: kept in a file, so the
// terminal keeps what a person needs (the banner below, then errors only).
const logFile = join(backend?.dataDir ?? join(root, ".data"), "site.log");
mkdirSync(dirname(logFile), { recursive: true });
const log = dev ? null : createWriteStream(logFile);

const child = dev
  ? spawn(
      bin("react-router"),
      ["dev", "--port", String(port), "--strictPort", "--host", host],
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

const shown = (file: string) => relative(process.cwd(), file) || file;

/** Where a person looks: what they can open and how to sign in, once it can be opened. */
function printBanner() {
  const lines = ["", `  Site       http://${siteHost}:${port}`];
  if (backend) {
    lines.push(
      `  Mailbox    ${backend.mailboxUrl}   every e-mail the site sends, kept here`,
      `  Supabase   ${backend.url}   embedded, data in ${shown(backend.dataDir)}`,
    );
  }
  if (log) lines.push(`  Log        ${shown(logFile)}   one line per request`);
  console.log(lines.join("\n"));
  if (backend) printDemoAccounts((line) => console.log(`  ${line}`));
  console.log(
    log ? "\nCtrl+C stops it. Errors appear below." : "\nCtrl+C stops it.",
  );
}

let announced = false;
child.stdout?.on("data", (chunk: Buffer) => {
  if (log) log.write(chunk);
  else process.stdout.write(chunk);
  if (announced || !/https?:\/\//.test(chunk.toString())) return;
  announced = true;
  printBanner();
});

async function shutdown(code: number) {
  await backend?.stop();
  log?.end();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
// Under a test runner that holds the other end of stdin and asked for it
// (Playwright's webServer): stop when the runner is gone, however it went
// (SIGKILL included), instead of keeping the ports. Not by default: a site
// started with its input closed from the start must keep running.
if (process.env.STOP_WITH_STDIN === "1") {
  process.stdin.on("end", () => child.kill("SIGTERM"));
  process.stdin.resume();
}
child.on("exit", (code, signal) => {
  void shutdown(code ?? (signal ? 1 : 0));
});
