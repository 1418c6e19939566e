import { createHash } from "node:crypto";
import { BRAND_NAME } from "#app/content/site.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { postCardSvg, renderSocialPng } from "#app/utils/social-card.server.ts";
import { COVER_BUCKET, type StoredVariants } from "./image-variants.server.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

// The social image (og:image, twitter:image) of a post. The author's own
// social image comes first (decision 135), then the cover's. Link previews
// show PNG or JPEG only: an image with variants has a 1200×630 JPEG among them
// (decision 087); any other PNG or JPEG cover is used as it is; a seeded SVG cover
// has a PNG twin under public/blog/ (scripts/social-images.ts); any other
// post gets the card with its title stored when it was saved, or the site's
// default card.

export const SOCIAL_CARD_BUCKET = "social-cards";
/** Part of each card's name: bump it when the card's design changes. */
const CARD_DESIGN = "1";
const CARD_LABEL = "Blueprint";

export function socialCardPrefix(supabaseUrl: string) {
  return `${trimEndOf(supabaseUrl, "/")}/storage/v1/object/public/${SOCIAL_CARD_BUCKET}/`;
}

/** An uploaded image's 1200×630 JPEG, or the image itself when a PNG or JPEG. */
function sharedImage(
  url: string | null | undefined,
  variants: StoredVariants | null | undefined,
) {
  if (url && variants) return variants.social;
  if (url && /\.(?:png|jpe?g)$/i.test(url.split(/[?#]/)[0] ?? "")) return url;
  return null;
}

/** The social image of a post, or null for the site's default. */
export function postSocialImage(
  post: {
    cover_image_url: string | null;
    /** Already read against our bucket (readStoredVariants). */
    cover_variants?: StoredVariants | null;
    social_image_url?: string | null;
    /** The author's own social image: an upload in our bucket only. */
    share_image_url?: string | null;
    share_image_variants?: StoredVariants | null;
  },
  supabaseUrl: string,
): string | null {
  const bucket = `${trimEndOf(supabaseUrl, "/")}/storage/v1/object/public/${COVER_BUCKET}/`;
  const own = post.share_image_url?.startsWith(bucket)
    ? sharedImage(post.share_image_url, post.share_image_variants)
    : null;
  if (own) return own;
  const cover = post.cover_image_url;
  const fromCover = sharedImage(cover, post.cover_variants);
  if (fromCover) return fromCover;
  const seeded = cover ? /^\/blog\/cover-[\w-]+\.svg$/.exec(cover) : null;
  if (seeded) return cover!.replace(/\.svg$/, ".png");
  // A card of the app's own bucket only: the column is the author's to write.
  const card = post.social_image_url;
  if (card?.startsWith(socialCardPrefix(supabaseUrl))) return card;
  return null;
}

/** The object name of a title's card: the same title makes the same card. */
export function socialCardPath(userId: string, postId: string, title: string) {
  const hash = createHash("sha256")
    .update(`${CARD_DESIGN}\n${title}`)
    .digest("hex")
    .slice(0, 16);
  return `${userId}/${postId}-${hash}.png`;
}

/**
 * Renders and stores the title card of a post saved without a cover and
 * points the post at it, unless it already points at this title's card.
 * Best effort: a failure is logged and the post keeps the default image; the
 * save itself has already succeeded.
 */
export async function storeSocialCard(
  supabase: TypedSupabaseClient,
  post: {
    id: string;
    title: string;
    userId: string;
    previousUrl: string | null;
  },
) {
  const path = socialCardPath(post.userId, post.id, post.title);
  const bucket = supabase.storage.from(SOCIAL_CARD_BUCKET);
  const publicUrl = bucket.getPublicUrl(path).data.publicUrl;
  if (post.previousUrl === publicUrl) return;
  try {
    const png = renderSocialPng(
      postCardSvg(post.title, BRAND_NAME, CARD_LABEL),
    );
    const { error: uploadError } = await bucket.upload(path, png, {
      upsert: false,
      cacheControl: "31536000",
      contentType: "image/png",
    });
    // The same title saved again by someone else's edit: the card is there.
    if (uploadError && !/exists|duplicate/i.test(uploadError.message)) {
      console.error("Social card upload failed:", uploadError.message);
      return;
    }
    const { error } = await supabase
      .from("blog_posts")
      .update({ social_image_url: publicUrl })
      .eq("id", post.id);
    if (error) {
      console.error("Social card link failed:", error.message);
      return;
    }
    const prefix = publicUrl.slice(0, publicUrl.length - path.length);
    const previous = post.previousUrl?.startsWith(prefix)
      ? post.previousUrl.slice(prefix.length)
      : null;
    if (previous?.startsWith(`${post.userId}/`)) {
      await bucket.remove([previous]);
    }
  } catch (error) {
    console.error("Social card failed:", error);
  }
}
