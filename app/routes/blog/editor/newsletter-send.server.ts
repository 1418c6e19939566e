import type { RouterContextProvider } from "react-router";
import { BLOG_PATH } from "#app/content/blog.ts";
import { NEWSLETTER_PATH, SEND_COPY } from "#app/content/newsletter.ts";
import { absoluteUrl } from "#app/lib/meta.ts";
import {
  defaultNewsletterFooter,
  renderPostEmail,
} from "#app/routes/admin/newsletter/newsletter-render.server.ts";
import { safePostHtml } from "#app/routes/blog/post-html.server.ts";
import { env } from "#app/utils/env.server.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
import { invokeFunction } from "#app/utils/supabase.server.ts";
import type { NewsletterPayload } from "#supabase/functions/newsletter/handler.ts";
import { UNSUBSCRIBE_PLACEHOLDER } from "#supabase/functions/_shared/newsletter-mail.ts";
import { newsletterName } from "#supabase/functions/_shared/settings.ts";

// Sending a post to the newsletter: its e-mail rendered here once, a test
// to the sender, and the send itself recorded in Postgres, whose batches
// the minute's schedule delivers (send-notifications).

type SendablePost = {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
};

export type SendProgress = {
  recipients: number;
  sent: number;
  batches: number;
  batches_sent: number;
  batches_failed: number;
  finished_at: string | null;
  last_error: string | null;
};

function service() {
  const client = getServiceClient();
  if (!client) throw new Error("the newsletter needs SUPABASE_SECRET_KEY");
  return client;
}

/** The footer the settings give (/admin/settings), else one naming the newsletter. */
async function newsletterFooter() {
  const { data, error } = await service()
    .from("site_settings")
    .select("newsletter_name, newsletter_footer")
    .maybeSingle();
  if (error) throw new Error(`reading the settings: ${error.message}`);
  return (
    data?.newsletter_footer ||
    defaultNewsletterFooter(
      newsletterName({ newsletter_name: data?.newsletter_name ?? null }),
    )
  );
}

export async function renderPost(post: SendablePost) {
  const html = await safePostHtml({
    id: post.id,
    content: post.content,
    stored: null,
  });
  if (html === null) return null;
  return renderPostEmail({
    footer: await newsletterFooter(),
    title: post.title,
    excerpt: post.excerpt,
    html,
    url: absoluteUrl(env.SITE_URL, `${BLOG_PATH}/${post.id}`),
    siteUrl: env.SITE_URL,
  });
}

/** Confirmed subscribers now: whom a send started now would reach. */
export async function confirmedCount() {
  const { count, error } = await service()
    .from("newsletter_subscribers")
    .select("id", { count: "exact", head: true })
    .eq("status", "confirmed");
  if (error) throw new Error(`counting subscribers: ${error.message}`);
  return count ?? 0;
}

export async function sendProgress(postId: string) {
  const { data, error } = await service().rpc("newsletter_send_progress", {
    p_post_id: postId,
  });
  if (error) throw new Error(`newsletter_send_progress: ${error.message}`);
  return (data as SendProgress | null) ?? null;
}

/** The post's e-mail to the sender alone; its unsubscribe link opens the newsletter page. */
export async function sendTest(
  context: Readonly<RouterContextProvider>,
  post: SendablePost,
  to: string,
) {
  const email = await renderPost(post);
  if (!email) return false;
  const newsletterUrl = absoluteUrl(env.SITE_URL, NEWSLETTER_PATH);
  const payload: NewsletterPayload = {
    action: "test",
    to,
    subject: `${SEND_COPY.testPrefix}${email.subject}`,
    html: email.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, newsletterUrl),
    text: email.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, newsletterUrl),
  };
  const { error } = await invokeFunction(context, "newsletter", payload);
  if (error) console.error(`newsletter test failed: ${error.message}`);
  return !error;
}

/**
 * Records the send (null: the post is not public, or was sent already); the
 * minute's schedule delivers its batches.
 */
export async function startSend(post: SendablePost, userId: string) {
  const email = await renderPost(post);
  if (!email) return null;
  const { data: sendId, error } = await service().rpc("newsletter_start_send", {
    p_post_id: post.id,
    p_created_by: userId,
    p_subject: email.subject,
    p_html: email.html,
    p_text: email.text,
    p_site_url: env.SITE_URL,
  });
  if (error) throw new Error(`newsletter_start_send: ${error.message}`);
  return sendId ?? null;
}
