// `npm run storage:upload`: puts the committed files of supabase/storage/
// (the agent videos) into a hosted project's public buckets, as the embedded
// server seeds them locally (supabase/local/storage-seed.ts). Needs
// SUPABASE_URL and SUPABASE_SECRET_KEY (the buckets come from the
// migrations, so run `npx supabase db push` first). Rerun after
// `npm run agent-videos`: existing objects are replaced.
import { readFile } from "node:fs/promises";
import { createClient } from "@supabase/supabase-js";
import {
  SEED_CACHE_SECONDS,
  storageSeedFiles,
} from "#supabase/local/storage-seed.ts";

const url = process.env.SUPABASE_URL;
const secretKey = process.env.SUPABASE_SECRET_KEY;
if (!url || !secretKey) {
  console.error(
    "Set SUPABASE_URL and SUPABASE_SECRET_KEY (Project Settings → API Keys).",
  );
  process.exit(1);
}

const supabase = createClient(url, secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

for (const file of await storageSeedFiles()) {
  const { error } = await supabase.storage
    .from(file.bucket)
    .upload(file.name, await readFile(file.file), {
      contentType: file.contentType,
      cacheControl: String(SEED_CACHE_SECONDS),
      upsert: true,
    });
  if (error) {
    console.error(`${file.bucket}/${file.name}: ${error.message}`);
    process.exitCode = 1;
    continue;
  }
  const { publicUrl } = supabase.storage
    .from(file.bucket)
    .getPublicUrl(file.name).data;
  console.info(publicUrl);
}
