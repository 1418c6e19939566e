// The production build on a fresh embedded Supabase, started through the
// launcher in processes of its own, for scripts that measure the real thing
// (`npm run bench`, `npm run lighthouse`).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { readApiKeys } from "#supabase/local/keys.ts";

const root = new URL("../../", import.meta.url).pathname;

export async function startProductionSite({
  port,
  supabasePort,
  name,
}: {
  port: number;
  supabasePort: number;
  /** Names the data directory under .data/. */
  name: string;
}) {
  const build = spawnSync(
    "node",
    ["supabase/local/run-site.ts", "--build-only"],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error("the build failed");
  const dataDir = join(root, ".data", name);
  rmSync(dataDir, { recursive: true, force: true });
  const origin = `http://127.0.0.1:${port}`;
  const site = spawn("node", ["supabase/local/run-site.ts"], {
    cwd: root,
    // Its own process group, so stopping it stops the server it launched.
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      LOCAL_SUPABASE_PORT: String(supabasePort),
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_RESET: "1",
    },
  });
  const stop = () => {
    if (site.pid && site.exitCode === null) process.kill(-site.pid, "SIGTERM");
  };
  try {
    for (let i = 0; ; i++) {
      // Three minutes: on a loaded two-core machine the embedded server
      // alone takes two to migrate.
      if (i > 900) throw new Error("the site did not start");
      if (site.exitCode !== null) throw new Error("the site exited");
      const ok = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return {
    origin,
    /** The app server's process (the launcher's child), to pin to a core. */
    appPid() {
      const found = spawnSync("pgrep", [
        "-P",
        String(site.pid),
        "-f",
        "app/server/production.ts",
      ]);
      const pid = Number(found.stdout.toString().trim().split("\n")[0]);
      if (!pid) throw new Error("the app server's process was not found");
      return pid;
    },
    supabaseUrl: `http://127.0.0.1:${supabasePort}`,
    /** The keys its embedded Supabase made for the data directory. */
    secretKey: readApiKeys(dataDir).secretKey,
    publishableKey: readApiKeys(dataDir).publishableKey,
    /** The launcher's process; the app server is its child. */
    pid: site.pid!,
    root,
    stop,
  };
}
