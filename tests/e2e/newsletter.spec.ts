import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { fillHoneypot, service, uniqueEmail } from "../support/form-helpers.ts";
import { readMail, searchMail } from "../support/mailbox.ts";

// The newsletter's sign-up, double opt-in and leaving, JavaScript on and
// off, against the embedded server and its mailbox. Every test has its own
// address and reads only that address's rows and mail.

async function subscriber(email: string) {
  const { data, error } = await service
    .from("newsletter_subscribers")
    .select("*")
    .eq("email", email);
  if (error) throw error;
  return data[0] ?? null;
}

async function confirmationMails(email: string) {
  return (await searchMail(`to:${email}`)).filter((mail) =>
    mail.Subject.startsWith("Confirm your subscription"),
  );
}

/** The one confirmation e-mail's link, once it arrives. */
async function confirmationLink(email: string) {
  await expect
    .poll(async () => (await confirmationMails(email)).length)
    .toBe(1);
  const [summary] = await confirmationMails(email);
  const mail = await readMail(summary!.ID);
  const link = /https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(mail.Text)?.[0];
  expect(link, "the text part carries the link").toBeTruthy();
  expect(mail.HTML).toContain(link!);
  return new URL(link!);
}

async function subscribeOnPage(page: Page, email: string) {
  await page.goto("/newsletter");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByRole("heading", { name: "Check your inbox" }),
  ).toBeVisible();
}

