// How long a newsletter send takes against a provider like Resend's default
// account: 2 requests a second, 100 e-mails a request. 10,000 confirmed
// subscribers on the embedded server, the real sender
// (supabase/functions/_shared/newsletter-send.ts) and a stand-in provider
// that answers 429 to any request closer than half a second to the one
// before, so a sender that went faster than the limit would show it.
//
//   node tests/tools/newsletter-bench.ts [recipients]   (npm run bench:newsletter)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { deliverDueBatches } from "#supabase/functions/_shared/newsletter-send.ts";
import { startLocalSupabase } from "#supabase/local/server.ts";

const RECIPIENTS = Number(process.argv[2] ?? 10_000);
const RATE = 2;

const dataDir = await mkdtemp(path.join(tmpdir(), "newsletter-bench-"));
const backend = await startLocalSupabase({
  port: 0,
  dataDir,
  reset: true,
  seedFile: null,
});
try {
  const service = createClient(backend.url, backend.secretKey, {
    auth: { persistSession: false },
  });
  const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
    email: `reader-${i}@bench.example`,
    status: "confirmed",
    consent_form: "newsletter-page",
    consent_wording: "bench",
  }));
  for (let i = 0; i < rows.length; i += 2_000) {
    const { error } = await service
      .from("newsletter_subscribers")
      .insert(rows.slice(i, i + 2_000));
    if (error) throw error;
  }
  const { data: user, error: userError } = await service.auth.admin.createUser({
    email: "bench-author@bench.example",
    password: crypto.randomUUID(),
    email_confirm: true,
  });
  if (userError) throw userError;
  const { data: post, error: postError } = await service
    .from("blog_posts")
    .insert({
      title: "Bench post",
      content: "<p>Bench</p>",
      author_id: user.user.id,
      published_at: new Date(Date.now() - 60_000).toISOString(),
    })
    .select("id")
    .single();
  if (postError) throw postError;
  const { error: sendError } = await service.rpc("newsletter_start_send", {
    p_post_id: post.id,
    p_created_by: null,
    p_subject: "Bench post",
    p_html: "<p>Bench</p><a href={{unsubscribe_url}}>Unsubscribe</a>",
    p_text: "Bench\n\nUnsubscribe: {{unsubscribe_url}}",
    p_site_url: "https://bench.example",
  });
  if (sendError) throw sendError;

  let delivered = 0;
  let limited = 0;
  let last = 0;
  const provider: typeof fetch = async (_url, init) => {
    const now = performance.now();
    if (now - last < 1000 / RATE - 5) {
      limited++;
      return Response.json({ message: "rate limited" }, { status: 429 });
    }
    last = now;
    delivered += (JSON.parse(String(init?.body)) as unknown[]).length;
    return Response.json({ data: [] });
  };
  const env = {
    SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.secretKey,
    RESEND_API_KEY: "re_bench",
    RESEND_API_URL: "http://provider.bench",
  };
  const started = performance.now();
  let runs = 0;
  while (delivered < RECIPIENTS && runs < 10) {
    runs++;
    await deliverDueBatches(env, service, {
      providerFetch: provider,
      requestsPerSecond: RATE,
      budgetMs: 600_000,
      retryAfterSeconds: () => 1,
    });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `newsletter send: ${delivered.toLocaleString("en-US")} of ${RECIPIENTS.toLocaleString("en-US")} delivered in ${Math.ceil(RECIPIENTS / 100)} batches of 100, provider at ${RATE} req/s: ${seconds.toFixed(1)} s (${limited} requests refused by its limit)`,
  );
} finally {
  await backend.stop();
  await rm(dataDir, { recursive: true, force: true });
}
