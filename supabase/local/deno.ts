import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Deno's module cache (npm:zod and the like) lives with the project's other
 * installed packages: filled on the first check or start, read from then on,
 * so later starts need no network.
 */
export const DENO_DIR = path.join(root, "node_modules/.cache/deno");

/** The binary the `deno` dev dependency installs (its postinstall fetches the platform build). */
export function denoBinary() {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("deno/package.json")), "deno");
}

/** The environment every Deno process of the project runs with. */
export function denoEnv(
  extra: Record<string, string | undefined> = process.env,
) {
  return {
    ...extra,
    DENO_DIR,
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
    RUST_BACKTRACE: "0",
  };
}
