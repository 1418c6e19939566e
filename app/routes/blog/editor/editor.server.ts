import { may, type Role } from "#app/lib/roles.ts";
import {
  bylineOf,
  listWriters,
  readBylines,
} from "#app/routes/blog/authors.server.ts";
import {
  SOCIAL_IMAGE_TYPE_MESSAGE,
  SOCIAL_IMAGE_PIXELS_MESSAGE,
} from "./share-messages.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { ToastData } from "#app/utils/toast.ts";
import type { PostActionData } from "./types.ts";
import {
  AUTHENTICATION_ERROR,
  CONTENT_SIZE_MESSAGE,
  CONTENT_TOO_DEEP_MESSAGE,
  EDIT_CONFLICT,
  COVER_PIXELS_MESSAGE,
  COVER_TYPE_MESSAGE,
  MISSING_INFORMATION,
  POST_NOT_FOUND,
  POST_DRAFT_SAVED,
  POST_PUBLISHED,
  POST_UPDATED,
  postScheduled,
  POST_FORM_TOO_MANY,
  PUBLISH_FAILED,
  UPDATE_FAILED,
  UPLOAD_ERROR,
} from "#app/routes/blog/post-messages.ts";
import {
  CONTENT_MAX_BYTES,
  hasVisibleContent,
  postSchemaFor,
  postTextFields,
  type SavedCover,
} from "./post-schema.ts";
import {
  sanitizeOffThread,
  storePostHtml,
} from "#app/routes/blog/post-html.server.ts";
import { forbidden, requireAccess } from "#app/utils/permissions.server.ts";
import {
  RATE_LIMIT_WINDOW_MS,
  RateLimiter,
} from "#app/utils/rate-limit.server.ts";
import { getAuthState, getUser } from "#app/utils/session.server.ts";
import { retryAfterHit } from "#app/utils/shared-rate-limit.server.ts";
import { lookUpPost, type Post } from "#app/routes/blog/blog.server.ts";
import { env } from "#app/utils/env.server.ts";
import {
  coverPreviewUrl,
  type CoverUpload,
  listTagNames,
  ownCoverPaths,
  publicCoverPrefix,
  readPostForm,
  removeCovers,
  savePost,
  uploadCover,
} from "#app/routes/blog/post.server.ts";
import {
  getSupabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";
import {
  postSocialImage,
  storeSocialCard,
} from "#app/routes/blog/social-image.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { readStoredVariants } from "#app/routes/blog/image-variants.server.ts";
import { readingTime } from "#app/routes/blog/reading-time.ts";
import { withoutControlCharacters } from "#supabase/functions/_shared/text.ts";
import { postState, publicationChange } from "./publication.ts";
import type { PostIntent } from "./post-schema.ts";
import { formatInZone, timeZoneNames } from "./publish-time.ts";
import { AUTOSAVE_DRAFTS_ONLY, REVISIONS_COPY } from "./labels.ts";
import { sharePreviewData } from "./share-text.ts";
import { BLOG_PATH } from "#app/content/blog.ts";
import { DEFAULT_SOCIAL_IMAGE_PATH } from "#app/content/site.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import { revisionDiff } from "./revision-diff.ts";

// The action behind /write (postId null) and /edit/{id}: establish the
// author from the verified session, then read the multipart body within limits, validate with the form's schema, count the author's
// submissions, sanitise off the request thread, then preview, or upload the
// cover and save through save_post. Every failure answers with the form's
// values kept and the product's message.

export const EDIT_FORBIDDEN_MESSAGE = "You are not allowed to edit this post.";

/**
 * Saves and previews per author per window, across machines: each one costs
 * a sanitising, so a preview counts like a save. One a second is far more
 * than a person clicks.
 */
export const postFormLimiter = new RateLimiter(
  60,
  RATE_LIMIT_WINDOW_MS,
  "post-form",
);

type Message = { title: string; description: string };

/**
 * The byline the published post will show for the form's author and
 * co-author (writers read every profile); the team's if it cannot be read,
 * as on the post's page.
 */
async function previewBylines(
  supabase: TypedSupabaseClient,
  value: { bylineId?: string; coAuthorId?: string },
) {
  try {
    const profiles = await readBylines(supabase, [
      value.bylineId ?? null,
      value.coAuthorId ?? null,
    ]);
    return profiles.map(bylineOf);
  } catch (error) {
    console.error("Reading a preview's authors failed:", error);
    return [];
  }
}

/**
 * What the post form needs besides the post: the tags to offer, the
 * schedule's time zones, and the address and fallback image of its share
 * preview (the blog's address for a post not saved yet).
 */
export async function postFormOptions(
  supabase: TypedSupabaseClient,
  postId: string | null,
  { userId, role }: { userId: string; role: Role | null },
) {
  const [existingTags, people] = await Promise.all([
    listTagNames(supabase),
    listWriters(supabase),
  ]);
  return {
    existingTags,
    bylines: {
      // A writer credits themselves; editors and admins anyone (the
      // database's guard_post_byline says the same).
      authors: may(role, "all-posts")
        ? people
        : people.filter((person) => person.id === userId),
      coAuthors: people,
      /** A new post is credited to its writer once they have a profile. */
      newPost: people.some((person) => person.id === userId) ? userId : null,
    },
    timeZones: timeZoneNames(),
    share: {
      url: absoluteUrl(
        env.SITE_URL,
        postId ? `${BLOG_PATH}/${postId}` : BLOG_PATH,
      ),
      defaultImage: DEFAULT_SOCIAL_IMAGE_PATH,
    },
  };
}

function toastOf(message: Message): ToastData {
  return { id: crypto.randomUUID(), type: "error", ...message };
}

/** The reply of a submission that did not go through, with the author's values. */
function failure(
  result: PostActionData["result"],
  message: Message,
  status: number,
  headers?: HeadersInit,
) {
  return data<PostActionData>(
    {
      result: {
        ...result,
        error: { ...result.error, "": [message.description] },
      },
      toast: toastOf(message),
      preview: null,
    },
    { status, headers },
  );
}

/** A failure that names one field, as the schema's own errors do. */
function fieldFailure(
  result: PostActionData["result"],
  field: "content" | "cover" | "socialImage",
  description: string,
  status: number,
) {
  return failure(
    { ...result, error: { ...result.error, [field]: [description] } },
    { title: "Error", description },
    status,
  );
}

/** Conform's reply for what the body held, whatever came of it. */
function replyFor(
  formData: FormData,
  intent: FormDataEntryValue | null,
  saved?: SavedCover,
) {
  return parseWithZod(formData, { schema: postSchemaFor(intent, saved) });
}

/** A post the user may edit: the author's own, or any post for an editor or admin. */
async function loadEditable(
  context: Readonly<RouterContextProvider>,
  postId: string,
  { userId, editsAll }: { userId: string; editsAll: boolean },
): Promise<Post | Message> {
  const found = await lookUpPost(
    getSupabase(context),
    postId,
    "Post failed to load for saving",
  );
  if (found.state === "error") {
    return { title: "Error", description: UPDATE_FAILED };
  }
  if (found.state === "not-found") return POST_NOT_FOUND;
  const { post } = found;
  if (post.author_id !== userId && !editsAll)
    throw forbidden(EDIT_FORBIDDEN_MESSAGE);
  return post;
}

/**
 * The reading time the post page will show, counted by the rule the table's
 * own column uses; a preview without it is still a preview.
 */
async function previewReadingTime(
  context: Readonly<RouterContextProvider>,
  html: string,
) {
  const { data: words, error } = await getSupabase(context).rpc(
    "post_word_count",
    { p_html: html },
  );
  if (error) {
    console.error("Preview word count failed:", error.message);
    return null;
  }
  return readingTime(words);
}

export async function postFormAction({
  request,
  context,
  postId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  postId: string | null;
}) {
  const failedMessage = postId ? UPDATE_FAILED : PUBLISH_FAILED;
  // Who is asking comes before anything of the body (up to about 11 MB):
  // authMiddleware verified the session with Supabase before any action
  // ran, so a cookie that only has the session's name is no one, and the
  // role is one lookup by the user's id. An anonymous or under-privileged
  // post costs the same whatever it holds. The answer carries no form
  // values: the editor in a browser with JavaScript keeps what the author
  // wrote, and its local backstop keeps it across a reload.
  if (!getUser(context) && !getAuthState(context).authError) {
    return failure({ status: "error" }, AUTHENTICATION_ERROR, 401);
  }
  const { user, role } = await requireAccess(context, request, "posts");
  const editsAll = may(role, "all-posts");

  const body = await readPostForm(request);
  const intent = body.formData.get("intent");
  let submission = replyFor(body.formData, intent);
  const reply = () =>
    submission.reply({ hideFields: ["cover", "socialImage"] });

  if (body.problem === "too-large") {
    return failure(
      reply(),
      { title: "Error", description: CONTENT_SIZE_MESSAGE },
      413,
    );
  }
  if (body.problem === "unreadable") {
    return failure(
      reply(),
      { title: "Error", description: failedMessage },
      400,
    );
  }

  let post: Post | null = null;
  if (postId) {
    const loaded = await loadEditable(context, postId, {
      userId: user.id,
      editsAll,
    });
    if (!("id" in loaded)) {
      return failure(reply(), loaded, loaded === POST_NOT_FOUND ? 404 : 503);
    }
    post = loaded;
  }
  // A post going public with the cover it has needs that cover described.
  if (post?.cover_image_url) {
    submission = replyFor(body.formData, intent, { currentCover: true });
  }

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const missing = Boolean(errors.title?.length || errors.content?.length);
    const fieldError =
      errors.cover?.[0] ??
      errors.socialImage?.[0] ??
      errors.metaDescription?.[0] ??
      errors.tags?.[0] ??
      errors.imageAlt?.[0];
    const publishError = errors.publishAt?.[0] ?? errors.timeZone?.[0] ?? null;
    const message =
      missing || !(fieldError ?? publishError)
        ? MISSING_INFORMATION
        : { title: "Error", description: fieldError ?? publishError ?? "" };
    return failure(reply(), message, 400);
  }

  const wait = await retryAfterHit(postFormLimiter, user.id);
  if (wait > 0) {
    return failure(reply(), POST_FORM_TOO_MANY, 429, {
      "Retry-After": String(wait),
    });
  }

  const value = submission.value;

  // Someone saved the post after this form was made: nothing is written,
  // and the author sees both versions and chooses (their values kept).
  if (
    post &&
    value.intent !== "preview" &&
    value.baseUpdatedAt &&
    value.baseUpdatedAt !== post.updated_at
  ) {
    return conflictReply(post, value, reply());
  }
  // An autosave keeps a draft: a post already scheduled or public keeps its
  // state, saved only by the author's own button.
  if (
    post &&
    value.intent === "autosave" &&
    postState(post.published_at) !== "draft"
  ) {
    return failure(reply(), AUTOSAVE_DRAFTS_ONLY, 409);
  }

  const publication =
    value.intent === "preview"
      ? null
      : publicationChange(
          value.intent === "autosave" ? "draft" : value.intent,
          value,
          post ? postState(post.published_at) : null,
        );
  if (publication && !publication.ok) {
    return failure(
      reply(),
      { title: "Error", description: publication.message },
      409,
    );
  }

  const sanitized = await sanitizeOffThread(value.content ?? "");
  if ("refused" in sanitized) {
    return sanitized.refused === "too-deep"
      ? fieldFailure(reply(), "content", CONTENT_TOO_DEEP_MESSAGE, 400)
      : failure(reply(), { title: "Error", description: failedMessage }, 503);
  }

  const coverPrefix = publicCoverPrefix(env.SUPABASE_URL);
  if (value.intent === "preview") {
    const cover = value.cover ? await coverPreviewUrl(value.cover) : null;
    const chosenShare = value.socialImage
      ? await coverPreviewUrl(value.socialImage)
      : null;
    return data<PostActionData>({
      result: reply(),
      toast: null,
      preview: {
        ...postTextFields(value),
        html: sanitized.html,
        coverUrl: cover ?? post?.cover_image_url ?? null,
        createdAt: new Date().toISOString(),
        tags: value.tags,
        readingTime: await previewReadingTime(context, sanitized.html),
        authors: await previewBylines(getSupabase(context), value),
        share: sharePreviewData({
          text: {
            title: value.title ?? "",
            excerpt: value.excerpt ?? "",
            metaDescription: value.metaDescription ?? "",
          },
          url: absoluteUrl(
            env.SITE_URL,
            post ? `${BLOG_PATH}/${post.id}` : BLOG_PATH,
          ),
          // The order the page's og:image follows, with chosen files first.
          imageUrl:
            chosenShare ??
            (post ? savedSocialImages(post, coverPrefix).own : null) ??
            cover ??
            (post ? savedSocialImages(post, coverPrefix).current : null) ??
            DEFAULT_SOCIAL_IMAGE_PATH,
        }),
      },
    });
  }

  // The schema guarantees both for a save; the narrowing is for the types.
  const title = value.title ?? "";
  const content = sanitized.html;
  if (!publication || !title || !hasVisibleContent(content)) {
    return failure(reply(), MISSING_INFORMATION, 400);
  }
  // Escaping can make the stored HTML larger than what was sent; the table
  // holds no more than the form takes.
  if (Buffer.byteLength(content) > CONTENT_MAX_BYTES) {
    return failure(
      reply(),
      { title: "Error", description: CONTENT_SIZE_MESSAGE },
      413,
    );
  }

  const supabase = getSupabase(context);
  const autosave = value.intent === "autosave";
  let uploaded: Extract<CoverUpload, { ok: true }> | null = null;
  let coverImageUrl = post?.cover_image_url ?? null;
  // Files wait for the author's own save: an autosave every few seconds
  // would upload them again each time.
  if (value.cover && !autosave) {
    const upload = await uploadCover(supabase, user.id, value.cover);
    if (!upload.ok) {
      if (upload.reason === "type") {
        return fieldFailure(reply(), "cover", COVER_TYPE_MESSAGE, 400);
      }
      if (upload.reason === "too-large") {
        return fieldFailure(reply(), "cover", COVER_PIXELS_MESSAGE, 422);
      }
      return upload.reason === "signed-out"
        ? failure(reply(), AUTHENTICATION_ERROR, 401)
        : failure(reply(), UPLOAD_ERROR, 502);
    }
    uploaded = upload;
    coverImageUrl = upload.publicUrl;
  }
  let shareUploaded: Extract<CoverUpload, { ok: true }> | null = null;
  if (value.socialImage && !autosave) {
    const upload = await uploadCover(supabase, user.id, value.socialImage);
    if (!upload.ok) {
      if (uploaded) await removeCovers(supabase, uploaded.paths);
      if (upload.reason === "type") {
        return fieldFailure(
          reply(),
          "socialImage",
          SOCIAL_IMAGE_TYPE_MESSAGE,
          400,
        );
      }
      if (upload.reason === "too-large") {
        return fieldFailure(
          reply(),
          "socialImage",
          SOCIAL_IMAGE_PIXELS_MESSAGE,
          422,
        );
      }
      return upload.reason === "signed-out"
        ? failure(reply(), AUTHENTICATION_ERROR, 401)
        : failure(reply(), UPLOAD_ERROR, 502);
    }
    shareUploaded = upload;
  }

  // Postgres refuses NUL in text: control characters go, as in the body.
  const saved = await savePost(supabase, {
    id: postId,
    post: {
      ...Object.fromEntries(
        Object.entries(postTextFields(value)).map(([field, text]) => [
          field,
          withoutControlCharacters(text ?? "") || null,
        ]),
      ),
      content,
      cover_image_url: coverImageUrl,
      cover_alt: withoutControlCharacters(value.coverAlt ?? "") || null,
      cover_decorative: value.coverDecorative === true,
      meta_description:
        withoutControlCharacters(value.metaDescription ?? "") || null,
      byline_id: value.bylineId ?? null,
      co_author_id: value.coAuthorId ?? null,
      ...(shareUploaded
        ? {
            share_image_url: shareUploaded.publicUrl,
            share_image_variants: shareUploaded.variants,
          }
        : {}),
      ...publication.fields,
      // A new cover comes with its own variants (none for an animation).
      ...(uploaded ? { cover_variants: uploaded.variants } : {}),
    },
    tags: value.tags.map(withoutControlCharacters).filter(Boolean),
    ...(autosave ? { autosave: { base: value.baseUpdatedAt ?? null } } : {}),
  });
  if (!saved.ok) {
    if (uploaded) await removeCovers(supabase, uploaded.paths);
    if (shareUploaded) await removeCovers(supabase, shareUploaded.paths);
    if (saved.kind === "signed-out")
      return failure(reply(), AUTHENTICATION_ERROR, 401);
    if (saved.kind === "not-found")
      return failure(reply(), POST_NOT_FOUND, 404);
    // Someone saved between the check above and the autosave's own.
    if (saved.kind === "conflict" && postId) {
      const now = await loadEditable(context, postId, {
        userId: user.id,
        editsAll,
      });
      if ("id" in now) return conflictReply(now, value, reply());
    }
    const status = saved.kind === "forbidden" ? 403 : 500;
    return failure(
      reply(),
      { title: "Error", description: saved.message ?? failedMessage },
      status,
    );
  }

  // Sanitised above: stored now, so no reader's view sanitises it again.
  await storePostHtml(saved.id, content, content);

  // The form stays as it is and carries on from the version just saved;
  // the social card waits for the author's own save.
  if (autosave) {
    return data<PostActionData>({
      result: { status: "success" },
      toast: null,
      preview: null,
      autosaved: { id: saved.id, updatedAt: saved.updatedAt },
    });
  }

  // Link previews need a PNG or JPEG: without such a cover the post gets a
  // card with its title, made now rather than on each request.
  const variants = uploaded
    ? uploaded.variants
    : readStoredVariants(post?.cover_variants, coverPrefix);
  const shared = shareUploaded
    ? { url: shareUploaded.publicUrl, variants: shareUploaded.variants }
    : {
        url: post?.share_image_url ?? null,
        variants: readStoredVariants(post?.share_image_variants, coverPrefix),
      };
  if (
    !postSocialImage(
      {
        id: saved.id,
        cover_image_url: coverImageUrl,
        cover_variants: variants,
        share_image_url: shared.url,
        share_image_variants: shared.variants,
      },
      env.SUPABASE_URL,
    )
  ) {
    await storeSocialCard(supabase, {
      id: saved.id,
      title: withoutControlCharacters(title),
      userId: user.id,
      previousUrl: post?.social_image_url ?? null,
    });
  }

  // A replaced cover that was this author's own upload is no longer used.
  if (uploaded && post) {
    await removeCovers(supabase, ownCoverPaths(post, user.id, coverPrefix));
  }
  if (shareUploaded && post) {
    await removeCovers(
      supabase,
      ownCoverPaths(
        {
          cover_image_url: post.share_image_url,
          cover_variants: post.share_image_variants,
        },
        user.id,
        coverPrefix,
      ),
    );
  }
  // A draft or a scheduled post is not on the blog yet: the author's list
  // of them at /write shows it.
  if (publication.state === "draft") {
    return redirectWithToast("/write", {
      ...POST_DRAFT_SAVED,
      type: "success",
    });
  }
  if (publication.state === "scheduled" && publication.at) {
    return redirectWithToast("/write", {
      ...postScheduled(
        formatInZone(publication.at, publication.timeZone ?? "UTC"),
      ),
      type: "success",
    });
  }
  const wasPublished =
    post !== null && postState(post.published_at) === "published";
  return redirectWithToast("/blueprints", {
    ...(wasPublished ? POST_UPDATED : POST_PUBLISHED),
    type: "success",
  });
}

