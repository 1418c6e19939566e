import type SharpModule from "sharp";
import { z } from "zod";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// Responsive variants of an author's image (decision 087): WebP at up to
// three widths for `srcset`, one JPEG for what cannot choose (link previews,
// feeds, `src`) and a 1200×630 JPEG for social cards. Made once on upload so
// no reader ever downloads the original.

/** Covers and the images inserted in posts, with their variants. */
export const COVER_BUCKET = "blog-images";

/** Sizes of an image in a post (cover or body): the 820 px column less its padding. */
export const POST_IMAGE_SIZES = "(min-width: 820px) 780px, 100vw";

/** The widths a phone, a laptop and a large screen need of a full-width image. */
export const VARIANT_WIDTHS = [640, 1280, 1920] as const;
/** The `src` of an image with variants: sharp enough for a laptop, small for the rest. */
export const FALLBACK_WIDTH = 1280;
export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/**
 * The most pixels an upload may decode to. A full-frame camera's 6000×4000
 * (24 Mpx) fits, and a JPEG of more no longer fits the 5 MB upload limit;
 * a PNG or GIF can compress a far larger canvas into a few hundred
 * kilobytes (a decompression bomb). At 4 bytes a pixel this bounds the one
 * image being decoded to 100 MB of the machine's 512 MB.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** How long one image may take to decode and encode before it is given up. */
const PROCESS_TIMEOUT_SECONDS = 30;
const WEBP_QUALITY = 72;
const WEBP_MAX_SIDE = 16383;
const JPEG_QUALITY = 78;

export type ImageVariant = {
  width: number;
  height: number;
  format: "webp" | "jpeg";
  bytes: Buffer;
};

export type ImageVariantSet = {
  webp: ImageVariant[];
  jpeg: ImageVariant;
  social: ImageVariant;
};

/**
 * Why an image has no variants: not an image sharp can read, more than
 * MAX_INPUT_PIXELS or more than 8 bits per channel, or too slow to process.
 */
export type ImageRefusal = "unreadable" | "too-large" | "timeout";

/**
 * The WebP widths of an image `width` pixels wide: the standard ones below
 * it, then its own width when it is narrower than the largest, so nothing is
 * ever upscaled.
 */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, Math.max(...VARIANT_WIDTHS));
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/** The largest box of the social card's shape within a `width`×`height` image. */
export function socialCropBox(width: number, height: number) {
  const shape = SOCIAL_WIDTH / SOCIAL_HEIGHT;
  return width / height > shape
    ? { width: Math.max(1, Math.round(height * shape)), height }
    : { width, height: Math.max(1, Math.round(width / shape)) };
}

type Sharp = typeof SharpModule;
let loaded: Promise<Sharp> | null = null;

/**
 * sharp, loaded on the first upload rather than at every start of the
 * server, without its cache of decoded images (an upload is never read
 * twice) and with one libvips thread: images are processed one at a time.
 */
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every image before it: one image at a time per process. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * The variants of a still image; "animated" for an animation (kept as it
 * is: a first frame would silently change what the author chose); else why
 * there are none. The header is read first, so a decompression bomb is
 * refused before a pixel of it is decoded; a still image is then decoded
 * once, to the largest width it needs, and every variant is made from those
 * pixels.
 */
