import { randomUUID } from "node:crypto";
import { ACCOUNTS, serviceClient, signIn } from "../support/auth-helpers.ts";
import { expect, test } from "../support/fixtures.ts";
import { uniqueEmail } from "../support/form-helpers.ts";
import { mailHeaders, readMail, searchMail } from "../support/mailbox.ts";

// Sending a post to the newsletter from the team's app, and the team's view
// of the subscribers. Sends reach every confirmed subscriber in the shared
// database, so each test reads only the mail of its own addresses, found by
// its own post's title.

const RUN = randomUUID().slice(0, 8);
const service = serviceClient();

test.describe.configure({ timeout: 60_000 });

test.afterAll(async () => {
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
});

async function addSubscriber(email: string, status: string) {
  const { error } = await service.from("newsletter_subscribers").insert({
    email,
    status,
    consent_form: "newsletter-page",
    consent_wording: "e2e",
    consent_address_hash: "1".repeat(64),
    confirmed_at: status === "confirmed" ? new Date().toISOString() : null,
  });
  if (error) throw error;
}

async function mailsTo(email: string, subject: string) {
  return (await searchMail(`to:${email}`)).filter(
    (mail) => mail.Subject === subject,
  );
}

test("a post reaches each confirmed subscriber once, and nobody else", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const title = `Newsletter post ${RUN} ${project}`;
  const { data: post, error } = await service
    .from("blog_posts")
    .insert({
      title,
      excerpt: "What the agents learned this week.",
      content:
        '<h2>What changed</h2><p>Agents now <strong>learn</strong> from <a href="https://example.com/review">reviews</a>.</p><ul><li>Faster</li><li>Safer</li></ul>',
      author_id: ACCOUNTS.admin.id,
      published_at: new Date(Date.now() - 60_000).toISOString(),
    })
    .select("id")
    .single();
  if (error) throw error;
  const confirmed = [
    uniqueEmail("send-a", project),
    uniqueEmail("send-b", project),
  ];
  const pending = uniqueEmail("send-pending", project);
  const left = uniqueEmail("send-left", project);
  for (const email of confirmed) await addSubscriber(email, "confirmed");
  await addSubscriber(pending, "pending");
  await addSubscriber(left, "unsubscribed");

  await signIn(page, "admin", `/edit/${post.id}`);
  await page.getByRole("link", { name: "Send to subscribers" }).click();
  await expect(
    page.getByRole("heading", { name: "Send to subscribers" }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `A test was sent to ${ACCOUNTS.admin.email}.`,
  );
  await expect
    .poll(
      async () =>
        (await mailsTo(ACCOUNTS.admin.email, `[Test] ${title}`)).length,
    )
    .toBe(1);

  await page
    .getByRole("link", { name: /^Send to [\d,]+ subscribers…$/ })
    .click();
  await expect(
    page.getByText(/^Send this post to [\d,]+ confirmed subscribers now\?/),
  ).toBeVisible();
  await page
    .getByRole("button", { name: /^Yes, send to [\d,]+ subscribers$/ })
    .click();
  await expect(page.getByTestId("send-progress")).toBeVisible();

  await expect
    .poll(
      async () => {
        const { data } = await service.rpc("newsletter_send_progress", {
          p_post_id: post.id,
        });
        return (data as { finished_at: string | null } | null)?.finished_at;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await page.reload();
  await expect(page.getByTestId("send-progress")).toContainText("Finished");

  for (const email of confirmed) {
    await expect.poll(async () => (await mailsTo(email, title)).length).toBe(1);
  }
  expect(await mailsTo(pending, title)).toHaveLength(0);
  expect(await mailsTo(left, title)).toHaveLength(0);

  const [summary] = await mailsTo(confirmed[0]!, title);
  const mail = await readMail(summary!.ID);
  expect(mail.HTML).not.toMatch(/<style/i);
  expect(mail.HTML).toMatch(/<h2 style="[^"]+">What changed<\/h2>/);
  expect(mail.Text).toContain("## What changed");
  expect(mail.Text).toContain("reviews (https://example.com/review)");
  expect(mail.Text).toContain("- Faster\n- Safer");
  const headers = await mailHeaders(summary!.ID);
  expect(headers["List-Unsubscribe-Post"]).toEqual([
    "List-Unsubscribe=One-Click",
  ]);
  expect(headers["List-Id"]?.[0]).toMatch(/^Recursa Blueprints <blueprints\./);
  const unsubscribe = /^<(http[^>]+)>, <mailto:[^>]+>$/.exec(
    headers["List-Unsubscribe"]?.[0] ?? "",
  )?.[1];
  expect(unsubscribe).toBeTruthy();
  expect(mail.Text).toContain(unsubscribe!);

  // The mail client's one click: a bare POST to the header's URL.
  const bare = await playwright.request.newContext({ baseURL });
  const answer = await bare.post(new URL(unsubscribe!).pathname, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(answer.status()).toBe(200);
  await bare.dispose();
  const { data: row } = await service
    .from("newsletter_subscribers")
    .select("status")
    .eq("email", confirmed[0]!)
    .single();
  expect(row?.status).toBe("unsubscribed");
});

test("the team sees, searches, exports and erases subscribers", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("team-view", testInfo.project.name);
  await addSubscriber(email, "confirmed");
  await signIn(page, "admin", "/admin/newsletter");
  await expect(
    page.getByRole("heading", { name: "Subscribers" }),
  ).toBeVisible();
  await expect(page.getByTestId("subscriber-counts")).toContainText(
    /Confirmed: [\d,]+/,
  );
  await page.getByRole("searchbox", { name: "Search by address" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("cell", { name: email })).toBeVisible();

  const csv = await (
    await page.request.get("/admin/newsletter/export.csv")
  ).text();
  const header = csv.split("\r\n")[0];
  expect(header).toContain(
    "consent_requested_at,consent_form,consent_wording,consent_address_hash",
  );
  expect(csv).toContain(`${email},confirmed,`);

  await page.getByRole("textbox", { name: "Address to erase" }).fill(email);
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByRole("status")).toHaveText("The address was erased.");
  const { data } = await service
    .from("newsletter_subscribers")
    .select("id")
    .eq("email", email);
  expect(data).toEqual([]);
});

test("a visitor cannot read the subscribers or their export", async ({
  request,
}) => {
  const page = await request.get("/admin/newsletter", { maxRedirects: 0 });
  expect([302, 303, 401, 403]).toContain(page.status());
  const csv = await request.get("/admin/newsletter/export.csv", {
    maxRedirects: 0,
  });
  expect([302, 303, 401, 403]).toContain(csv.status());
  expect(await csv.text()).not.toContain("@");
});
