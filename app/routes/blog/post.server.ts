import type { PostgrestError } from "@supabase/supabase-js";
import { z } from "zod";
import {
  CONTENT_MAX_BYTES,
  COVER_MAX_BYTES,
} from "#app/routes/blog/editor/post-schema.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import type { Database } from "#app/utils/database.types.ts";
import { dropStoredPages } from "#app/utils/page-cache.server.ts";
import { readFormBody } from "#app/utils/form-body.server.ts";
import {
  COVER_BUCKET,
  makeImageVariants,
  readStoredVariants,
  storeImageVariants,
  variantUrls,
  type StoredVariants,
} from "#app/routes/blog/image-variants.server.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";
import { removeSocialCard } from "./social-image.server.ts";

// Writing side of the blog: reading the post form's body within limits,
// storing cover images, saving through the atomic save_post function and
// deleting posts. Every call runs with the signed-in user's own client, so
// row-level security decides what is allowed; the checks here only choose
// the message.

// ---------------------------------------------------------------------------
// Request body

/** Text fields other than the body (title, excerpt, tags, intent) together. */
const TEXT_FIELDS_MAX_BYTES = 256 * 1024;
// The cover and the post's social image (decision 135), each up to 5 MB.
const MAX_FILES = 2;
export const POST_FORM_MAX_BYTES =
  CONTENT_MAX_BYTES + MAX_FILES * COVER_MAX_BYTES + TEXT_FIELDS_MAX_BYTES;
const MAX_PARTS = 500;

export type PostFormProblem = "too-large" | "unreadable";

export type PostFormBody = {
  /** The fields read so far: all of them unless there was a problem. */
  formData: FormData;
  problem: PostFormProblem | null;
};

/**
 * The post form's body as a stream: the body (with inline images) up to
 * CONTENT_MAX_BYTES, a cover and a social image, and a little text besides. The reader
 * stops at a limit, so an oversized body is never held in memory; the fields
 * already read come back so the author keeps them. The cover's own 5 MB limit
 * is the schema's, so it gets its own message.
 */
export async function readPostForm(request: Request): Promise<PostFormBody> {
  const { formData, problem } = await readFormBody(request, {
    maxFields: MAX_PARTS,
    maxFieldBytes: CONTENT_MAX_BYTES,
    maxTotalBytes: POST_FORM_MAX_BYTES,
    maxFiles: MAX_FILES,
  });
  return {
    formData,
    problem: problem === "too-many-files" ? "too-large" : problem,
  };
}

// ---------------------------------------------------------------------------
// Cover images

export type ImageKind = "png" | "jpeg" | "gif" | "webp";

const IMAGE_MIME: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** What image the bytes really hold; the file name and the browser's type are only claims. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return "webp";
  return null;
}

export function imageMimeType(kind: ImageKind) {
  return IMAGE_MIME[kind];
}

/** The original file's extension when it is a plain one, else the detected kind's. */
/** The extensions each detected kind may keep from its original name. */
const KIND_EXTENSIONS: Record<ImageKind, string[]> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
};

/**
 * The original extension when it names what the bytes are (the product keeps
 * it), else the detected kind's: a PNG called "page.html" is stored as .png,
 * so nothing serving the object by its name takes it for something else.
 */
export function coverExtension(fileName: string, kind: ImageKind) {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  const allowed = KIND_EXTENSIONS[kind];
  return extension && allowed.includes(extension) ? extension : allowed[0]!;
}

/** `{userId}/{random unique id}.{original extension}` (fixed by the product). */
export function coverObjectPath(
  userId: string,
  fileName: string,
  kind: ImageKind,
  id: string = crypto.randomUUID(),
) {
  return `${userId}/${id}.${coverExtension(fileName, kind)}`;
}

export function publicCoverPrefix(supabaseUrl: string) {
  return `${trimEndOf(supabaseUrl, "/")}/storage/v1/object/public/${COVER_BUCKET}/`;
}

/**
 * The object path of a cover URL when it is one of this user's own uploads
 * in blog-images; null for any other URL (seeded covers, other users' files,
 * other hosts), which must never be deleted on their behalf.
 */
export function ownCoverPath(
  url: string | null,
  userId: string,
  prefix: string,
): string | null {
  if (!url || !url.startsWith(prefix)) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0] ?? "");
  } catch {
    return null;
  }
  const [folder, name, ...rest] = path.split("/");
  if (
    rest.length > 0 ||
    folder !== userId ||
    !name ||
    name === "." ||
    name === ".."
  )
    return null;
  return path;
}

