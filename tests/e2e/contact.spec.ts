import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import {
  fillHoneypot,
  honeypotFields,
  service,
  submitServedForm,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";
import { servedHtml } from "../support/served-html.ts";

// The browser tests here are about the page with scripts (client validation,
// the fetcher, the dialog, toasts drawn by the client) and run in "js". Without
// scripts each form is a plain HTML post whose answer is a page of its own: the
// no-JS tests send the form the server renders, as a browser does, over HTTP
// (@no-js-only), and read the answer's HTML. The page a browser kept and
// revalidated is a browser test in both projects.

async function messagesFrom(email: string) {
  const { data, error } = await service
    .from("contact_messages")
    .select("*")
    .eq("email", email);
  if (error) throw error;
  return data;
}

test.describe("contact page", () => {
  const contactForm = (page: Page) => page.locator("form#contact-us");

  async function fill(
    page: Page,
    values: { name: string; email: string; description: string },
  ) {
    await page
      .getByRole("textbox", { name: "Name", exact: true })
      .fill(values.name);
    await page.getByLabel("Company email").fill(values.email);
    await page.getByLabel("Project description").fill(values.description);
  }

  test(
    "shows every validation message and keeps what was typed",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/contact-us");
      await page.getByRole("button", { name: "Send Message" }).click();
      const form = contactForm(page);
      await expect(
        form.getByText("Name must be at least 2 characters"),
      ).toBeVisible();
      await expect(
        form.getByText("Please enter a valid email address"),
      ).toBeVisible();
      await expect(
        form.getByText(
          "Please tell us more about your team's needs (at least 10 characters)",
        ),
      ).toBeVisible();

      await fill(page, {
        name: "A",
        email: "not-an-email",
        description: "too short",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(
        form.getByText("Name must be at least 2 characters"),
      ).toBeVisible();
      await expect(
        form.getByText("Please enter a valid email address"),
      ).toBeVisible();
      await expect(
        form.getByText(
          "Please tell us more about your team's needs (at least 10 characters)",
        ),
      ).toBeVisible();
      await expect(page.getByLabel("Company email")).toHaveValue(
        "not-an-email",
      );
      await expect(page.getByLabel("Project description")).toHaveValue(
        "too short",
      );
    },
  );

  test(
    "sends a message, stores it once however it is sent again, and answers in place",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("contact", testInfo.project.name);
      const values = {
        name: "Ada Lovelace",
        email,
        description: "We would like agents for our data platform team.",
      };
      await page.goto("/");
      await page.goto("/contact-us");
      await expect(
        page.getByRole("link", { name: "sales@recursa.ai" }),
      ).toHaveAttribute("href", "mailto:sales@recursa.ai");
      await fill(page, values);
      await page.getByRole("button", { name: "Send Message" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Message sent successfully!");
      await expect(toast).toContainText(
        "Thank you for reaching out. We'll get back to you soon.",
      );
      // The form gives way to what happens next.
      const confirmation = page.getByRole("status").filter({
        hasText: "Thank you, your message is with our team",
      });
      await expect(confirmation).toContainText("within one business day");
      await expect(contactForm(page)).toBeHidden();

      // The back button, and the same message sent again: still one message.
      // Without JavaScript the post was a page of its own; with it, the post
      // replaced the form's entry, so back leaves the page and forward returns.
      await page.goBack();
      if (testInfo.project.name === "js") {
        await expect(page).toHaveURL(/\/$/);
        await page.goForward();
      }
      await expect(contactForm(page)).toBeVisible();
      await fill(page, values);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(confirmation).toBeVisible();

      // Another message from the same page: a message of its own.
      await page.getByRole("link", { name: "Send another message" }).click();
      await expect(page.getByLabel("Company email")).toHaveValue("");
      await fill(page, { ...values, description: "And a second question." });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(confirmation).toBeVisible();

      const rows = await messagesFrom(email);
      expect(rows.map((row) => row.message).sort()).toEqual([
        "And a second question.",
        "We would like agents for our data platform team.",
      ]);
      expect(rows[0]).toMatchObject({
        name: "Ada Lovelace",
        source: "contact-page",
      });
    },
  );

  test(
    "two tabs of the stored page each get their message stored",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("two-tabs", testInfo.project.name);
      const other = await page.context().newPage();
      const tabs = [page, other];
      for (const tab of tabs) await tab.goto("/contact-us");
      const messages = [
        "Written in the first tab, about our data team.",
        "Written in the second tab, about our support desk.",
      ];
      for (const [index, tab] of tabs.entries()) {
        if (testInfo.project.name === "js") {
          await waitForHydration(
            tab.getByRole("button", { name: "Send Message" }),
          );
        }
        await fill(tab, {
          name: "Ada Lovelace",
          email,
          description: messages[index]!,
        });
        await tab.getByRole("button", { name: "Send Message" }).click();
        await expect(tab.getByTestId("toast")).toContainText(
          "Message sent successfully!",
        );
      }
      const rows = await messagesFrom(email);
      expect(rows.map((row) => row.message).sort()).toEqual(messages);
    },
  );

  // the busy state is drawn by the client
  test(
    "says Sending... and disables the button while busy",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      await page.route(
        (url) => url.pathname === "/contact-us.data",
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue();
        },
      );
      await page.goto("/contact-us");
      await fill(page, {
        name: "Busy Person",
        email: uniqueEmail("busy", testInfo.project.name),
        description: "Please show me the busy state.",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      const busy = page.getByRole("button", { name: "Sending..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      await expect(page.getByTestId("toast")).toContainText(
        "Message sent successfully!",
      );
    },
  );

  test(
    "refuses a filled honeypot without storing anything",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("bot", testInfo.project.name);
      await page.goto("/contact-us");
      await fill(page, {
        name: "Spam Bot",
        email,
        description: "Buy cheap followers now!!!",
      });
      await fillHoneypot(contactForm(page));
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(contactForm(page).getByRole("alert")).toContainText(
        "Your submission could not be accepted",
      );
      await expect(page.getByLabel("Company email")).toHaveValue(email);
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );

  test(
    "limits submissions per address and says so in the form",
    { tag: "@js-only" },
    async ({ page, request }, testInfo) => {
      const email = uniqueEmail("limit", testInfo.project.name);
      const fields = honeypotFields(
        await (await request.get("/contact-us")).text(),
      );
      const form = {
        ...fields,
        name: "Eager",
        companyEmail: email,
        projectDescription: "Hello there, team!",
      };
      // Five different messages: five submissions.
      let sent = 0;
      const submit = () =>
        request.post("/contact-us", {
          form: {
            ...form,
            projectDescription: `Hello there, team! (${++sent})`,
          },
        });
      for (let i = 0; i < 5; i++) {
        expect((await submit()).status()).toBe(200);
      }
      const limited = await submit();
      expect(limited.status()).toBe(429);
      expect(limited.headers()["retry-after"]).toBeTruthy();
      const answer = servedHtml(await limited.text());
      expect(answer.text).toContain("Too many submissions from your address");
      expect(answer.value("projectDescription", "contact-us")).toBe(
        `Hello there, team! (${sent})`,
      );
      expect(answer.value("companyEmail", "contact-us")).toBe(email);
      expect(await messagesFrom(email)).toHaveLength(5);
      // The browser shares the test's address and sees the message in the form.
      await page.goto("/contact-us");
      await fill(page, {
        name: "Eager",
        email,
        description: "Hello there, team!",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(contactForm(page).getByRole("alert")).toContainText(
        "Too many submissions from your address. Please wait a minute and try again.",
      );
      await expect(page.getByLabel("Project description")).toHaveValue(
        "Hello there, team!",
      );
    },
  );

  test(
    "refuses an oversized body with a message instead of reading it",
    { tag: "@js-only" },
    async ({ request }) => {
      const fields = honeypotFields(
        await (await request.get("/contact-us")).text(),
      );
      const response = await request.post("/contact-us", {
        form: {
          ...fields,
          name: "Verbose",
          companyEmail: "verbose@example.com",
          projectDescription: "x".repeat(100 * 1024),
        },
      });
      expect(response.status()).toBe(413);
      expect(await response.text()).toContain(
        "Your submission is too long to send.",
      );
    },
  );
  test(
    "without scripts: an empty or wrong post answers every message and keeps what was typed",
    { tag: "@no-js-only" },
    async ({ request, baseURL }) => {
      const pageUrl = new URL("/contact-us", baseURL).toString();
      const messages = [
        "Name must be at least 2 characters",
        "Please enter a valid email address",
        "Please tell us more about your team's needs (at least 10 characters)",
      ];
      const empty = await submitServedForm(request, pageUrl, "contact-us", {});
      expect(empty.answer.status()).toBe(400);
      for (const message of messages)
        expect(empty.html.text).toContain(message);

      const wrong = await submitServedForm(request, pageUrl, "contact-us", {
        name: "A",
        companyEmail: "not-an-email",
        projectDescription: "too short",
      });
      expect(wrong.answer.status()).toBe(400);
      for (const message of messages)
        expect(wrong.html.text).toContain(message);
      expect(wrong.html.value("name", "contact-us")).toBe("A");
      expect(wrong.html.value("companyEmail", "contact-us")).toBe(
        "not-an-email",
      );
      expect(wrong.html.value("projectDescription", "contact-us")).toBe(
        "too short",
      );
    },
  );

  test(
    "without scripts: a message is stored, answered with the toast and the confirmation in the form's place, and stored once if sent again",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const pageUrl = new URL("/contact-us", baseURL).toString();
      const email = uniqueEmail("contact", testInfo.project.name);
      const values = {
        name: "Ada Lovelace",
        companyEmail: email,
        projectDescription: "We would like agents for our data platform team.",
      };
      // Each send GETs the stored page again, as a second tab or the back
      // button does.
      for (const sent of [values, values]) {
        const { answer, html } = await submitServedForm(
          request,
          pageUrl,
          "contact-us",
          sent,
        );
        expect(answer.status()).toBe(200);
        expect(html.announcements).toContainEqual(
          expect.stringContaining("Thank you, your message is with our team"),
        );
        expect(html.text).toContain("within one business day");
        expect(html.toast?.title).toBe("Message sent successfully!");
        expect(html.toast?.description).toBe(
          "Thank you for reaching out. We'll get back to you soon.",
        );
        expect(html.hidden("contact-us")).toBe(true);
        expect(html.linkTo("Send another message")).toBe("/contact-us");
        expect(html.linkTo("sales@recursa.ai")).toBe("mailto:sales@recursa.ai");
      }
      const other = await submitServedForm(request, pageUrl, "contact-us", {
        ...values,
        projectDescription: "And a second question.",
      });
      expect(other.answer.status()).toBe(200);

      const rows = await messagesFrom(email);
      expect(rows.map((row) => row.message).sort()).toEqual([
        "And a second question.",
        "We would like agents for our data platform team.",
      ]);
      expect(rows[0]).toMatchObject({
        name: "Ada Lovelace",
        source: "contact-page",
      });
    },
  );

  test(
    "without scripts: a filled honeypot is refused in the form, nothing stored",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const email = uniqueEmail("bot", testInfo.project.name);
      const { html } = await submitServedForm(
        request,
        new URL("/contact-us", baseURL).toString(),
        "contact-us",
        {
          name: "Spam Bot",
          companyEmail: email,
          projectDescription: "Buy cheap followers now!!!",
        },
        { replaceHoneypot: "I am a bot" },
      );
      expect(html.announcements).toContainEqual(
        expect.stringContaining("Your submission could not be accepted"),
      );
      expect(html.value("companyEmail", "contact-us")).toBe(email);
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );
});

/** The form: in a dialog with JavaScript, in the page (?contact=1) without. */
async function openContact(page: Page, project: string, base = "") {
  await page.goto(`${base}/company`);
  return openForm(page, project);
}

/** Opens the form of the company page the browser shows. */
async function openForm(page: Page, project: string) {
  const control = page.getByRole("link", { name: "Get in Touch" });
  // A click before hydration follows the link: the no-JS path, not the dialog.
  if (project === "js") await waitForHydration(control);
  await control.click();
  const dialog = page.getByRole("dialog", { name: "Get in Touch" });
  if (project === "js") {
    await expect(dialog).toBeVisible();
    return dialog.locator("form");
  }
  await expect(page).toHaveURL(/\/company\?contact=1#get-in-touch$/);
  return page.locator("#get-in-touch form");
}

async function fillCompany(
  form: Locator,
  values: { name: string; email: string; message: string },
) {
  await form
    .getByRole("textbox", { name: "Name", exact: true })
    .fill(values.name);
  await form
    .getByRole("textbox", { name: "Email", exact: true })
    .fill(values.email);
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(values.message);
}

test.describe("company Get in Touch", () => {
  test(
    "shows every validation message",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const form = await openContact(page, testInfo.project.name);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(
        form.getByText("Name must be at least 2 characters"),
      ).toBeVisible();
      await expect(form.getByText("Invalid email address")).toBeVisible();
      await expect(
        form.getByText("Message must be at least 10 characters"),
      ).toBeVisible();

      await fillCompany(form, { name: "B", email: "nope", message: "short" });
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Invalid email address")).toBeVisible();
      await expect(
        form.getByRole("textbox", { name: "Message", exact: true }),
      ).toHaveValue("short");
    },
  );

  test(
    "sends the message, shows the toast and the confirmation in its place",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("company", testInfo.project.name);
      const form = await openContact(page, testInfo.project.name);
      await fillCompany(form, {
        name: "Grace Hopper",
        email,
        message: "Tell me about on-premise deployment.",
      });
      await form.getByRole("button", { name: "Send Message" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Message sent!");
      await expect(toast).toContainText("We'll get back to you soon.");
      await expect(
        page.getByText("Thank you, your message is with our team"),
      ).toBeVisible();
      if (testInfo.project.name === "js") {
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("button", { name: "Done" }).click();
        await expect(dialog).toBeHidden();
        await expect(toast).toContainText("Message sent!");
        // Opened again, it offers the form for another message.
        await page.getByRole("link", { name: "Get in Touch" }).click();
        await expect(
          page
            .getByRole("dialog")
            .getByRole("button", { name: "Send Message" }),
        ).toBeVisible();
      } else {
        await expect(
          page.getByRole("link", { name: "Back to the company page" }),
        ).toBeVisible();
      }
      const rows = await messagesFrom(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "Grace Hopper",
        message: "Tell me about on-premise deployment.",
        company: null,
        source: "company-dialog",
      });
    },
  );

  test("a page the browser kept and revalidated (304) is still styled, runs its scripts and sends", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const email = uniqueEmail("company-kept", project);
    // A stored page is tagged once its compressed copies are made.
    await expect
      .poll(async () => (await page.request.get("/company")).headers().etag)
      .toBeTruthy();
    const first = await page.goto("/company");
    const etag = first?.headers()["etag"];
    expect(etag).toMatch(/^"[\w-]{43}(-br|-gzip)?"$/);
    const heroStyled = async () =>
      page
        .locator("#company-heading")
        .evaluate((heading) => getComputedStyle(heading).textAlign);
    expect(await heroStyled()).toBe("center");

    const kept = await page.reload();
    expect(await kept?.request().headerValue("If-None-Match")).toBe(etag);
    expect(await heroStyled()).toBe("center");
    if (project === "js") {
      // The kept page's scripts run under the 304's policy: it hydrates.
      await waitForHydration(page.getByRole("link", { name: "Get in Touch" }));
    }
    const form = await openForm(page, project);
    await fillCompany(form, {
      name: "Ada Lovelace",
      email,
      message: "Sent from a page the browser kept.",
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("toast")).toContainText("Message sent!");
    expect(await messagesFrom(email)).toHaveLength(1);
  });

  test(
    "refuses a filled honeypot",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("company-bot", testInfo.project.name);
      const form = await openContact(page, testInfo.project.name);
      await fillCompany(form, {
        name: "Bot",
        email,
        message: "Totally legitimate message.",
      });
      await fillHoneypot(form);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("alert")).toContainText(
        "Your submission could not be accepted",
      );
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );
  test(
    "without scripts: the form in the page answers every message and keeps what was typed",
    { tag: "@no-js-only" },
    async ({ request, baseURL }) => {
      const pageUrl = new URL("/company?contact=1", baseURL).toString();
      const empty = await submitServedForm(
        request,
        pageUrl,
        "page-company-contact",
        {},
      );
      expect(empty.answer.status()).toBe(400);
      for (const message of [
        "Name must be at least 2 characters",
        "Invalid email address",
        "Message must be at least 10 characters",
      ]) {
        expect(empty.html.text).toContain(message);
      }
      const wrong = await submitServedForm(
        request,
        pageUrl,
        "page-company-contact",
        { name: "B", email: "nope", message: "short" },
      );
      expect(wrong.html.text).toContain("Invalid email address");
      expect(wrong.html.value("message", "page-company-contact")).toBe("short");
      expect(wrong.html.value("email", "page-company-contact")).toBe("nope");
    },
  );

  test(
    "without scripts: the message is stored and answered with the toast, the confirmation and the way back",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const email = uniqueEmail("company", testInfo.project.name);
      const { answer, html } = await submitServedForm(
        request,
        new URL("/company?contact=1", baseURL).toString(),
        "page-company-contact",
        {
          name: "Grace Hopper",
          email,
          message: "Tell me about on-premise deployment.",
        },
      );
      expect(answer.status()).toBe(200);
      expect(html.toast?.title).toBe("Message sent!");
      expect(html.toast?.description).toBe("We'll get back to you soon.");
      expect(html.announcements).toContainEqual(
        expect.stringContaining("Thank you, your message is with our team"),
      );
      expect(html.has("page-company-contact")).toBe(false);
      expect(html.linkTo("Back to the company page")).toBe("/company");
      const rows = await messagesFrom(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "Grace Hopper",
        message: "Tell me about on-premise deployment.",
        company: null,
        source: "company-dialog",
      });
    },
  );

  test(
    "without scripts: a filled honeypot is refused in the page's form",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const email = uniqueEmail("company-bot", testInfo.project.name);
      const { html } = await submitServedForm(
        request,
        new URL("/company?contact=1", baseURL).toString(),
        "page-company-contact",
        { name: "Bot", email, message: "Totally legitimate message." },
        { replaceHoneypot: "I am a bot" },
      );
      expect(html.announcements).toContainEqual(
        expect.stringContaining("Your submission could not be accepted"),
      );
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );
});

test.describe("when the contact-us function fails", () => {
  let site: FailingSite;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test(
    "the contact page shows the error and keeps the values",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("down", testInfo.project.name);
      await page.goto(`${site.url}/contact-us`);
      await page
        .getByRole("textbox", { name: "Name", exact: true })
        .fill("Linus");
      await page.getByLabel("Company email").fill(email);
      await page
        .getByLabel("Project description")
        .fill("Is anybody out there today?");
      await page.getByRole("button", { name: "Send Message" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Error");
      await expect(toast).toContainText(
        "Something went wrong. Please try again or email us directly.",
      );
      await expect(page.getByLabel("Company email")).toHaveValue(email);
      await expect(page.getByLabel("Project description")).toHaveValue(
        "Is anybody out there today?",
      );
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );

  test(
    "the company dialog shows the destructive toast and stays open",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = uniqueEmail("down-company", testInfo.project.name);
      const form = await openContact(page, testInfo.project.name, site.url);
      await fillCompany(form, {
        name: "Linus",
        email,
        message: "Is anybody out there today?",
      });
      await form.getByRole("button", { name: "Send Message" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Error");
      await expect(toast).toContainText(
        "Something went wrong. Please try again.",
      );
      await expect(
        form.getByRole("textbox", { name: "Email", exact: true }),
      ).toHaveValue(email);
      if (testInfo.project.name === "js")
        await expect(page.getByRole("dialog")).toBeVisible();
    },
  );
  test(
    "without scripts: both forms answer the error toast and keep the values, nothing stored",
    { tag: "@no-js-only" },
    async ({ request }, testInfo) => {
      const email = uniqueEmail("down", testInfo.project.name);
      const page = await submitServedForm(
        request,
        `${site.url}/contact-us`,
        "contact-us",
        {
          name: "Linus",
          companyEmail: email,
          projectDescription: "Is anybody out there today?",
        },
      );
      expect(page.html.toast?.title).toBe("Error");
      expect(page.html.toast?.description).toBe(
        "Something went wrong. Please try again or email us directly.",
      );
      expect(page.html.value("companyEmail", "contact-us")).toBe(email);
      expect(page.html.value("projectDescription", "contact-us")).toBe(
        "Is anybody out there today?",
      );

      const company = await submitServedForm(
        request,
        `${site.url}/company?contact=1`,
        "page-company-contact",
        { name: "Linus", email, message: "Is anybody out there today?" },
      );
      expect(company.html.toast?.title).toBe("Error");
      expect(company.html.toast?.description).toBe(
        "Something went wrong. Please try again.",
      );
      expect(company.html.value("email", "page-company-contact")).toBe(email);
      expect(await messagesFrom(email)).toHaveLength(0);
    },
  );
});
