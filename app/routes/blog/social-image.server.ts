import { createHash } from "node:crypto";
import { BRAND_NAME } from "#app/content/site.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import { postCardSvg, renderSocialPng } from "#app/utils/social-card.server.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
import { COVER_BUCKET, type StoredVariants } from "./image-variants.server.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

// The social image (og:image, twitter:image) of a post. The author's own
// social image comes first (decision 135), then the cover's. Link previews
// show PNG or JPEG only: an image with variants has a 1200×630 JPEG among them
// (decision 087); any other PNG or JPEG cover is used as it is; a seeded SVG cover
// has a PNG twin under public/blog/ (scripts/social-images.ts); any other
// post gets the card with its title stored when it was saved, or the site's
// default card. Cards sit in a private bucket that lets a reader have the
// card of a post they may read (decision 220): the site serves them from
// the post's own address, so a draft's title is on no public URL.

export const SOCIAL_CARD_BUCKET = "social-cards";
/** Part of each card's name: bump it when the card's design changes. */
const CARD_DESIGN = "1";
const CARD_LABEL = "Blueprint";

/**
 * How the post row names its card: the object's address in Storage (the
 * bucket's public endpoint no longer serves it, the row keeps the form it
 * always had).
 */
export function socialCardPrefix(supabaseUrl: string) {
  return `${trimEndOf(supabaseUrl, "/")}/storage/v1/object/public/${SOCIAL_CARD_BUCKET}/`;
}

const CARD_FILE = /^[0-9a-f]{16}\.png$/;

/** The file part of a post's card at its page's address, from the row's name for it. */
function cardFile(
  postId: string,
  url: string | null | undefined,
  supabaseUrl: string,
) {
  const prefix = socialCardPrefix(supabaseUrl);
  if (!url?.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  const marker = `/${postId}-`;
  const at = name.indexOf(marker);
  if (at < 1) return null;
  const file = name.slice(at + marker.length);
  return CARD_FILE.test(file) ? file : null;
}

/** Where the site serves a post's title card. */
export function titleCardPath(postId: string, file: string) {
  return `${BLOG_PATH}/${postId}/title-card/${file}`;
}

/**
 * The bytes of a post's title card, read with the reader's own client:
 * null unless the post is one they may read, it names a card, and `file`
 * is that card's (an old title's address stops working with its card).
 */
export async function readTitleCard(
  supabase: TypedSupabaseClient,
  postId: string,
  file: string,
  supabaseUrl: string,
): Promise<Buffer | null> {
  if (!CARD_FILE.test(file)) return null;
  const { data: post, error } = await supabase
    .from("blog_posts")
    .select("social_image_url")
    .eq("id", postId)
    .maybeSingle();
  if (error) throw new Error(`Title card lookup failed: ${error.message}`);
  const url = post?.social_image_url;
  if (!url || cardFile(postId, url, supabaseUrl) !== file) return null;
  const { data: blob, error: downloadError } = await supabase.storage
    .from(SOCIAL_CARD_BUCKET)
    .download(url.slice(socialCardPrefix(supabaseUrl).length));
  if (downloadError || !blob) return null;
  return Buffer.from(await blob.arrayBuffer());
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
    id: string;
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
  const card = cardFile(post.id, post.social_image_url, supabaseUrl);
  return card ? titleCardPath(post.id, card) : null;
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
    await removeSocialCard(supabase, post.previousUrl, post.userId);
  } catch (error) {
    console.error("Social card failed:", error);
  }
}

/**
 * Removes a card the row named when it is in this user's folder (Storage
 * lets no one remove another's). One left behind by another editor is
 * unreadable anyway once no post names it.
 */
export async function removeSocialCard(
  supabase: TypedSupabaseClient,
  url: string | null | undefined,
  userId: string,
) {
  const bucket = supabase.storage.from(SOCIAL_CARD_BUCKET);
  const prefix = bucket.getPublicUrl("").data.publicUrl;
  const name = url?.startsWith(prefix) ? url.slice(prefix.length) : null;
  if (!name?.startsWith(`${userId}/`)) return;
  const { error } = await bucket.remove([name]);
  if (error) console.error("Social card removal failed:", error.message);
}
