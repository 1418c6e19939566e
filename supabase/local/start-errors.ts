import path from "node:path";

// What stops a local run before it serves anything, each said in one
// sentence that names the remedy: the launcher and the CLI print the
// message alone, never a stack trace.

/** Another process holds the data directory (see data-dir-lock.ts). */
export class DataDirInUseError extends Error {
  name = "DataDirInUseError";
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${shown(dataDir)} is in use by another embedded Supabase (process ${pid}, perhaps an npm start in another terminal): stop that one first, or give this run a directory of its own with LOCAL_SUPABASE_DATA_DIR=.data/other.`,
    );
  }
}

/** Something already listens on the port a server of this run needs. */
export class PortInUseError extends Error {
  name = "PortInUseError";
  constructor(what: string, host: string, port: number, variable: string) {
    super(
      `Port ${port} on ${host}, which ${what} needs, is already in use: stop the program that holds it (perhaps an npm start in another terminal), or choose another port with ${variable}=${port + 1}.`,
    );
  }
}

export function isStartError(error: unknown): error is Error {
  return error instanceof DataDirInUseError || error instanceof PortInUseError;
}

/** A path as a person in the checkout would type it. */
function shown(dir: string) {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") ? relative : dir;
}