/**
 * The objects of a post's cover that are this user's own uploads: the
 * original and its variants (decision 087).
 */
export function ownCoverPaths(
  post: { cover_image_url: string | null; cover_variants?: unknown },
  userId: string,
  prefix: string,
): string[] {
  const variants = readStoredVariants(post.cover_variants, prefix);
  return [post.cover_image_url, ...(variants ? variantUrls(variants) : [])]
    .map((url) => ownCoverPath(url, userId, prefix))
    .filter((path) => path !== null);
}

export type CoverUpload =
  | {
      ok: true;
      /** Every stored object: the original first, then its variants. */
      paths: string[];
      publicUrl: string;
      /** None for an animation, which is shown as it came. */
      variants: StoredVariants | null;
    }
  | { ok: false; reason: "type" | "too-large" | "signed-out" | "failed" };

export type OriginalUpload =
  | { ok: true; path: string; publicUrl: string }
  | { ok: false; reason: "signed-out" | "failed" };

/**
 * Stores an image as it came under `{userId}/{id}.{extension}` (no
 * overwrite, cached for an hour).
 */
export async function storeOriginal(
  supabase: TypedSupabaseClient,
  {
    userId,
    id,
    fileName,
    kind,
  }: { userId: string; id: string; fileName: string; kind: ImageKind },
  bytes: Uint8Array,
): Promise<OriginalUpload> {
  const path = coverObjectPath(userId, fileName, kind, id);
  const bucket = supabase.storage.from(COVER_BUCKET);
  const { error } = await bucket.upload(path, bytes, {
    upsert: false,
    cacheControl: "3600",
    contentType: imageMimeType(kind),
  });
  if (error) {
    const status = "statusCode" in error ? String(error.statusCode) : "";
    console.error("Image upload failed:", error.message);
    return { ok: false, reason: status === "401" ? "signed-out" : "failed" };
  }
  return {
    ok: true,
    path,
    publicUrl: bucket.getPublicUrl(path).data.publicUrl,
  };
}

/**
 * Stores a cover under the user's folder with its responsive variants
 * beside it. The variants are made first, so an image too large to decode
 * is refused before anything is stored.
 */
export async function uploadCover(
  supabase: TypedSupabaseClient,
  userId: string,
  file: File,
): Promise<CoverUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageKind(bytes);
  if (!kind) return { ok: false, reason: "type" };
  const set = await makeImageVariants(bytes);
  if (set === "too-large") return { ok: false, reason: "too-large" };
  if (set === "timeout") return { ok: false, reason: "failed" };
  const id = crypto.randomUUID();
  const original = await storeOriginal(
    supabase,
    { userId, id, fileName: file.name, kind },
    bytes,
  );
  if (!original.ok) return original;
  const paths = [original.path];
  // An animation, or bytes that only start like an image, are kept as they came.
  if (typeof set === "string") {
    return { ok: true, paths, publicUrl: original.publicUrl, variants: null };
  }
  const stored = await storeImageVariants(
    supabase,
    COVER_BUCKET,
    { userId, name: id },
    set,
  );
  if (!stored.ok) {
    await removeCovers(supabase, paths);
    return stored;
  }
  return {
    ok: true,
    paths: [...paths, ...stored.paths],
    publicUrl: original.publicUrl,
    variants: stored.variants,
  };
}

/** Best effort: a leftover object costs storage, never correctness. */
export async function removeCovers(
  supabase: TypedSupabaseClient,
  paths: string[],
) {
  if (paths.length === 0) return;
  try {
    const { error } = await supabase.storage.from(COVER_BUCKET).remove(paths);
    if (error) console.error("Cover removal failed:", error.message);
  } catch (error) {
    console.error("Cover removal failed:", error);
  }
}

/** A data URL of a valid image, for the preview rendered without JavaScript. */
export async function coverPreviewUrl(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageKind(bytes);
  if (!kind) return null;
  return `data:${imageMimeType(kind)};base64,${Buffer.from(bytes).toString("base64")}`;
}

// ---------------------------------------------------------------------------
// Saving and deleting

export type SavePostInput = {
  id: string | null;
  /**
   * The columns the author writes, by the table's names: a key with null
   * clears a column, a key left out keeps it.
   */
  post: PostFields;
  tags: string[];
  /**
   * Saved as an autosave (decision 137): always a draft, refused when the
   * post is no longer at `base`, the version the form was made from.
   */
  autosave?: { base: string | null };
};

