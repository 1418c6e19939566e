import { z } from "zod";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import type { RevisionFields } from "./revision-diff.ts";

// A post's revisions (decision 132), read with the editor's own client: the
// table's policy lets exactly those who may edit the post read them. The
// database writes them, at the commit of every save.

const RevisionSummarySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  saved_by: z.string().nullable(),
  saved_at: z.string(),
  /** Replaced by the saver's next autosave (decision 137). */
  autosave: z.boolean(),
});

export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** The post's revisions, newest first; null when they cannot be read. */
export async function listRevisions(
  supabase: TypedSupabaseClient,
  postId: string,
): Promise<RevisionSummary[] | null> {
  const { data, error } = await supabase
    .from("post_revisions")
    .select("id, title, saved_by, saved_at, autosave")
    .eq("post_id", postId)
    .order("saved_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(200);
  if (error) {
    console.error("Revisions failed to load:", error.message);
    return null;
  }
  return z.array(RevisionSummarySchema).catch([]).parse(data);
}

const RevisionPostSchema = z.object({
  title: z.string(),
  excerpt: z.string().nullable().optional(),
  content: z.string(),
  cover_image_url: z.string().nullable().optional(),
  cover_variants: z.unknown().optional(),
  cover_alt: z.string().nullable().optional(),
  cover_decorative: z.boolean().optional(),
});

const RevisionSchema = z.object({
  id: z.string(),
  post: RevisionPostSchema,
  tags: z.array(z.string()),
  saved_at: z.string(),
});

export type Revision = {
  id: string;
  savedAt: string;
  fields: RevisionFields;
  coverVariants: unknown;
  /** How the revision's cover was described (decision 134). */
  coverAlt: string | null;
  coverDecorative: boolean;
};

/** Revisions of the post by id, whole; those not found are left out. */
export async function readRevisions(
  supabase: TypedSupabaseClient,
  postId: string,
  ids: string[],
): Promise<Revision[] | null> {
  const { data, error } = await supabase
    .from("post_revisions")
    .select("id, post, tags, saved_at")
    .eq("post_id", postId)
    .in("id", ids);
  if (error) {
    console.error("Revisions failed to load:", error.message);
    return null;
  }
  const rows = z.array(RevisionSchema).safeParse(data);
  if (!rows.success) return null;
  return rows.data.map((row) => ({
    id: row.id,
    savedAt: row.saved_at,
    coverVariants: row.post.cover_variants ?? null,
    coverAlt: row.post.cover_alt ?? null,
    coverDecorative: row.post.cover_decorative ?? false,
    fields: {
      title: row.post.title,
      excerpt: row.post.excerpt ?? null,
      content: row.post.content,
      cover_image_url: row.post.cover_image_url ?? null,
      tags: row.tags,
    },
  }));
}
