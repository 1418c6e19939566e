import { mkdirSync, readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { createOnce } from "./create-once.ts";
import { DataDirInUseError } from "./start-errors.ts";

/**
 * PGlite has no lock of its own: two processes opening one cluster both
 * write to it and corrupt it. A data directory is held by one server at a
 * time, through `server.pid` beside the cluster (as PostgreSQL's
 * postmaster.pid): made with the holder's process id, removed when it stops,
 * and taken over when the process it names is gone (a killed run).
 */
const LOCK_FILE = "server.pid";

function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const held = new Set<string>();
let exitHookInstalled = false;

function remove(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** The process id in the lock file; null when the file is gone. */
function holderOf(file: string) {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Holds `dataDir` for this process, or throws DataDirInUseError. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  // Of two starts at once, one creates the file; a file whose process is
  // gone is taken over once.
  for (let attempt = 0; !createOnce(file, `${process.pid}\n`); attempt++) {
    const holder = holderOf(file);
    if (holder === null) continue;
    if ((Number.isInteger(holder) && running(holder)) || attempt > 0)
      throw new DataDirInUseError(path.resolve(dataDir), holder);
    remove(file);
  }
  held.add(file);
  if (!exitHookInstalled) {
    // A process that exits without stopping its server still lets go.
    process.once("exit", () => held.forEach(remove));
    exitHookInstalled = true;
  }
  return () => {
    if (held.delete(file)) remove(file);
  };
}