export type PostFields = Omit<
  Database["public"]["Tables"]["blog_posts"]["Update"],
  "id" | "author_id" | "created_at" | "updated_at"
>;

export type SaveOutcome =
  | { ok: true; id: string; updatedAt: string }
  | {
      ok: false;
      kind: "signed-out" | "not-found" | "forbidden" | "conflict" | "failed";
      message: string | null;
    };

const SavedRowSchema = z.object({ id: z.string(), updated_at: z.string() });

// SQLSTATEs are five digits or capitals; anything else (a timeout, a network
// failure) has no message worth showing to an author.
const SQLSTATE = /^[0-9A-Z]{5}$/;

export function saveFailure(
  error: Pick<PostgrestError, "code" | "message">,
): SaveOutcome {
  const message =
    SQLSTATE.test(error.code ?? "") && error.message ? error.message : null;
  if (error.code === "42501" && message === "Please sign in to publish posts") {
    return { ok: false, kind: "signed-out", message };
  }
  if (error.code === "P0002") return { ok: false, kind: "not-found", message };
  if (error.code === "42501") return { ok: false, kind: "forbidden", message };
  if (error.code === "40001") return { ok: false, kind: "conflict", message };
  return { ok: false, kind: "failed", message };
}

/** Creates (id null) or updates a post and replaces its tags in one transaction. */
export async function savePost(
  supabase: TypedSupabaseClient,
  input: SavePostInput,
): Promise<SaveOutcome> {
  const { data, error } = input.autosave
    ? await supabase.rpc("autosave_post", {
        // The generated types cannot say a parameter takes null: a new post
        // has no id, and no version to be made from.
        p_id: input.id as string,
        p_base: input.autosave.base as string,
        p_post: input.post,
        p_tags: input.tags,
      })
    : await supabase.rpc("save_post", {
        p_id: input.id,
        p_post: input.post,
        p_tags: input.tags,
      });
  if (error) return saveFailure(error);
  const row = SavedRowSchema.safeParse(Array.isArray(data) ? data[0] : data);
  if (!row.success) return { ok: false, kind: "failed", message: null };
  // A draft is on no public page: an autosave leaves the stored pages be.
  if (!input.autosave) dropStoredPages("until-posts-change");
  return { ok: true, id: row.data.id, updatedAt: row.data.updated_at };
}

const DeletedRowSchema = z.array(
  z.object({
    id: z.string(),
    cover_image_url: z.string().nullable(),
    cover_variants: z.unknown(),
    social_image_url: z.string().nullable(),
  }),
);

/**
 * Deletes a post the user wrote, then its cover and the cover's variants
 * when they are the user's own upload. Row-level security lets only the author delete: anyone else's
 * request deletes nothing, which is reported as a failure.
 */
export async function deletePost(
  supabase: TypedSupabaseClient,
  {
    id,
    userId,
    coverPrefix,
  }: { id: string; userId: string; coverPrefix: string },
): Promise<boolean> {
  const { data, error } = await supabase
    .from("blog_posts")
    .delete()
    .eq("id", id)
    .eq("author_id", userId)
    .select("id, cover_image_url, cover_variants, social_image_url");
  if (error) {
    console.error("Post deletion failed:", error.message);
    return false;
  }
  const rows = DeletedRowSchema.safeParse(data);
  if (!rows.success || rows.data.length === 0) return false;
  dropStoredPages("until-posts-change");
  const [row] = rows.data;
  if (row) {
    await removeCovers(supabase, ownCoverPaths(row, userId, coverPrefix));
    await removeSocialCard(supabase, row.social_image_url, userId);
  }
  return true;
}

/**
 * The names of the tags on public posts (the `tags_in_use` view), for the
 * toggles on the writing page: a tag whose last post is gone is not offered.
 * None when they cannot be read.
 */
export async function listTagNames(
  supabase: TypedSupabaseClient,
  limit = 500,
): Promise<string[]> {
  const { data, error } = await supabase
    .from("tags_in_use")
    .select("name")
    .order("name")
    .limit(limit);
  if (error) {
    console.error("Tags failed to load:", error.message);
    return [];
  }
  return z
    .array(z.object({ name: z.string() }))
    .catch([])
    .parse(data)
    .map((tag) => tag.name);
}
