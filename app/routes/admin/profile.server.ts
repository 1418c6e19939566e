import { z } from "zod";
import {
  readStoredVariants,
  variantUrls,
  type StoredVariants,
} from "#app/routes/blog/image-variants.server.ts";
import {
  ownCoverPath,
  publicCoverPrefix,
  removeCovers,
  uploadCover,
} from "#app/routes/blog/post.server.ts";
import { env } from "#app/utils/env.server.ts";
import { dropStoredPages } from "#app/utils/page-cache.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { slugFrom, type ProfileInput } from "./profile-schema.ts";

// A writer's own profile, read and saved with their own token: row-level
// security lets each person change only their own row. The photo goes
// through the covers' upload, variants and all (decision 087), into the
// person's folder of blog-images. A saved profile changes the posts and
// author pages that show it, so this server's stored blog pages are dropped.

const ProfileRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  display_name: z.string(),
  bio: z.string().nullable(),
  photo_variants: z.unknown(),
  links: z.array(z.string()),
});

export type OwnProfile = {
  slug: string;
  display_name: string;
  bio: string | null;
  photo: StoredVariants | null;
  links: string[];
};

export async function readOwnProfile(
  supabase: TypedSupabaseClient,
  userId: string,
): Promise<OwnProfile | null | "failed"> {
  const { data, error } = await supabase
    .from("author_profiles")
    .select("id, slug, display_name, bio, photo_variants, links")
    .eq("id", userId)
    .maybeSingle();
  if (error) {
    console.error("Reading a profile failed:", error.message);
    return "failed";
  }
  const row = ProfileRowSchema.safeParse(data);
  if (!row.success) return null;
  return {
    slug: row.data.slug,
    display_name: row.data.display_name,
    bio: row.data.bio,
    photo: readStoredVariants(
      row.data.photo_variants,
      publicCoverPrefix(env.SUPABASE_URL),
    ),
    links: row.data.links,
  };
}

export type ProfileSave =
  | { ok: true; slug: string }
  | {
      ok: false;
      reason: "slug-taken" | "photo-type" | "photo-failed" | "failed";
    };

/** Creates or changes the caller's profile; the photo's old files go once the new row is stored. */
export async function saveProfile(
  supabase: TypedSupabaseClient,
  userId: string,
  input: ProfileInput,
  existing: OwnProfile | null,
): Promise<ProfileSave> {
  let photo = input.removePhoto ? null : (existing?.photo ?? null);
  let uploaded: string[] = [];
  if (input.photo) {
    const upload = await uploadCover(supabase, userId, input.photo);
    if (!upload.ok) {
      return {
        ok: false,
        reason: upload.reason === "type" ? "photo-type" : "photo-failed",
      };
    }
    uploaded = upload.paths;
    if (!upload.variants) {
      // An animation, or bytes only starting like an image: no variants to show.
      await removeCovers(supabase, uploaded);
      return { ok: false, reason: "photo-type" };
    }
    photo = upload.variants;
  }
  const slug = input.slug || existing?.slug || slugFrom(input.display_name);
  const row = {
    slug,
    display_name: input.display_name,
    bio: input.bio || null,
    photo_variants: photo,
    links: input.links,
  };
  const { error } = existing
    ? await supabase
        .from("author_profiles")
        .update({ ...row, updated_at: new Date().toISOString() })
        .eq("id", userId)
    : await supabase.from("author_profiles").insert({ id: userId, ...row });
  if (error) {
    await removeCovers(supabase, uploaded);
    if (error.code === "23505") return { ok: false, reason: "slug-taken" };
    console.error("Saving a profile failed:", error.message);
    return { ok: false, reason: "failed" };
  }
  const replaced = existing?.photo;
  if (replaced && replaced !== photo) {
    await removeCovers(
      supabase,
      variantUrls(replaced).flatMap((url) => {
        const path = ownCoverPath(
          url,
          userId,
          publicCoverPrefix(env.SUPABASE_URL),
        );
        return path ? [path] : [];
      }),
    );
  }
  dropStoredPages("until-posts-change");
  return { ok: true, slug };
}
