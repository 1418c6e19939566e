// Tools the tests and benches take from Debian's packages (a browser, a load
// generator, a web server to measure against), installed on first use when we
// are root, as CI is; otherwise the command that installs them.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure `path` exists, installing `packages` with apt-get if it does
 * not and we may; throws with the command to run otherwise.
 */
export function ensureDebianPackages(path: string, packages: string[]) {
  if (existsSync(path)) return path;
  const command = `apt-get install -y ${packages.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`No ${path}. Install it: sudo ${command}`);
  }
  console.info(`Installing ${packages.join(", ")} from Debian…`);
  const apt = {
    stdio: "inherit" as const,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  };
  execFileSync("apt-get", ["update", "-qq"], apt);
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], apt);
  return path;
}
