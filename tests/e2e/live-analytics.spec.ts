import { randomUUID } from "node:crypto";
import { ANALYTICS_PATH } from "#app/content/analytics.ts";
import { signInRequest } from "../support/auth-helpers.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { expect, test } from "../support/fixtures.ts";

// The dashboard's today is live: each batch the server flushes (every 300 ms
// here) is counted into the open day as it is recorded, with no roll-up to
// wait for (decision 190). Read over HTTP as a team member, no browser: what
// the server renders is what a visitor without JavaScript sees too.

const FIREFOX =
  "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("a view with a new utm_source is on the dashboard within 30 seconds; a bot's and a prefetch's never are", async ({
  request,
  playwright,
  extraHTTPHeaders,
}) => {
  const tag = randomUUID().slice(0, 8);
  const source = (kind: string) => `live-${kind}-${tag}`;
  const page = (kind: string) => `/careers?utm_source=${source(kind)}`;
  // First the views that must never count, then the one that must: once it
  // shows, the batches before it have been recorded too.
  expect(
    (
      await request.get(page("bot"), { headers: { "User-Agent": GOOGLEBOT } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.get(page("prefetch"), {
        headers: { "User-Agent": FIREFOX, "Sec-Purpose": "prefetch" },
      })
    ).status(),
  ).toBe(200);
  const view = await request.get(page("view"), {
    headers: { "User-Agent": FIREFOX },
  });
  expect(view.status()).toBe(200);

  const member = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders,
  });
  try {
    await signInRequest(member, "admin");
    const dashboard = async () => {
      const response = await member.get(`${ANALYTICS_PATH}?range=7`);
      expect(response.status()).toBe(200);
      return response.text();
    };
    await expect.poll(dashboard, { timeout: 30_000 }).toContain(source("view"));
    const html = await dashboard();
    expect(html).not.toContain(source("bot"));
    expect(html).not.toContain(source("prefetch"));
  } finally {
    await member.dispose();
  }
});
