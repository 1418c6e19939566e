import { createHash } from "node:crypto";
import { Piscina } from "piscina";
import { SANITIZER_VERSION } from "#app/lib/sanitize.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
import type { SanitizedPost } from "./sanitize-worker.ts";

/** A row of public.post_html: sanitised HTML and what it was made from. */
export type StoredPostHtml = {
  html: string;
  sanitizer_version: number;
  content_md5: string;
};

// Postgres's md5(text) over the same UTF-8 bytes, should anyone compare there.
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** How long a post may wait for and take in the sanitiser before it is refused. */
const SANITIZE_TIMEOUT_MS = 10_000;

/** Why content was not sanitised: nested too deeply, or the worker gave up on it. */
export type Sanitized = SanitizedPost | { refused: "failed" };

let pool: Piscina | null = null;

/**
 * One worker thread sanitises posts, one after another, at a lower CPU
 * priority than the thread that answers visitors, in a heap of its own of at
 * most 64 MB (sanitising 10 MB of prose fits); it stops after a minute
 * without work. The production build has the worker beside the server
 * (vite.config.ts); elsewhere Node runs its source.
 */
function sanitizer() {
  pool ??= new Piscina({
    filename: new URL(
      import.meta.env.PROD ? "./sanitize-worker.js" : "./sanitize-worker.ts",
      import.meta.url,
    ).href,
    name: "sanitizePost",
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
  return pool;
}

/**
 * A post's content sanitised off the request thread (sanitize-worker.ts).
 * Content not sanitised within `timeoutMs`, waiting included, is refused and
 * its worker stopped, so no input holds the sanitiser for longer; so is
 * content whose worker ran out of memory.
 */
export async function sanitizeOffThread(
  content: string,
  timeoutMs = SANITIZE_TIMEOUT_MS,
): Promise<Sanitized> {
  try {
    return (await sanitizer().run(content, {
      signal: AbortSignal.timeout(timeoutMs),
    })) as SanitizedPost;
  } catch (error) {
    console.error("sanitising a post failed:", error);
    return { refused: "failed" };
  }
}

/**
 * Without a secret key nothing is stored: each machine keeps the HTML it made
 * for the posts read most recently, so a post is still sanitised once per
 * machine rather than once per view. Content refused as too deep is kept as
 * such, so it is not measured again on every view.
 */
const MEMO_ENTRIES = 200;
const memo = new Map<string, string | null>();

function remember(key: string, html: string | null) {
  memo.delete(key);
  memo.set(key, html);
  if (memo.size > MEMO_ENTRIES) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
}

/**
 * Stores the sanitised HTML of a post's content (only the server's own key
 * may): when a post is saved, and when a view found none that fits. A
 * failure only costs the next view a sanitising.
 */
export async function storePostHtml(
  postId: string,
  content: string,
  html: string,
) {
  const contentMd5 = md5(content);
  remember(`${postId}:${contentMd5}`, html);
  const service = getServiceClient();
  if (!service) return;
  const { error } = await service.from("post_html").upsert({
    post_id: postId,
    html,
    sanitizer_version: SANITIZER_VERSION,
    content_md5: contentMd5,
  });
  if (error) console.error(`storing post HTML failed: ${error.message}`);
}

/**
 * The HTML a post page (or the post form) shows: the stored copy when it was
 * made by this sanitiser version from this very content; otherwise the
 * content is sanitised now, once, and stored. Content written by another
 * path than the post form (the REST API with an author's token) never fits a
 * stored copy, so it is never shown unsanitised. Null when the content cannot
 * be sanitised: nested too deeply, or too slow.
 */
export async function safePostHtml(post: {
  id: string;
  content: string;
  stored: StoredPostHtml | null;
}): Promise<string | null> {
  const contentMd5 = md5(post.content);
  const { stored } = post;
  if (
    stored &&
    stored.sanitizer_version === SANITIZER_VERSION &&
    stored.content_md5 === contentMd5
  ) {
    return stored.html;
  }
  const key = `${post.id}:${contentMd5}`;
  const remembered = memo.get(key);
  if (remembered !== undefined) return remembered;
  const sanitized = await sanitizeOffThread(post.content);
  if ("refused" in sanitized) {
    console.error(`post ${post.id} not shown: ${sanitized.refused}`);
    if (sanitized.refused === "too-deep") remember(key, null);
    return null;
  }
  await storePostHtml(post.id, post.content, sanitized.html);
  return sanitized.html;
}
