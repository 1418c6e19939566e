// `npm run bench:photos`: what a post with an author's photos costs a phone,
// before and after decision 087. The post has a 4000×3000 photo as its cover
// and two photos inserted in its body (photo-like noisy JPEGs made with
// sharp). Before: the cover as uploaded and the body's photos inlined as data
// URLs, as the original site stored them. After: the cover's and the body's
// variants, stored by the same code as the post form and POST /write/image.
// Each page gets Lighthouse's mobile audit (slow 4G, CPU slowed as
// `npm run lighthouse` calibrates it) on a 375 px wide, 2x screen; prints the
// bytes the page loaded and its Largest Contentful Paint.
//
//   ports BENCH_PHOTOS_PORT (4433) and BENCH_PHOTOS_SUPABASE_PORT (54433)
import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import sharp from "sharp";
import {
  COVER_BUCKET,
  makeImageVariants,
  POST_IMAGE_SIZES,
  storeImageVariants,
  variantSrcSet,
  type StoredVariants,
} from "#app/routes/blog/image-variants.server.ts";
import { DEMO_ACCOUNTS } from "#supabase/local/demo-accounts.ts";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/support/browser.ts";
import { startProductionSite } from "#tests/support/production-site.ts";

const WIDTH = 4000;
const HEIGHT = 3000;
const AUTHOR = DEMO_ACCOUNTS.author.id;
/** The BenchmarkIndex Lighthouse's default 4x slowdown is meant for (lighthouse.ts). */
const REFERENCE_BENCHMARK_INDEX = 1750;

/**
 * Smooth colour fields with film-grain noise: it compresses like a phone
 * photo, where a flat or purely random image would not.
 */
async function photo(quality: number) {
  const small = {
    width: WIDTH / 10,
    height: HEIGHT / 10,
    channels: 3 as const,
  };
  const fields = await sharp({
    create: {
      ...small,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = await sharp(fields, { raw: small })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .blur(8)
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .blur(0.7)
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = Math.max(0, Math.min(255, pixels[i]! + grain[i]! - 128));
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const site = await startProductionSite({
  port: Number(process.env.BENCH_PHOTOS_PORT ?? 4433),
  supabasePort: Number(process.env.BENCH_PHOTOS_SUPABASE_PORT ?? 54433),
  name: "photo-post-bench",
});
const service = createClient(site.supabaseUrl, site.secretKey, {
  auth: { persistSession: false },
});
const chrome = await launch({
  chromePath: ensureChromium(),
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});

async function storeOriginal(bytes: Buffer) {
  const path = `${AUTHOR}/${randomUUID()}.jpg`;
  const bucket = service.storage.from(COVER_BUCKET);
  const { error } = await bucket.upload(path, bytes, {
    contentType: "image/jpeg",
    cacheControl: "3600",
  });
  if (error) throw new Error(error.message);
  return bucket.getPublicUrl(path).data.publicUrl;
}

async function storeVariants(bytes: Buffer): Promise<StoredVariants> {
  const set = await makeImageVariants(bytes);
  if (typeof set === "string") throw new Error(`no variants: ${set}`);
  // The service client stands in for the author's: same objects, same names.
  const stored = await storeImageVariants(
    service,
    COVER_BUCKET,
    { userId: AUTHOR, name: randomUUID() },
    set,
  );
  if (!stored.ok) throw new Error(`variants: ${stored.reason}`);
  return stored.variants;
}

const paragraphs = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Field notes, part ${i + 1}: what the agents learned on the warehouse floor this week, and what the team changed because of it.</p>`,
  ).join("");

async function createPost(
  title: string,
  content: string,
  cover: string,
  variants: StoredVariants | null,
) {
  const id = randomUUID();
  const { error } = await service.from("blog_posts").insert({
    id,
    title,
    content,
    excerpt: "A post with an author's photos.",
    cover_image_url: cover,
    cover_variants: variants,
    author_id: AUTHOR,
  });
  if (error) throw new Error(error.message);
  return `/blueprints/${id}`;
}

async function audit(path: string, cpuSlowdownMultiplier?: number) {
  const flags: Flags = {
    port: chrome.port,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    screenEmulation: {
      mobile: true,
      width: 375,
      height: 667,
      deviceScaleFactor: 2,
      disabled: false,
    },
  };
  if (cpuSlowdownMultiplier) {
    flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier };
  }
  const result = await lighthouse(`${site.origin}${path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  return result.lhr;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

try {
  const [coverPhoto, firstPhoto, secondPhoto] = [
    await photo(90),
    await photo(85),
    await photo(85),
  ];
  console.info(
    `photos: cover ${mb(coverPhoto.length)}, body ${mb(firstPhoto.length)} and ${mb(secondPhoto.length)} (${WIDTH}×${HEIGHT} JPEG)`,
  );
  const dataUrl = (bytes: Buffer) =>
    `data:image/jpeg;base64,${bytes.toString("base64")}`;
  const before = await createPost(
    "Photos, as the original site stored them",
    `${paragraphs(3)}<p><img src="${dataUrl(firstPhoto)}" alt=""></p>${paragraphs(3)}<p><img src="${dataUrl(secondPhoto)}" alt=""></p>`,
    await storeOriginal(coverPhoto),
    null,
  );

  const cover = await storeVariants(coverPhoto);
  const body = await Promise.all([
    storeVariants(firstPhoto),
    storeVariants(secondPhoto),
  ]);
  const [first, second] = body.map(
    (variants) =>
      `<img src="${variants.jpeg.url}" srcset="${variantSrcSet(variants)}" sizes="${POST_IMAGE_SIZES}" width="${variants.jpeg.w}" height="${variants.jpeg.h}" loading="lazy" alt="">`,
  );
  const after = await createPost(
    "Photos with variants",
    `${paragraphs(3)}<p>${first}</p>${paragraphs(3)}<p>${second}</p>`,
    await storeOriginal(coverPhoto),
    cover,
  );

  // Calibrated on the first page as `npm run lighthouse` does.
  const probe = await audit(before);
  const factor =
    (4 * probe.environment.benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  const slowdown = Math.round(Math.min(4, Math.max(1, factor)) * 100) / 100;
  console.info(
    `375 px phone, slow 4G, CPU ${slowdown}x (host BenchmarkIndex ${Math.round(probe.environment.benchmarkIndex)})`,
  );
  for (const [label, path] of [
    ["before (original cover, data-URL body)", before],
    ["after (variants)", after],
  ] as const) {
    const lhr = await audit(path, slowdown);
    const bytes = lhr.audits["total-byte-weight"]?.numericValue ?? 0;
    const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    console.info(
      `  ${label.padEnd(40)} ${mb(bytes).padStart(9)}  LCP ${(lcp / 1000).toFixed(1)} s  performance ${score}`,
    );
  }
} finally {
  await chrome.kill();
  site.stop();
}
