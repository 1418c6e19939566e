// The files the site serves from public buckets (the agent videos): committed
// under supabase/storage/<bucket>/<name>, put into the embedded server's
// Storage when it starts, and into a hosted project by `npm run
// storage:upload`, with the same content type and cache control both ways.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";
import { objectBytesPath, type ObjectMetadata } from "./storage.ts";

export const STORAGE_SEED_DIR = fileURLToPath(
  new URL("../storage/", import.meta.url),
);

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** A day: the files change only when the script that makes them is rerun. */
export const SEED_CACHE_SECONDS = 86_400;

export type SeedFile = {
  bucket: string;
  name: string;
  file: string;
  contentType: string;
};

/** Every committed file, by bucket; a file of an unknown type is an error. */
export async function storageSeedFiles(
  dir = STORAGE_SEED_DIR,
): Promise<SeedFile[]> {
  if (!existsSync(dir)) return [];
  const files: SeedFile[] = [];
  for (const bucket of await readdir(dir, { withFileTypes: true })) {
    if (!bucket.isDirectory()) continue;
    for (const entry of await readdir(path.join(dir, bucket.name))) {
      const contentType = CONTENT_TYPES[path.extname(entry)];
      if (!contentType) {
        throw new Error(
          `supabase/storage/${bucket.name}/${entry}: no content type for its extension`,
        );
      }
      files.push({
        bucket: bucket.name,
        name: entry,
        file: path.join(dir, bucket.name, entry),
        contentType,
      });
    }
  }
  return files;
}

/**
 * Puts each committed file into its bucket, as the service role would upload
 * it with upsert; a file whose bytes are already there is left alone, so a
 * restart costs a read and a digest per file. Buckets the migrations did not
 * make (a test's own migrations) are skipped.
 */
export async function seedStorage(
  db: Database,
  dataDir: string,
  dir = STORAGE_SEED_DIR,
) {
  const buckets = new Set(
    await db.admin(async (tx) =>
      (
        await tx.query<{ id: string }>(`select id from storage.buckets`)
      ).rows.map((row) => row.id),
    ),
  );
  const seeded: string[] = [];
  for (const seed of await storageSeedFiles(dir)) {
    if (!buckets.has(seed.bucket)) continue;
    const bytes = await readFile(seed.file);
    const eTag = `"${createHash("md5").update(bytes).digest("hex")}"`;
    const target = objectBytesPath(dataDir, seed.bucket, seed.name);
    const current = await db.admin(async (tx) => {
      const rows = await tx.query<{ metadata: ObjectMetadata }>(
        `select metadata from storage.objects where bucket_id = $1 and name = $2`,
        [seed.bucket, seed.name],
      );
      return rows.rows[0]?.metadata ?? null;
    });
    if (current?.eTag === eTag && existsSync(target)) continue;
    const metadata: ObjectMetadata = {
      eTag,
      size: bytes.length,
      mimetype: seed.contentType,
      cacheControl: `max-age=${SEED_CACHE_SECONDS}`,
      lastModified: new Date().toUTCString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    await db.admin((tx) =>
      tx.query(
        `insert into storage.objects (id, bucket_id, name, metadata, version)
         values ($1, $2, $3, $4::jsonb, $5)
         on conflict (bucket_id, name) do update set
           metadata = excluded.metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now()`,
        [
          randomUUID(),
          seed.bucket,
          seed.name,
          JSON.stringify(metadata),
          randomUUID(),
        ],
      ),
    );
    seeded.push(`${seed.bucket}/${seed.name}`);
  }
  return seeded;
}
