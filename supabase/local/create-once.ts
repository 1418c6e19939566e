import { randomUUID } from "node:crypto";
import { linkSync, unlinkSync, writeFileSync } from "node:fs";

/**
 * Creates `file` with `content` unless it exists: written whole to a side
 * file, then hard-linked into place, so no reader ever sees half of it and,
 * of two processes creating it at once, exactly one does. True when this call
 * created it.
 */
export function createOnce(file: string, content: string, mode = 0o644) {
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, content, { mode });
  try {
    linkSync(partial, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    unlinkSync(partial);
  }
}
