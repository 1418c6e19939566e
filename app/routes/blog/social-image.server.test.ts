import { describe, expect, it } from "vitest";
import {
  postSocialImage,
  socialCardPath,
  socialCardPrefix,
} from "./social-image.server.ts";

const SUPABASE = "https://db.example.com";
const ID = "b0000000-0000-4000-8000-000000000009";
const FILE = "0123456789abcdef.png";
const card = `${socialCardPrefix(SUPABASE)}u1/${ID}-${FILE}`;

describe("postSocialImage", () => {
  it("uses a PNG or JPEG cover as it is", () => {
    const cover =
      "https://db.example.com/storage/v1/object/public/blog-images/u1/x.JPG";
    expect(postSocialImage({ id: ID, cover_image_url: cover }, SUPABASE)).toBe(
      cover,
    );
  });

  it("uses the 1200×630 JPEG of a cover with variants, even a WebP one", () => {
    const images = `${SUPABASE}/storage/v1/object/public/blog-images/u1/`;
    const variants = {
      webp: [{ w: 640, url: `${images}x-640.webp` }],
      jpeg: { w: 640, h: 480, url: `${images}x-640.jpg` },
      social: `${images}x-social.jpg`,
    };
    for (const cover of [`${images}x.jpg`, `${images}x.webp`]) {
      expect(
        postSocialImage(
          { id: ID, cover_image_url: cover, cover_variants: variants },
          SUPABASE,
        ),
      ).toBe(variants.social);
    }
  });

  it("uses a seeded SVG cover's PNG twin", () => {
    expect(
      postSocialImage(
        { id: ID, cover_image_url: "/blog/cover-kpi.svg" },
        SUPABASE,
      ),
    ).toBe("/blog/cover-kpi.png");
  });

  it("uses the stored title card without a usable cover, at the post's own address, and only from the app's bucket", () => {
    const served = `/blueprints/${ID}/title-card/${FILE}`;
    expect(
      postSocialImage(
        { id: ID, cover_image_url: null, social_image_url: card },
        SUPABASE,
      ),
    ).toBe(served);
    expect(
      postSocialImage(
        {
          id: ID,
          cover_image_url: "https://x.example/a.webp",
          social_image_url: card,
        },
        SUPABASE,
      ),
    ).toBe(served);
    // Another post's card is not this post's image.
    expect(
      postSocialImage(
        {
          id: "b0000000-0000-4000-8000-000000000001",
          cover_image_url: null,
          social_image_url: card,
        },
        SUPABASE,
      ),
    ).toBeNull();
    expect(
      postSocialImage(
        {
          id: ID,
          cover_image_url: null,
          social_image_url: "https://evil.example/a.png",
        },
        SUPABASE,
      ),
    ).toBeNull();
    expect(
      postSocialImage({ id: ID, cover_image_url: null }, SUPABASE),
    ).toBeNull();
  });
});

describe("postSocialImage with the author's own social image", () => {
  const images = `${SUPABASE}/storage/v1/object/public/blog-images/u1/`;
  const cover = {
    cover_image_url: `${images}c.jpg`,
    cover_variants: {
      webp: [{ w: 640, url: `${images}c-640.webp` }],
      jpeg: { w: 640, h: 480, url: `${images}c-640.jpg` },
      social: `${images}c-social.jpg`,
    },
  };

  it("defaults to the cover's social variant", () => {
    expect(postSocialImage({ id: ID, ...cover }, SUPABASE)).toBe(
      `${images}c-social.jpg`,
    );
  });

  it("prefers the author's own image, its social variant when it has one", () => {
    expect(
      postSocialImage(
        {
          id: ID,
          ...cover,
          share_image_url: `${images}s.webp`,
          share_image_variants: {
            webp: [{ w: 640, url: `${images}s-640.webp` }],
            jpeg: { w: 640, h: 480, url: `${images}s-640.jpg` },
            social: `${images}s-social.jpg`,
          },
        },
        SUPABASE,
      ),
    ).toBe(`${images}s-social.jpg`);
    expect(
      postSocialImage(
        { id: ID, cover_image_url: null, share_image_url: `${images}s.png` },
        SUPABASE,
      ),
    ).toBe(`${images}s.png`);
  });

  it("takes the author's own image only from the app's bucket", () => {
    expect(
      postSocialImage(
        { id: ID, ...cover, share_image_url: "https://evil.example/s.png" },
        SUPABASE,
      ),
    ).toBe(`${images}c-social.jpg`);
  });
});

describe("socialCardPath", () => {
  it("is the same for the same title and differs for another", () => {
    const a = socialCardPath("u1", "p1", "Title");
    expect(a).toMatch(/^u1\/p1-[0-9a-f]{16}\.png$/);
    expect(socialCardPath("u1", "p1", "Title")).toBe(a);
    expect(socialCardPath("u1", "p1", "Title 2")).not.toBe(a);
  });
});
