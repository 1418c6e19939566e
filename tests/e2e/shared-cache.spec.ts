// Standard HTTP caching is the contract with a CDN: a post scheduled 20
// seconds ahead through REST, with nothing else done, is kept out of every
// cache until its time and reaches every machine and the shared cache
// without a purge. Two production machines on one backend (the e2e server
// and a second one whose page store keeps blog pages as production does),
// and Varnish in front of the second.
import type { APIResponse } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expect, test } from "../support/fixtures.ts";
import { ACCOUNTS } from "../support/auth-helpers.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { service } from "../support/form-helpers.ts";
import {
  startSecondMachine,
  startVarnish,
  type Running,
} from "../support/shared-cache.ts";

let second: Running | undefined;
let varnish: Running | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  second = await startSecondMachine();
  varnish = await startVarnish(second.url);
});

test.afterAll(async () => {
  await varnish?.stop();
  await second?.stop();
});

/** When the last cache honouring the response may still answer with it. */
function keptUntil(response: APIResponse, receivedAt: number) {
  const header = response.headers()["cache-control"] ?? "";
  const value = (name: string) =>
    Number(new RegExp(`(?:^|[ ,])${name}=(\\d+)`).exec(header)?.[1] ?? 0);
  const age = Number(response.headers().age ?? 0);
  const seconds = Math.max(
    value("max-age"),
    value("s-maxage") + value("stale-while-revalidate"),
  );
  return receivedAt + (seconds - age) * 1000;
}

const FEEDS = ["/blueprints", "/blueprints/rss.xml", "/sitemap.xml"];

test("a post scheduled 20 s ahead through REST is in no cache before its time and on every machine and behind the shared cache after @js-only", async ({
  request,
}) => {
  test.setTimeout(150_000);
  const origins = [BASE_URL, second!.url, varnish!.url];
  // Copies made before the post is scheduled: in each store and in Varnish.
  for (const origin of origins) {
    for (const path of FEEDS) {
      for (let round = 0; round < 2; round++) {
        expect((await request.get(origin + path)).status()).toBe(200);
      }
    }
  }
  const title = `Shared cache ${randomUUID().slice(0, 8)}`;
  const goesOut = Date.now() + 20_000;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: "Scheduled through REST.",
      content: "<p>Scheduled through REST.</p>",
      author_id: ACCOUNTS.admin.id,
      published_at: new Date(goesOut).toISOString(),
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  const paths = [...FEEDS, `/blueprints/${id}`];
  /** Whether `path`'s answer shows the post. */
  const shows = async (origin: string, path: string) => {
    const response = await request.get(origin + path, { maxRedirects: 0 });
    const receivedAt = Date.now();
    const text = await response.text();
    return {
      response,
      receivedAt,
      shown: path.endsWith(id)
        ? response.status() === 200
        : text.includes(path === "/sitemap.xml" ? `/blueprints/${id}<` : title),
    };
  };
  try {
    let checks = 0;
    while (Date.now() < goesOut - 2_000) {
      for (const origin of origins) {
        for (const path of paths) {
          const { response, receivedAt, shown } = await shows(origin, path);
          if (receivedAt >= goesOut) continue;
          const where = `${origin}${path} ${response.headers()["cache-control"]} age ${response.headers().age ?? 0}`;
          expect(shown, where).toBe(false);
          // Age is in whole seconds, rounded down: a second's grace.
          expect(keptUntil(response, receivedAt), where).toBeLessThanOrEqual(
            goesOut + 1_000,
          );
          checks += 1;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(checks).toBeGreaterThan(paths.length * origins.length);

    // Three seconds after its time, on both machines.
    await new Promise((resolve) =>
      setTimeout(resolve, goesOut + 3_000 - Date.now()),
    );
    for (const origin of [BASE_URL, second!.url]) {
      for (const path of paths) {
        expect((await shows(origin, path)).shown, origin + path).toBe(true);
      }
    }
    // Behind the shared cache, within a minute.
    await expect
      .poll(
        async () => {
          const shown = await Promise.all(
            paths.map(async (path) => (await shows(varnish!.url, path)).shown),
          );
          return shown.every(Boolean);
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
  } finally {
    await service.from("blog_posts").delete().eq("id", id);
  }
});
