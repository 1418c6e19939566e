// `npm start` when it cannot run: a second start in the same checkout, or a
// port something else holds, ends at once with one sentence that says what
// to do, never a stack trace, and never opens a data directory another
// server holds.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, test } from "vitest";
import { freePort } from "#tests/support/free-port.ts";
import { startTestServer } from "./test-support.ts";

const LAUNCHER = fileURLToPath(new URL("./run-site.ts", import.meta.url));
const cleanup: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function holdPort() {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as { port: number }).port;
}

async function tempDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "run-site-test-"));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// Each test starts the launcher, which opens a cluster (a copy of the
// snapshot vitest's global setup made). Nothing here checks how long that
// takes: the timeout only catches a launcher that hangs, and afterEach ends
// one still running however its test ended.
const LAUNCHES = { timeout: 10 * 60_000 };

/** Runs `npm start`'s launcher to its end. */
function launch(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    LOCAL_SUPABASE_RESET: "",
    ...env,
  };
  delete childEnv.SUPABASE_URL;
  const child = spawn(process.execPath, [LAUNCHER], { env: childEnv });
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null)
      child.kill("SIGKILL");
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

const oneSentence = (text: string) => {
  const lines = text.trim().split("\n");
  expect(lines, text).toHaveLength(1);
  expect(lines[0]).not.toMatch(/^\s+at |Error:/);
  return lines[0]!;
};

test(
  "a second start on a data directory in use ends with one sentence, before opening it",
  LAUNCHES,
  async () => {
    const running = await startTestServer();
    cleanup.push(() => running.close());
    const result = await launch({
      PORT: String(await freePort()),
      LOCAL_SUPABASE_PORT: String(await freePort()),
      LOCAL_SUPABASE_DATA_DIR: running.dataDir,
    });
    expect(result.code).toBe(1);
    expect(oneSentence(result.stderr)).toMatch(
      new RegExp(
        `^The data directory .*${path.basename(running.dataDir)} is in use by another embedded Supabase \\(process ${process.pid}.*LOCAL_SUPABASE_DATA_DIR`,
      ),
    );
    expect(result.stdout.trim()).toBe("");
    // The first server never noticed.
    const { error } = await running.anon().from("tags").select("id").limit(1);
    expect(error).toBeNull();
  },
);

test(
  "a busy port for the embedded backend ends with one sentence naming LOCAL_SUPABASE_PORT",
  LAUNCHES,
  async () => {
    const port = await holdPort();
    const dataDir = await tempDataDir();
    const result = await launch({
      PORT: String(await freePort()),
      LOCAL_SUPABASE_PORT: String(port),
      LOCAL_SUPABASE_DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(oneSentence(result.stderr)).toBe(
      `Port ${port} on 127.0.0.1, which the embedded Supabase needs, is already in use: stop the program that holds it (perhaps an npm start in another terminal), or choose another port with LOCAL_SUPABASE_PORT=${port + 1}.`,
    );
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  },
);

test(
  "a busy port for the site ends with one sentence naming PORT, and lets the data directory go",
  LAUNCHES,
  async () => {
    const port = await holdPort();
    const dataDir = await tempDataDir();
    const result = await launch({
      PORT: String(port),
      LOCAL_SUPABASE_PORT: String(await freePort()),
      LOCAL_SUPABASE_DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(oneSentence(result.stderr)).toMatch(
      new RegExp(
        `^Port ${port} on 127\\.0\\.0\\.1, which the site needs, is already in use: .* PORT=${port + 1}\\.$`,
      ),
    );
    expect(result.stdout).not.toMatch(/build/i);
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  },
);
