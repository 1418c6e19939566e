import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "#tests/support/png-bomb.ts";
import {
  MAX_INPUT_PIXELS,
  makeImageVariants,
  socialCropBox,
  readStoredVariants,
  variantSrcSet,
  variantWidths,
  type StoredVariants,
} from "./image-variants.server.ts";

function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const image = sharp({
    create: { width, height, channels: 3, background: "#3a6ea5" },
  });
  return (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
}

describe("variantWidths", () => {
  it("uses the standard widths below a large image", () => {
    expect(variantWidths(4000)).toEqual([640, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([640, 1280, 1920]);
  });

  it("never goes past the image's own width", () => {
    expect(variantWidths(1000)).toEqual([640, 1000]);
    expect(variantWidths(640)).toEqual([640]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe("makeImageVariants", () => {
  it("makes WebP widths, a JPEG fallback and a 1200×630 social JPEG", async () => {
    const set = await makeImageVariants(await photo(4000, 3000));
    if (typeof set === "string") throw new Error(`no variants: ${set}`);
    const { webp, jpeg, social } = set;
    expect(webp.map((v) => [v.width, v.height])).toEqual([
      [640, 480],
      [1280, 960],
      [1920, 1440],
    ]);
    for (const variant of webp) {
      expect((await sharp(variant.bytes).metadata()).format).toBe("webp");
    }
    expect([jpeg.width, jpeg.height]).toEqual([1280, 960]);
    expect((await sharp(jpeg.bytes).metadata()).format).toBe("jpeg");
    expect([social.width, social.height]).toEqual([1200, 630]);
    expect((await sharp(social.bytes).metadata()).format).toBe("jpeg");
  });

  it("does not upscale a small image", async () => {
    const set = await makeImageVariants(await photo(500, 400, "png"));
    if (typeof set === "string") throw new Error(`no variants: ${set}`);
    expect(set.webp.map((v) => v.width)).toEqual([500]);
    expect(set.jpeg.width).toBe(500);
  });

  it("applies the camera's orientation and drops metadata", async () => {
    const rotated = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#888" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const set = await makeImageVariants(rotated);
    if (typeof set === "string") throw new Error(`no variants: ${set}`);
    expect([set.jpeg.width, set.jpeg.height]).toEqual([600, 800]);
    const metadata = await sharp(set.jpeg.bytes).metadata();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses what is not an image, or is broken", async () => {
    expect(await makeImageVariants(new TextEncoder().encode("<svg/>"))).toBe(
      "unreadable",
    );
    const jpeg = await photo(400, 300);
    expect(await makeImageVariants(jpeg.subarray(0, 200))).toBe("unreadable");
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // 381 KB that decode to 7000×7000 16-bit RGBA (392 MB).
    const deep = await pngBomb(7000, 7000, 16);
    expect(deep.length).toBeLessThan(400_000);
    expect(await makeImageVariants(deep)).toBe("too-large");
    // 8 bits, but past the pixel limit.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    expect(await makeImageVariants(await pngBomb(side, side))).toBe(
      "too-large",
    );
    // 16 bits are refused at any size: they double what a decode holds.
    const small = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#357" },
    })
      .png()
      .toColourspace("rgb16")
      .toBuffer();
    expect((await sharp(small).metadata()).depth).toBe("ushort");
    expect(await makeImageVariants(small)).toBe("too-large");
  });

  it("processes one image at a time, with one libvips thread and no cache", async () => {
    const images = await Promise.all([1, 2, 3].map(() => photo(3000, 2000)));
    let mostAtOnce = 0;
    const watch = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, sharp.counters().process);
    }, 1);
    const sets = await Promise.all(images.map(makeImageVariants));
    clearInterval(watch);
    expect(sets.every((set) => typeof set !== "string")).toBe(true);
    expect(mostAtOnce).toBe(1);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().items.max).toBe(0);
  });

  it("makes a very tall image narrower rather than past what WebP holds, and crops before scaling", async () => {
    const set = await makeImageVariants(await photo(100, 17_000, "png"));
    if (typeof set === "string") throw new Error(`no variants: ${set}`);
    expect(set.webp.map((v) => [v.width, v.height])).toEqual([[96, 16383]]);
    expect([set.social.width, set.social.height]).toEqual([1200, 630]);
    expect(socialCropBox(96, 16383)).toEqual({ width: 96, height: 50 });
    expect(socialCropBox(4000, 1000)).toEqual({ width: 1905, height: 1000 });
  });

  it("keeps an animation as it is", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 10, height: 20, channels: 4, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#f00"), await frame("#00f")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    expect(await makeImageVariants(animated)).toBe("animated");
  });
});

describe("readStoredVariants", () => {
  const prefix = "https://db.example/storage/v1/object/public/blog-images/";
  const stored: StoredVariants = {
    webp: [
      { w: 640, url: `${prefix}u/a-640.webp` },
      { w: 1280, url: `${prefix}u/a-1280.webp` },
    ],
    jpeg: { w: 1280, h: 720, url: `${prefix}u/a.jpg` },
    social: `${prefix}u/a-social.jpg`,
  };

  it("keeps a set of our own bucket and makes its srcset", () => {
    const read = readStoredVariants(stored, prefix);
    expect(read).toEqual(stored);
    expect(variantSrcSet(read!)).toBe(
      `${prefix}u/a-640.webp 640w, ${prefix}u/a-1280.webp 1280w`,
    );
  });

  it("drops a set pointing anywhere else, or of another shape", () => {
    expect(
      readStoredVariants(
        { ...stored, social: "https://evil.example/x.jpg" },
        prefix,
      ),
    ).toBeNull();
    expect(
      readStoredVariants(
        { ...stored, webp: [{ w: 640, url: `${prefix}u/a.webp 1w, x` }] },
        prefix,
      ),
    ).toBeNull();
    expect(readStoredVariants(null, prefix)).toBeNull();
    expect(readStoredVariants({ webp: [] }, prefix)).toBeNull();
  });
});