/**
 * A saved post's social images as the page would choose them: the author's
 * own (null when none), and the one its page shows now.
 */
export function savedSocialImages(
  post: Pick<
    Post,
    | "id"
    | "cover_image_url"
    | "cover_variants"
    | "social_image_url"
    | "share_image_url"
    | "share_image_variants"
  >,
  coverPrefix: string,
): { own: string | null; current: string | null } {
  const share = {
    share_image_url: post.share_image_url,
    share_image_variants: readStoredVariants(
      post.share_image_variants,
      coverPrefix,
    ),
  };
  return {
    own: postSocialImage(
      { id: post.id, cover_image_url: null, ...share },
      env.SUPABASE_URL,
    ),
    current: postSocialImage(
      {
        id: post.id,
        cover_image_url: post.cover_image_url,
        cover_variants: readStoredVariants(post.cover_variants, coverPrefix),
        social_image_url: post.social_image_url,
        ...share,
      },
      env.SUPABASE_URL,
    ),
  };
}

/**
 * A save refused because the post changed since the form was made: the
 * author's values kept, and the saved version against theirs.
 */
function conflictReply(
  post: Post,
  value: {
    intent: PostIntent;
    title?: string;
    excerpt?: string;
    content?: string;
    tags: string[];
  },
  result: PostActionData["result"],
) {
  return data<PostActionData>(
    {
      result,
      toast: toastOf(EDIT_CONFLICT),
      preview: null,
      conflict: {
        updatedAt: post.updated_at,
        // Keeping their own version is the author's choice, by a button:
        // an autosave refused here asks again as a draft.
        intent:
          value.intent === "autosave" || value.intent === "preview"
            ? "draft"
            : value.intent,
        changes: revisionDiff(
          {
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            cover_image_url: post.cover_image_url,
            tags: post.tags,
          },
          {
            title: value.title ?? "",
            excerpt: value.excerpt || null,
            content: value.content ?? "",
            cover_image_url: post.cover_image_url,
            tags: value.tags,
          },
          REVISIONS_COPY.fields,
        ).filter((field) => field.changed),
      },
    },
    { status: 409 },
  );
}
