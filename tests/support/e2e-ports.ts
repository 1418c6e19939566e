// The end-to-end run's ports: E2E_PORT, E2E_SUPABASE_PORT and E2E_MAIL_PORT
// when set; otherwise the usual ones (4310, 54391, 4315) while they are free,
// and free ones the system hands out when another run already holds them, so
// two runs at once on one machine never meet.
//
// A port being free when it is chosen is not enough: a run's servers bind
// theirs half a minute later, and a second run choosing meanwhile saw the
// same ports free, then tested against the first run's site. So each chosen
// port is also claimed, by a file naming this process that only one run can
// create; a claim whose process is gone is taken over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

const claimFile = (port: number) =>
  path.join(tmpdir(), `e2e-port-${port}.claim`);

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims `port` for this process; false when a live run holds it. */
function claim(port: number): boolean {
  const file = claimFile(port);
  try {
    const fd = openSync(file, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
    process.once("exit", () => rmSync(file, { force: true }));
    return true;
  } catch {
    const holder = Number(readFileSync(file, "utf8"));
    if (holder && alive(holder)) return false;
    rmSync(file, { force: true });
    return claim(port);
  }
}

async function choose(name: string, usual: number) {
  if (process.env[name]) return;
  let port = usual;
  while (!((await isFree(port)) && claim(port))) port = await freePort();
  process.env[name] = String(port);
}

export async function choosePorts() {
  await choose("E2E_PORT", 4310);
  await choose("E2E_SUPABASE_PORT", 54391);
  await choose("E2E_MAIL_PORT", Number(process.env.E2E_PORT) + 5);
}
