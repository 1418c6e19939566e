import { createHash } from "node:crypto";
import { sanitizePostHtml, SANITIZER_VERSION } from "#app/lib/sanitize.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";

/** A row of public.post_html: sanitised HTML and what it was made from. */
export type StoredPostHtml = {
  html: string;
  sanitizer_version: number;
  content_md5: string;
};

// Postgres's md5(text) over the same UTF-8 bytes, should anyone compare there.
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/**
 * Without a secret key nothing is stored: each machine keeps the HTML it made
 * for the posts read most recently, so a post is still sanitised once per
 * machine rather than once per view.
 */
const MEMO_ENTRIES = 200;
const memo = new Map<string, string>();

function remember(key: string, html: string) {
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
 * The HTML a post page shows: the stored copy when it was made by this
 * sanitiser version from this very content; otherwise the content is
 * sanitised now, once, and stored. Content written by another path than the
 * post form (the REST API with an author's token) never fits a stored copy,
 * so it is never shown unsanitised.
 */
export async function safePostHtml(post: {
  id: string;
  content: string;
  stored: StoredPostHtml | null;
}) {
  const contentMd5 = md5(post.content);
  const { stored } = post;
  if (
    stored &&
    stored.sanitizer_version === SANITIZER_VERSION &&
    stored.content_md5 === contentMd5
  ) {
    return stored.html;
  }
  const remembered = memo.get(`${post.id}:${contentMd5}`);
  if (remembered !== undefined) return remembered;
  const html = sanitizePostHtml(post.content);
  await storePostHtml(post.id, post.content, html);
  return html;
}
