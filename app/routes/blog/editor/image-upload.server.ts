import type { RouterContextProvider } from "react-router";
import { AUTHENTICATION_ERROR } from "#app/routes/blog/post-messages.ts";
import {
  detectImageKind,
  storeOriginal,
} from "#app/routes/blog/post.server.ts";
import {
  COVER_BUCKET,
  makeImageVariants,
  POST_IMAGE_SIZES,
  storeImageVariants,
  variantSrcSet,
} from "#app/routes/blog/image-variants.server.ts";
import { readFormBody } from "#app/utils/form-body.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { isSameOriginPost } from "#app/utils/request-origin.server.ts";
import { getUser, hasSessionCookie } from "#app/utils/session.server.ts";
import { retryAfterHit } from "#app/utils/shared-rate-limit.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { INLINE_IMAGE_MAX_BYTES } from "./editor-urls.ts";
import {
  IMAGE_UPLOAD_MESSAGES,
  type ImageUploadReply,
} from "./image-upload-copy.ts";

// POST /write/image: an image the author inserts in the editor, stored in
// blog-images with the cover's variants (decision 087) instead of being
// inlined into the post as a data URL. The editor inserts what it answers.

/** Uploads per author per window, across machines: a post's worth of photos a minute. */
export const imageUploadLimiter = new RateLimiter(
  30,
  RATE_LIMIT_WINDOW_MS,
  "blog-image",
);

const reply = (body: ImageUploadReply, status: number, init?: ResponseInit) =>
  Response.json(body, {
    ...init,
    status,
    headers: { "Cache-Control": "no-store", ...init?.headers },
  });

const refuse = (
  message: string,
  status: number,
  headers?: Record<string, string>,
) => reply({ ok: false, message }, status, { headers });

/** The guard's thrown 401/403/503 as this route's JSON. */
function refusalOf(thrown: unknown) {
  if (thrown && typeof thrown === "object" && "init" in thrown) {
    const status = (thrown as { init?: { status?: number } }).init?.status;
    const data = (thrown as { data?: { message?: unknown } }).data;
    if (status === 403 && typeof data?.message === "string") {
      return refuse(data.message, 403);
    }
    if (status === 503) return refuse(IMAGE_UPLOAD_MESSAGES.failed, 503);
    return refuse(AUTHENTICATION_ERROR.description, 401);
  }
  throw thrown;
}

export async function imageUploadAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  // Same guard as the post form: no body is read before it is an author's.
  if (!isSameOriginPost(request))
    return refuse(IMAGE_UPLOAD_MESSAGES.failed, 403);
  if (!hasSessionCookie(request) || !getUser(context)) {
    return refuse(AUTHENTICATION_ERROR.description, 401);
  }
  let userId: string;
  try {
    userId = (await requireAccess(context, request, "posts")).user.id;
  } catch (thrown) {
    return refusalOf(thrown);
  }
  const wait = await retryAfterHit(imageUploadLimiter, userId);
  if (wait > 0) {
    return refuse(IMAGE_UPLOAD_MESSAGES.tooMany, 429, {
      "Retry-After": String(wait),
    });
  }

  const { formData, problem } = await readFormBody(request, {
    maxFields: 2,
    maxFieldBytes: INLINE_IMAGE_MAX_BYTES,
    maxTotalBytes: INLINE_IMAGE_MAX_BYTES + 16 * 1024,
    maxFiles: 1,
  });
  if (problem === "too-large" || problem === "too-many-files") {
    return refuse(IMAGE_UPLOAD_MESSAGES.tooLarge, 413);
  }
  const file = formData.get("image");
  if (problem || !(file instanceof File) || file.size === 0) {
    return refuse(IMAGE_UPLOAD_MESSAGES.type, 400);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The bytes decide, never the browser's claim or the file's name.
  const kind = detectImageKind(bytes);
  if (!kind) return refuse(IMAGE_UPLOAD_MESSAGES.type, 415);
  const set = await makeImageVariants(bytes);
  if (set === "too-large")
    return refuse(IMAGE_UPLOAD_MESSAGES.tooLargeImage, 422);
  if (set === "timeout") return refuse(IMAGE_UPLOAD_MESSAGES.failed, 503);
  if (set === "unreadable") return refuse(IMAGE_UPLOAD_MESSAGES.type, 415);
  const supabase = getSupabase(context);
  if (set === "animated") {
    // Kept as it came; the body's allow-list shows GIF, not WebP, animations.
    if (kind !== "gif") return refuse(IMAGE_UPLOAD_MESSAGES.animation, 415);
    const upload = await storeOriginal(
      supabase,
      { userId, id: crypto.randomUUID(), fileName: "image.gif", kind },
      bytes,
    );
    if (!upload.ok) {
      return upload.reason === "signed-out"
        ? refuse(AUTHENTICATION_ERROR.description, 401)
        : refuse(IMAGE_UPLOAD_MESSAGES.failed, 502);
    }
    return reply(
      { ok: true, image: { src: upload.publicUrl, loading: "lazy" } },
      201,
    );
  }

  const stored = await storeImageVariants(
    supabase,
    COVER_BUCKET,
    { userId, name: crypto.randomUUID() },
    set,
  );
  if (!stored.ok) {
    return stored.reason === "signed-out"
      ? refuse(AUTHENTICATION_ERROR.description, 401)
      : refuse(IMAGE_UPLOAD_MESSAGES.failed, 502);
  }
  const { variants } = stored;
  return reply(
    {
      ok: true,
      image: {
        src: variants.jpeg.url,
        srcset: variantSrcSet(variants),
        sizes: POST_IMAGE_SIZES,
        width: variants.jpeg.w,
        height: variants.jpeg.h,
        loading: "lazy",
      },
    },
    201,
  );
}
