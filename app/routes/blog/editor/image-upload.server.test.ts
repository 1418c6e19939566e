import sharp from "sharp";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, test, vi } from "vitest";
import type * as Permissions from "#app/utils/permissions.server.ts";
import { MAX_INPUT_PIXELS } from "#app/routes/blog/image-variants.server.ts";
import { pngBomb } from "#tests/support/png-bomb.ts";
import { IMAGE_UPLOAD_MESSAGES } from "./image-upload-copy.ts";
import {
  imageUploadAction,
  imageUploadLimiter,
} from "./image-upload.server.ts";

// The route's own decisions, with the session, roles and storage stood in
// for: who may upload, how much, of what, how often, and what it answers.

const USER_ID = "a0000000-0000-4000-8000-000000000002";
const SITE = "http://127.0.0.1:3000";
const PUBLIC = "https://db.example/storage/v1/object/public/blog-images/";

const state = vi.hoisted(() => ({
  user: true as boolean,
  role: "author" as "author" | "reader",
  uploads: [] as { path: string; contentType?: string }[],
}));

vi.mock("#app/utils/session.server.ts", () => ({
  hasSessionCookie: (request: Request) =>
    (request.headers.get("Cookie") ?? "").includes("sb-"),
  getUser: () => (state.user ? { id: USER_ID } : null),
}));

vi.mock("#app/utils/permissions.server.ts", async (original) => {
  const actual = await original<typeof Permissions>();
  return {
    ...actual,
    requireAccess: async () => {
      if (state.role !== "author")
        throw actual.forbidden(
          "This area is restricted to authors and team members only.",
        );
      return { user: { id: USER_ID }, role: "author" };
    },
  };
});

vi.mock("#app/utils/supabase.server.ts", () => ({
  getSupabase: () => ({
    storage: {
      from: () => ({
        upload: async (
          path: string,
          _bytes: unknown,
          options: { contentType?: string },
        ) => {
          state.uploads.push({ path, contentType: options.contentType });
          return { error: null };
        },
        remove: async () => ({ error: null }),
        getPublicUrl: (path: string) => ({
          data: { publicUrl: `${PUBLIC}${path}` },
        }),
      }),
    },
  }),
}));

function upload(
  file: Blob | null,
  { cookie = true, origin = SITE }: { cookie?: boolean; origin?: string } = {},
) {
  const body = new FormData();
  if (file) body.append("image", file, "photo.jpg");
  const headers = new Headers({ Origin: origin });
  if (cookie) headers.set("Cookie", "sb-127-auth-token=x");
  return imageUploadAction({
    request: new Request(`${SITE}/write/image`, {
      method: "POST",
      body,
      headers,
    }),
    context: new RouterContextProvider(),
  });
}

const photo = async (width = 1600, height = 1200) =>
  new Blob([
    new Uint8Array(
      await sharp({
        create: { width, height, channels: 3, background: "#357" },
      })
        .jpeg()
        .toBuffer(),
    ),
  ]);

beforeEach(() => {
  state.user = true;
  state.role = "author";
  state.uploads = [];
  imageUploadLimiter.reset();
});

describe("POST /write/image", () => {
  test("stores an author's photo as variants and answers with src and srcset", async () => {
    const response = await upload(await photo());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.image).toMatchObject({
      src: expect.stringMatching(
        new RegExp(`^${PUBLIC}${USER_ID}/[0-9a-f-]{36}-1280\\.jpg$`),
      ),
      srcset: expect.stringMatching(
        /-640\.webp 640w, .*-1280\.webp 1280w, .*-1600\.webp 1600w$/,
      ),
      sizes: "(min-width: 820px) 780px, 100vw",
      width: 1280,
      height: 960,
      loading: "lazy",
    });
    expect(state.uploads.map((u) => u.contentType)).toEqual([
      "image/webp",
      "image/webp",
      "image/webp",
      "image/jpeg",
      "image/jpeg",
    ]);
    expect(state.uploads.every((u) => u.path.startsWith(`${USER_ID}/`))).toBe(
      true,
    );
  });

  test("signed out, a reader, or another site's post: refused before the body is read", async () => {
    const file = await photo(100, 100);
    expect((await upload(file, { cookie: false })).status).toBe(401);
    state.user = false;
    expect((await upload(file)).status).toBe(401);
    state.user = true;
    state.role = "reader";
    const denied = await upload(file);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      ok: false,
      message: "This area is restricted to authors and team members only.",
    });
    state.role = "author";
    expect(
      (await upload(file, { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(state.uploads).toEqual([]);
  });

  test("over 5 MB is refused with the size message", async () => {
    const response = await upload(
      new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      message: IMAGE_UPLOAD_MESSAGES.tooLarge,
    });
  });

  test("the bytes decide the type: an SVG or a text file named .jpg is refused", async () => {
    for (const bytes of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      "just text",
    ]) {
      const response = await upload(new Blob([bytes], { type: "image/jpeg" }));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        ok: false,
        message: "Only PNG, JPEG, GIF and WebP images can be added.",
      });
    }
    expect((await upload(null)).status).toBe(400);
    expect(state.uploads).toEqual([]);
  });

  test("a decompression bomb is refused from its header, with what the author can do", async () => {
    // 381 KB that decode to 7000×7000 16-bit RGBA.
    const bomb = await pngBomb(7000, 7000, 16);
    const response = await upload(new Blob([new Uint8Array(bomb)]));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      ok: false,
      message: IMAGE_UPLOAD_MESSAGES.tooLargeImage,
    });
    expect(IMAGE_UPLOAD_MESSAGES.tooLargeImage).toContain(
      `${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    );
    expect(state.uploads).toEqual([]);
  });

  test("thirty uploads a minute per author, then 429 with Retry-After", async () => {
    for (let i = 0; i < 30; i += 1) {
      imageUploadLimiter.hit(USER_ID);
    }
    const response = await upload(await photo(100, 100));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await response.json()).message).toBe(IMAGE_UPLOAD_MESSAGES.tooMany);
    expect(state.uploads).toEqual([]);
  });
});
