import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// Preview links (decision 131): a random token in the URL, only its SHA-256
// in the database. Making and revoking go through the author's own client,
// under the table's policies (whoever may edit the post); opening one goes
// through post_by_preview_token() with the public key.

/** 32 random bytes: a link cannot be guessed, only given. */
export function newPreviewToken() {
  return randomBytes(32).toString("base64url");
}

/** What the table stores of a token: as post_by_preview_token() hashes it. */
export function previewTokenHash(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isPreviewToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN.test(value);
}

/** Makes a link to the post; the token, or null when it could not be stored. */
export async function createPreviewLink(
  supabase: TypedSupabaseClient,
  postId: string,
) {
  const token = newPreviewToken();
  const { error } = await supabase
    .from("post_preview_links")
    .insert({ post_id: postId, token_hash: previewTokenHash(token) });
  if (error) {
    console.error("Preview link failed:", error.message);
    return null;
  }
  return token;
}

/** Revokes every link of the post still open; false when the database refused. */
export async function revokePreviewLinks(
  supabase: TypedSupabaseClient,
  postId: string,
) {
  const { error } = await supabase
    .from("post_preview_links")
    .update({ revoked_at: new Date().toISOString() })
    .eq("post_id", postId)
    .is("revoked_at", null);
  if (error) console.error("Revoking preview links failed:", error.message);
  return !error;
}

const OpenLinkSchema = z.array(z.object({ expires_at: z.string() }));

/** When the post's open links expire, soonest first. */
export async function openPreviewLinks(
  supabase: TypedSupabaseClient,
  postId: string,
) {
  const { data, error } = await supabase
    .from("post_preview_links")
    .select("expires_at")
    .eq("post_id", postId)
    .is("revoked_at", null)
    .gt("expires_at", new Date().toISOString())
    .order("expires_at");
  if (error) {
    console.error("Preview links failed to load:", error.message);
    return null;
  }
  return OpenLinkSchema.catch([])
    .parse(data)
    .map((link) => link.expires_at);
}

const PreviewPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  word_count: z.number(),
  cover_image_url: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  tags: z.array(z.string()),
  preview_expires_at: z.string(),
});

export type PreviewPost = z.infer<typeof PreviewPostSchema>;

export type PreviewLookup =
  | { state: "ok"; post: PreviewPost }
  | { state: "not-found" }
  | { state: "error" };

/** The post a token opens; not found alike for an unknown, expired or revoked link. */
export async function postByPreviewToken(
  supabase: TypedSupabaseClient,
  token: string,
): Promise<PreviewLookup> {
  if (!isPreviewToken(token)) return { state: "not-found" };
  const { data, error } = await supabase
    .rpc("post_by_preview_token", { p_token: token })
    .retry(false);
  if (error) {
    console.error("Preview failed:", error.message);
    return { state: "error" };
  }
  if (data === null) return { state: "not-found" };
  const post = PreviewPostSchema.safeParse(data);
  return post.success ? { state: "ok", post: post.data } : { state: "error" };
}