test.describe("newsletter", () => {
  test("a sign-up is confirmed by the button, never by opening the link", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("news", testInfo.project.name);
    const referrer = `news-${crypto.randomUUID().slice(0, 8)}.example`;
    await page.goto("/blueprints", { referer: `https://${referrer}/today` });
    await subscribeOnPage(page, email);

    const pending = await subscriber(email);
    expect(pending).toMatchObject({
      status: "pending",
      consent_form: "newsletter-page",
      confirmed_at: null,
    });
    expect(pending?.consent_wording).toContain("Get new blueprints by e-mail");
    expect(pending?.consent_address_hash).toMatch(/^[0-9a-f]{64}$/);

    const link = await confirmationLink(email);
    // What a mail scanner does: open the link. Nothing changes.
    const scanned = await page.request.get(link.pathname);
    expect(scanned.status()).toBe(200);
    await page.goto(link.pathname);
    await expect(
      page.getByRole("heading", { name: "Confirm your subscription" }),
    ).toBeVisible();
    expect((await subscriber(email))?.status).toBe("pending");

    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(
      page.getByRole("heading", { name: "You are subscribed" }),
    ).toBeVisible();
    const confirmed = await subscriber(email);
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmed_at).not.toBeNull();

    // The confirmation is the conversion, credited to where the visitor
    // arrived; the sign-up before it counted nothing.
    await expect
      .poll(async () => {
        const { data } = await service
          .from("analytics_conversions")
          .select("kind, landing_path")
          .eq("referrer_host", referrer);
        return data;
      })
      .toEqual([{ kind: "newsletter", landing_path: "/blueprints" }]);
  });

  test("signing up again says the same and sends no second e-mail", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("news-again", testInfo.project.name);
    await subscribeOnPage(page, email);
    await confirmationLink(email);
    // Pending, asked again within the day, in another case: one subscriber, one e-mail.
    await subscribeOnPage(page, email.toUpperCase());
    const { data } = await service
      .from("newsletter_subscribers")
      .select("id")
      .ilike("email", email);
    expect(data).toHaveLength(1);
    // The function sends before it answers: a second e-mail would be in the
    // mailbox by the time the page says "Check your inbox".
    expect(await confirmationMails(email)).toHaveLength(1);

    // Confirmed: asking again changes nothing and sends nothing.
    await service
      .from("newsletter_subscribers")
      .update({ confirmation_sent_at: null, status: "confirmed" })
      .eq("email", email);
    await subscribeOnPage(page, email);
    expect(await confirmationMails(email)).toHaveLength(1);
    expect((await subscriber(email))?.status).toBe("confirmed");
  });

  test("the blog's small forms sign up through the newsletter page", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("news-blog", testInfo.project.name);
    await page.goto("/blueprints");
    const form = page.getByRole("form", { name: "Blueprints by e-mail" });
    await form.getByRole("textbox", { name: "Email" }).fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(
      page.getByRole("heading", { name: "Check your inbox" }),
    ).toBeVisible();
    expect(await subscriber(email)).toMatchObject({
      status: "pending",
      consent_form: "blog-list",
    });
    await confirmationLink(email);
  });

  test("a filled honeypot signs nobody up", async ({ page }, testInfo) => {
    const email = uniqueEmail("news-bot", testInfo.project.name);
    await page.goto("/newsletter");
    const form = page.locator("form#newsletter");
    await fillHoneypot(form);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByText("Your submission could not be accepted."),
    ).toBeVisible();
    expect(await subscriber(email)).toBeNull();
  });

  test("a bad token is refused, on the page and on the button", async ({
    page,
    request,
  }) => {
    const forged = `${crypto.randomUUID()}.${"a".repeat(64)}`;
    for (const path of [
      `/newsletter/confirm/${forged}`,
      `/newsletter/unsubscribe/${forged}`,
      "/newsletter/confirm/not-a-token",
    ]) {
      expect((await request.get(path)).status()).toBe(404);
      expect(
        (
          await request.post(path, {
            form: { "List-Unsubscribe": "One-Click" },
          })
        ).status(),
      ).toBe(404);
    }
    await page.goto(`/newsletter/unsubscribe/${forged}`);
    await expect(page.getByText("The link is incomplete")).toBeVisible();
  });

  test("a confirmation token does not unsubscribe", async ({
    request,
  }, testInfo) => {
    const email = uniqueEmail("news-purpose", testInfo.project.name);
    const { data: token } = await service.rpc("newsletter_subscribe", {
      p_email: email,
      p_form: "newsletter-page",
      p_wording: "test",
      p_address_hash: "0".repeat(64),
    });
    const answer = await request.post(`/newsletter/unsubscribe/${token}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(answer.status()).toBe(404);
    expect((await subscriber(email))?.status).toBe("pending");
  });

  test("one click: a bare POST to the unsubscribe URL unsubscribes at once", async ({
    playwright,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail("news-one-click", testInfo.project.name);
    await service.rpc("newsletter_subscribe", {
      p_email: email,
      p_form: "newsletter-page",
      p_wording: "test",
      p_address_hash: "0".repeat(64),
    });
    await service
      .from("newsletter_subscribers")
      .update({ status: "confirmed" })
      .eq("email", email);
    const row = await subscriber(email);
    const { data: token } = await service.rpc("newsletter_token", {
      p_id: row!.id,
      p_purpose: "unsubscribe",
    });
    // What a mail client sends (RFC 8058): no cookie, no session, no page.
    const bare = await playwright.request.newContext({ baseURL });
    const answer = await bare.post(`/newsletter/unsubscribe/${token}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(answer.status()).toBe(200);
    await bare.dispose();
    const left = await subscriber(email);
    expect(left?.status).toBe("unsubscribed");
    expect(left?.unsubscribed_at).not.toBeNull();
  });

  test("the visible unsubscribe link opens a page whose button unsubscribes", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("news-leave", testInfo.project.name);
    await service.rpc("newsletter_subscribe", {
      p_email: email,
      p_form: "newsletter-page",
      p_wording: "test",
      p_address_hash: "0".repeat(64),
    });
    await service
      .from("newsletter_subscribers")
      .update({ status: "confirmed" })
      .eq("email", email);
    const row = await subscriber(email);
    const { data: token } = await service.rpc("newsletter_token", {
      p_id: row!.id,
      p_purpose: "unsubscribe",
    });
    await page.goto(`/newsletter/unsubscribe/${token}`);
    expect((await subscriber(email))?.status).toBe("confirmed");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("heading", { name: "You are unsubscribed" }),
    ).toBeVisible();
    expect((await subscriber(email))?.status).toBe("unsubscribed");
  });
});
