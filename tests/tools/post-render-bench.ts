// What a post page costs at the post form's limits: CONTENT_MAX_DEPTH levels
// of nesting, at a quarter of CONTENT_MAX_BYTES and at the limit (512 KB).
// Every render once sanitised the content; now it is sanitised once, when
// saved or on the first view, and stored (public.post_html). Prints the
// sanitiser's time for one render (what every view paid before), the first
// view (sanitise and store) and the median of later views, side by side in
// one run.
//
//   npm run bench:post   (ports BENCH_POST_PORT 4430, BENCH_POST_SUPABASE_PORT 54430)
import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { CONTENT_MAX_DEPTH } from "#app/lib/html-depth.ts";
import { sanitizePostHtml } from "#app/lib/sanitize.ts";
import { CONTENT_MAX_BYTES } from "#app/routes/blog/editor/post-schema.ts";
import { DEMO_ACCOUNTS } from "#supabase/local/demo-accounts.ts";
import { startProductionSite } from "#tests/support/production-site.ts";

const VIEWS = 15;

const site = await startProductionSite({
  port: Number(process.env.BENCH_POST_PORT ?? 4430),
  supabasePort: Number(process.env.BENCH_POST_SUPABASE_PORT ?? 54430),
  name: "post-render-bench",
});
const service = createClient(site.supabaseUrl, site.secretKey, {
  auth: { persistSession: false },
});

/** Blocks nested CONTENT_MAX_DEPTH deep, repeated to `bytes`. */
function contentAt(bytes: number) {
  const open = "<blockquote><ul><li>".repeat(CONTENT_MAX_DEPTH / 3);
  const close = "</li></ul></blockquote>".repeat(CONTENT_MAX_DEPTH / 3);
  const block = `<p>${open}<strong>Deep</strong> text, <em>nested</em> to the limit.${close}</p>`;
  return block.repeat(Math.floor(bytes / block.length));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function view(id: string, n: number) {
  const started = performance.now();
  // A query string keeps the page cache out of it: every view is a render.
  const response = await fetch(`${site.origin}/blueprints/${id}?view=${n}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`view ${n}: ${response.status}`);
  return performance.now() - started;
}

try {
  for (const [label, bytes] of [
    ["128 KB", CONTENT_MAX_BYTES / 4],
    ["512 KB (the limit)", CONTENT_MAX_BYTES],
  ] as const) {
    const content = contentAt(bytes);
    const sanitiseStarted = performance.now();
    sanitizePostHtml(content);
    const sanitiseMs = performance.now() - sanitiseStarted;

    const id = randomUUID();
    const { error } = await service.from("blog_posts").insert({
      id,
      title: `Bench ${label}`,
      content,
      author_id: DEMO_ACCOUNTS.author.id,
    });
    if (error) throw new Error(error.message);
    const first = await view(id, 0);
    const later: number[] = [];
    for (let n = 1; n <= VIEWS; n++) later.push(await view(id, n));
    console.log(
      `post at ${CONTENT_MAX_DEPTH} levels, ${label}: sanitising one render ${sanitiseMs.toFixed(0)} ms (every view before) | first view ${first.toFixed(0)} ms (sanitise + store) | later views p50 ${median(later).toFixed(0)} ms (stored HTML, ${VIEWS} views)`,
    );
    await service.from("blog_posts").delete().eq("id", id);
  }
} finally {
  await site.stop();
}