export function makeImageVariants(
  input: Uint8Array,
): Promise<ImageVariantSet | "animated" | ImageRefusal> {
  return oneAtATime(async () => {
    const sharp = await loadSharp();
    try {
      const metadata = await sharp(input, {
        limitInputPixels: false,
      }).metadata();
      const frameHeight = metadata.pageHeight ?? metadata.height;
      if (
        metadata.depth !== "uchar" ||
        metadata.width * frameHeight > MAX_INPUT_PIXELS
      ) {
        return "too-large";
      }
      if ((metadata.pages ?? 1) > 1) return "animated";
    } catch {
      return "unreadable";
    }
    try {
      // rotate() applies the camera's orientation; metadata (GPS included)
      // is not copied into the variants. WebP holds at most 16383 pixels a
      // side, so a very tall image comes out narrower.
      const decoded = await sharp(input, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: "error",
        sequentialRead: true,
      })
        .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
        .rotate()
        .resize({
          width: Math.max(...VARIANT_WIDTHS),
          height: WEBP_MAX_SIDE,
          fit: "inside",
          withoutEnlargement: true,
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = decoded.info;
      const source = () =>
        sharp(decoded.data, { raw: { width, height, channels } }).timeout({
          seconds: PROCESS_TIMEOUT_SECONDS,
        });
      const encode = async (
        format: "webp" | "jpeg",
        pipeline: ReturnType<Sharp>,
      ): Promise<ImageVariant> => {
        const encoded =
          format === "webp"
            ? pipeline.webp({ quality: WEBP_QUALITY })
            : pipeline
                .flatten({ background: "#ffffff" })
                .jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({
          resolveWithObject: true,
        });
        return { width: info.width, height: info.height, format, bytes: data };
      };
      const webp = [];
      for (const w of variantWidths(width)) {
        webp.push(await encode("webp", source().resize({ width: w })));
      }
      const jpeg = await encode(
        "jpeg",
        source().resize({ width: Math.min(width, FALLBACK_WIDTH) }),
      );
      // Link previews crop to 1.91:1 anyway; cropping here keeps the subject.
      // The crop is chosen at the image's own scale and only then scaled:
      // scaling a very narrow image to cover 1200×630 first would multiply
      // its pixels a hundredfold.
      const box = socialCropBox(width, height);
      const crop = await source()
        .resize({ ...box, fit: "cover", position: "attention" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const social = await encode(
        "jpeg",
        sharp(crop.data, { raw: crop.info }).resize({
          width: SOCIAL_WIDTH,
          height: SOCIAL_HEIGHT,
          fit: "fill",
        }),
      );
      return { webp, jpeg, social };
    } catch (error) {
      return error instanceof Error && /timeout/i.test(error.message)
        ? "timeout"
        : "unreadable";
    }
  });
}

// ---------------------------------------------------------------------------
// Stored variants

/** What blog_posts.cover_variants holds, and what an upload answers. */
export const StoredVariantsSchema = z.object({
  webp: z
    .array(z.object({ w: z.number().int().positive(), url: z.string() }))
    .min(1)
    .max(VARIANT_WIDTHS.length),
  jpeg: z.object({
    w: z.number().int().positive(),
    h: z.number().int().positive(),
    url: z.string(),
  }),
  social: z.string(),
});

export type StoredVariants = z.infer<typeof StoredVariantsSchema>;

/** Every object URL of a stored set, e.g. to remove them together. */
export function variantUrls(variants: StoredVariants): string[] {
  return [
    ...variants.webp.map((variant) => variant.url),
    variants.jpeg.url,
    variants.social,
  ];
}

/**
 * Stored variants read from a row, kept only when every URL is in our own
 * bucket: the column is the author's to write, like the cover's URL.
 */
export function readStoredVariants(
  raw: unknown,
  bucketPrefix: string,
): StoredVariants | null {
  const parsed = StoredVariantsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const own = variantUrls(parsed.data).every(
    (url) => url.startsWith(bucketPrefix) && !/[\s,]/.test(url),
  );
  return own ? parsed.data : null;
}

/** `srcset` of the WebP variants. */
export function variantSrcSet(variants: StoredVariants) {
  return variants.webp.map(({ w, url }) => `${url} ${w}w`).join(", ");
}

const MIME = { webp: "image/webp", jpeg: "image/jpeg" } as const;

export type VariantUpload =
  | { ok: true; variants: StoredVariants; paths: string[] }
  | { ok: false; reason: "signed-out" | "failed" };

/**
 * Stores a set under `{userId}/{name}-{width}.webp`, `{name}-{width}.jpg`
 * and `{name}-social.jpg` (beside an original `{name}.{extension}`) (no overwrite, cached for a year: a name is never
 * reused). On any failure what was stored is removed again.
 */
export async function storeImageVariants(
  supabase: TypedSupabaseClient,
  bucketName: string,
  { userId, name }: { userId: string; name: string },
  set: ImageVariantSet,
): Promise<VariantUpload> {
  const bucket = supabase.storage.from(bucketName);
  const objects = [
    ...set.webp.map((variant) => ({
      variant,
      path: `${userId}/${name}-${variant.width}.webp`,
    })),
    { variant: set.jpeg, path: `${userId}/${name}-${set.jpeg.width}.jpg` },
    { variant: set.social, path: `${userId}/${name}-social.jpg` },
  ];
  const stored: string[] = [];
  for (const { variant, path } of objects) {
    const { error } = await bucket.upload(path, variant.bytes, {
      upsert: false,
      cacheControl: "31536000",
      contentType: MIME[variant.format],
    });
    if (error) {
      console.error("Image variant upload failed:", error.message);
      if (stored.length > 0) await bucket.remove(stored);
      const status = "statusCode" in error ? String(error.statusCode) : "";
      return { ok: false, reason: status === "401" ? "signed-out" : "failed" };
    }
    stored.push(path);
  }
  const url = (path: string) => bucket.getPublicUrl(path).data.publicUrl;
  const webpCount = set.webp.length;
  return {
    ok: true,
    paths: stored,
    variants: {
      webp: set.webp.map((variant, index) => ({
        w: variant.width,
        url: url(stored[index]!),
      })),
      jpeg: {
        w: set.jpeg.width,
        h: set.jpeg.height,
        url: url(stored[webpCount]!),
      },
      social: url(stored[webpCount + 1]!),
    },
  };
}

/** An `<img>`'s source attributes, spread onto it as they are. */
export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string };

/**
 * The attributes of a cover: its variants when it has them (the JPEG as
 * `src`, WebP widths in `srcSet`, which every browser that reads `srcset`
 * decodes), else its URL as it is, for seeded and older posts.
 */
export function responsiveImage(
  url: string | null,
  variants: StoredVariants | null,
  sizes: string,
): ResponsiveImage | null {
  if (!url) return null;
  if (!variants) return { src: url };
  return { src: variants.jpeg.url, srcSet: variantSrcSet(variants), sizes };
}
