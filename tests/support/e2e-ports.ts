// The end-to-end run's ports: E2E_PORT, E2E_SUPABASE_PORT and E2E_MAIL_PORT
// when set; otherwise the usual ones (4310, 54391, 4315) while they are free,
// and free ones the system hands out when another run already holds them, so
// two runs at once on one machine never meet.
import { createServer } from "node:net";
import { freePort } from "./free-port.ts";

function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function choose(name: string, usual: number) {
  if (process.env[name]) return;
  process.env[name] = String((await isFree(usual)) ? usual : await freePort());
}

export async function choosePorts() {
  await choose("E2E_PORT", 4310);
  await choose("E2E_SUPABASE_PORT", 54391);
  await choose("E2E_MAIL_PORT", Number(process.env.E2E_PORT) + 5);
}
