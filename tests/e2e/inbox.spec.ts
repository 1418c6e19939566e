import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { ACCOUNTS, DEMO_PASSWORD, signIn } from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import {
  service,
  uniqueEmail,
  waitForHydration,
} from "../support/form-helpers.ts";

// A sign-in hashes a password and writes a session on the embedded database;
// on a busy machine that takes seconds, so waits here are longer.
const expect = baseExpect.configure({ timeout: 20_000 });

const PDF = Buffer.from(
  `%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${randomUUID()}\n%%EOF\n`,
);
const INBOX = "/admin/inbox";

/** A submission of this test alone, stored as the functions store them. */
async function storeMessage(email: string, message = "Please call me back.") {
  const { data, error } = await service
    .from("contact_messages")
    .insert({
      name: "Grace Hopper",
      email,
      message,
      company: null,
      source: "company-dialog",
    })
    .select("id")
    .single();
  if (error) throw error;
  return data.id as string;
}

async function storeApplication(email: string) {
  const cvPath = `${Date.now()}-${randomUUID().slice(0, 8)} cv.pdf`;
  const upload = await service.storage
    .from("cv-uploads")
    .upload(cvPath, PDF, { contentType: "application/pdf" });
  if (upload.error) throw upload.error;
  const { data, error } = await service
    .from("job_applications")
    .insert({
      job_id: "2",
      job_title: "Founding Engineer",
      name: "Alan Turing",
      email,
      comment: "I like machines.",
      cv_file_name: "turing cv.pdf",
      cv_path: cvPath,
    })
    .select("id")
    .single();
  if (error) throw error;
  return { id: data.id as string, cvPath };
}

async function row(table: "contact_messages" | "job_applications", id: string) {
  const { data, error } = await service
    .from(table)
    .select("status, handled_at")
    .eq("id", id);
  if (error) throw error;
  return (data[0] as { status: string; handled_at: string | null }) ?? null;
}

async function cvExists(cvPath: string) {
  const { error } = await service.storage.from("cv-uploads").download(cvPath);
  return error === null;
}

/** Waits for the team's e-mail (to the provider's stand-in), so the row's notification state is final. */
async function notificationSettled(
  table: "contact_messages" | "job_applications",
  email: string,
) {
  await expect
    .poll(async () => {
      const { data } = await service
        .from(table)
        .select("notification_state")
        .eq("email", email);
      return data?.[0]?.notification_state ?? null;
    })
    .toBe("sent");
}

const inboxRow = (page: Page, email: string) =>
  page.getByTestId("inbox-row").filter({ hasText: email });

async function newCount() {
  const { count, error } = await service
    .from("inbox_items")
    .select("id", { count: "exact", head: true })
    .eq("status", "new");
  if (error) throw error;
  return count ?? 0;
}

test.describe("team inbox", () => {
  test("a visitor's message and an application with a PDF appear; the CV downloads as an attachment", async ({
    page,
  }, testInfo) => {
    // Two public forms, then the inbox, both items and a download: about
    // 30 s on a loaded two-core machine, the default timeout.
    test.slow();
    const project = testInfo.project.name;
    const messageEmail = uniqueEmail("inbox-message", project);
    const applicantEmail = uniqueEmail("inbox-apply", project);

    await page.goto("/contact-us");
    await page
      .getByRole("textbox", { name: "Name", exact: true })
      .fill("Ada Lovelace");
    await page.getByLabel("Company email").fill(messageEmail);
    await page
      .getByLabel("Project description")
      .fill("We would like agents for our data platform team.");
    const send = page.getByRole("button", { name: "Send Message" });
    if (project === "js") await waitForHydration(send);
    await send.click();
    await expect(page.getByTestId("toast")).toContainText(
      "Message sent successfully!",
    );

    await page.goto("/careers/2");
    const apply = page.getByRole("link", { name: "Apply Now" }).first();
    if (project === "js") await waitForHydration(apply);
    await apply.click();
    const form =
      project === "js"
        ? page.getByRole("dialog").locator("form")
        : page.locator("#apply form");
    await form
      .getByRole("textbox", { name: "Name", exact: true })
      .fill("Marie Curie");
    await form
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(applicantEmail);
    await form
      .getByRole("textbox", { name: "Comment (optional)" })
      .fill("Happy to start in January.");
    await form.locator('input[type="file"]').setInputFiles({
      name: "Marie Curie CV.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Application submitted successfully!",
    );
    await notificationSettled("contact_messages", messageEmail);
    await notificationSettled("job_applications", applicantEmail);

    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    const response = await page.goto(INBOX);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      /noindex/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");

    const message = inboxRow(page, messageEmail);
    await expect(message).toHaveCount(1);
    await expect(message).toContainText("Ada Lovelace");
    await expect(message).toContainText("Contact page");
    await expect(message).toContainText(
      "We would like agents for our data platform team.",
    );
    await expect(message).toContainText("New");
    // The provider's stand-in took the team's e-mail.
    await expect(message).toContainText("E-mail sent");
    await expect(
      message.getByRole("link", { name: messageEmail }),
    ).toHaveAttribute("href", `mailto:${messageEmail}`);

    const application = inboxRow(page, applicantEmail);
    await expect(application).toContainText("Marie Curie");
    await expect(application).toContainText(
      "Application for Founding Engineer",
    );
    await expect(application).toContainText("Happy to start in January.");
    // Newest first: the application came after the message.
    const emails = await page
      .getByTestId("inbox-row")
      .locator('a[href^="mailto:"]')
      .allTextContents();
    expect(emails.indexOf(applicantEmail)).toBeLessThan(
      emails.indexOf(messageEmail),
    );

    const cvLink = application.getByRole("link", {
      name: "Download CV (Marie Curie CV.pdf)",
    });
    const downloading = page.waitForEvent("download");
    await cvLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Marie Curie CV.pdf");
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);
    // The browser stayed on the inbox: the file was an attachment.
    await expect(page).toHaveURL(new RegExp(`${INBOX}$`));

    // What the browser was given: a redirect to a signed URL, then the file.
    const href = (await cvLink.getAttribute("href")) ?? "";
    const redirect = await page.request.get(href, { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
    expect(redirect.headers()["cache-control"]).toBe("private, no-store");
    expect(redirect.headers()["referrer-policy"]).toBe("no-referrer");
    const signedUrl = redirect.headers().location ?? "";
    expect(signedUrl).toMatch(
      new RegExp(
        `^${SUPABASE_URL}/storage/v1/object/sign/cv-uploads/\\d{13}-Marie%20Curie%20CV\\.pdf\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+&download=`,
      ),
    );
    const cv = await fetch(signedUrl);
    expect(cv.status).toBe(200);
    expect(Buffer.from(await cv.arrayBuffer()).equals(PDF)).toBe(true);
    expect(cv.headers.get("content-type")).toBe("application/pdf");
    expect(cv.headers.get("content-disposition")).toBe(
      "attachment; filename=Marie%20Curie%20CV.pdf; filename*=UTF-8''Marie%20Curie%20CV.pdf",
    );
    expect(cv.headers.get("x-content-type-options")).toBe("nosniff");

    // A token changed by one character, or moved to another object, is refused.
    const url = new URL(signedUrl);
    const token = url.searchParams.get("token") ?? "";
    // Not the last character: its low bits are padding, so A and B there
    // can decode to the same signature.
    const at = token.length - 5;
    url.searchParams.set(
      "token",
      `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`,
    );
    const tampered = await fetch(url);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ error: "InvalidJWT" });
  });

  // Plain HTTP against Storage, no page: once, in the js project.
  test(
    "a signed CV URL stops working after it expires",
    {
      tag: "@js-only",
    },
    async () => {
      const { cvPath } = await storeApplication(
        uniqueEmail("inbox-expiry", "any"),
      );
      const { data, error } = await service.storage
        .from("cv-uploads")
        .createSignedUrl(cvPath, 1, { download: true });
      expect(error).toBeNull();
      const signedUrl = data?.signedUrl ?? "";
      expect((await fetch(signedUrl)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await fetch(signedUrl);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({
        error: "InvalidJWT",
        message: '"exp" claim timestamp check failed',
      });
    },
  );

  test("marks submissions handled and new, and filters by kind and status", async ({
    page,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail("inbox-status", testInfo.project.name);
    const messageId = await storeMessage(email);
    const application = await storeApplication(email);

    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(INBOX);
    // The tabs are plain links, each keeping the other row's choice.
    const messages = page
      .getByRole("navigation", { name: "Kind" })
      .getByRole("link", { name: /^Messages/ });
    await messages.click();
    await expect(page).toHaveURL(`${INBOX}?kind=message`);
    // The address changes before React draws the new tabs; the status tabs
    // keep the kind only once the page shows Messages as the current tab.
    await expect(messages).toHaveAttribute("aria-current", "page");
    await page
      .getByRole("navigation", { name: "Status" })
      .getByRole("link", { name: /^New/ })
      .click();
    await expect(page).toHaveURL(`${INBOX}?kind=message&status=new`);
    await expect(inboxRow(page, email)).toHaveCount(1);
    await expect(inboxRow(page, email)).toContainText("Grace Hopper");

    await inboxRow(page, email)
      .getByRole("button", { name: "Mark handled" })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Marked as handled");
    // Back on the same filters: a handled message is no longer "new".
    await expect(page).toHaveURL(`${INBOX}?kind=message&status=new`);
    await expect(inboxRow(page, email)).toHaveCount(0);
    const handled = await row("contact_messages", messageId);
    expect(handled?.status).toBe("handled");
    expect(handled?.handled_at).not.toBeNull();

    await page.goto(`${INBOX}?status=handled`);
    const handledRow = inboxRow(page, email);
    await expect(handledRow).toHaveCount(1);
    await expect(handledRow).toContainText(/Handled \d/);
    await handledRow.getByRole("button", { name: "Mark new" }).click();
    await expect(page.getByTestId("toast")).toContainText("Marked as new");
    await expect(inboxRow(page, email)).toHaveCount(0);
    expect(await row("contact_messages", messageId)).toEqual({
      status: "new",
      handled_at: null,
    });

    await page.goto(`${INBOX}?kind=application`);
    await expect(inboxRow(page, email)).toHaveCount(1);
    await expect(inboxRow(page, email)).toContainText("Alan Turing");
    expect((await row("job_applications", application.id))?.status).toBe("new");
  });

  test("deletes a submission and its CV only after the confirmation", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("inbox-delete", testInfo.project.name);
    const application = await storeApplication(email);

    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`${INBOX}?kind=application`);
    await inboxRow(page, email)
      .getByRole("link", { name: "Delete the submission from Alan Turing" })
      .click();
    await expect(page).toHaveURL(
      `${INBOX}/application/${application.id}/delete?kind=application`,
    );
    await expect(
      page.getByText("Are you sure you want to delete this submission?"),
    ).toBeVisible();
    await expect(
      page.getByText("Its CV (turing cv.pdf) is deleted with it."),
    ).toBeVisible();

    // Cancel changes nothing.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${INBOX}?kind=application`);
    expect(await row("job_applications", application.id)).not.toBeNull();

    await inboxRow(page, email)
      .getByRole("link", { name: "Delete the submission from Alan Turing" })
      .click();
    await page.getByRole("button", { name: "Delete Submission" }).click();
    await expect(page.getByTestId("toast")).toContainText("Submission deleted");
    await expect(page).toHaveURL(`${INBOX}?kind=application`);
    await expect(inboxRow(page, email)).toHaveCount(0);
    expect(await row("job_applications", application.id)).toBeNull();
    expect(await cvExists(application.cvPath)).toBe(false);

    // The confirmation page of something already gone says so.
    const gone = await page.goto(
      `${INBOX}/application/${application.id}/delete`,
    );
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("Submission Not Found")).toBeVisible();
  });

  test(
    "the team navigation shows how many submissions are new",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      await storeMessage(uniqueEmail("inbox-count", testInfo.project.name));
      await signIn(page, "admin");
      await expect(page).toHaveURL(/\/admin$/);
      const before = await newCount();
      await page.goto(INBOX);
      const after = await newCount();
      const nav = page.getByRole("navigation", { name: "Team tools" });
      const badge = nav.getByTestId("inbox-new-count");
      // The badge counts up to 100 (a bounded read): past 99 it says "99+".
      const text = (await badge.textContent()) ?? "";
      if (text === "99+ new") {
        expect(Math.max(before, after)).toBeGreaterThan(99);
      } else {
        const shown = Number(/(\d+) new/.exec(text)?.[1]);
        expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
        expect(shown).toBeLessThanOrEqual(Math.max(before, after));
      }
      await nav.getByRole("link", { name: "Platform Users" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(
        page
          .getByRole("navigation", { name: "Team tools" })
          .getByTestId("inbox-new-count"),
      ).toHaveText(/\d+\+? new/);
    },
  );
});

// Refusals: the server's status and page, the same document with and without
// scripts, and direct posts and Supabase reads over HTTP; once, in "js".
test.describe("who may not use the inbox", { tag: "@js-only" }, () => {
  test("an anonymous visitor gets the sign-in page, for the list and the CV", async ({
    page,
  }) => {
    const { id } = await storeApplication(uniqueEmail("inbox-anon", "any"));
    for (const path of [INBOX, `${INBOX}/${id}/cv`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(401);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(
        page.getByRole("heading", { name: "Team Login" }),
      ).toBeVisible();
      await expect(page.getByText("Alan Turing")).toHaveCount(0);
    }
    const post = await page.request.post(INBOX, {
      form: { intent: "mark-handled", kind: "application", id },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(401);
    expect((await row("job_applications", id))?.status).toBe("new");
  });

  for (const account of ["author", "reader"] as const) {
    test(`${account}: access denied in the app, nothing through Supabase`, async ({
      page,
    }) => {
      const email = uniqueEmail(`inbox-${account}`, "any");
      const messageId = await storeMessage(email);
      const application = await storeApplication(email);

      await signIn(page, account, INBOX);
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        "This area is restricted to team members only.",
      );
      for (const path of [
        INBOX,
        `${INBOX}/${application.id}/cv`,
        `${INBOX}/message/${messageId}/delete`,
      ]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(403);
        await expect(page.getByTestId("access-denied-message")).toBeVisible();
        await expect(page.getByText(email)).toHaveCount(0);
      }
      const post = await page.request.post(INBOX, {
        form: { intent: "mark-handled", kind: "message", id: messageId },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(403);
      const remove = await page.request.post(
        `${INBOX}/message/${messageId}/delete`,
        { form: {}, headers: { Origin: BASE_URL }, maxRedirects: 0 },
      );
      expect(remove.status()).toBe(403);
      expect((await row("contact_messages", messageId))?.status).toBe("new");

      // Straight through Supabase with the publishable key and their session.
      const client = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const signedIn = await client.auth.signInWithPassword({
        email: ACCOUNTS[account].email,
        password: DEMO_PASSWORD,
      });
      expect(signedIn.error).toBeNull();
      for (const table of ["contact_messages", "job_applications"] as const) {
        const { data, error } = await client
          .from(table)
          .select("id")
          .eq("email", email);
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      const view = await client.from("inbox_items").select("id").limit(5);
      expect(view.error).toBeNull();
      expect(view.data).toEqual([]);
      const update = await client
        .from("contact_messages")
        .update({ status: "handled" })
        .eq("id", messageId)
        .select("id");
      expect(update.data ?? []).toEqual([]);
      await client.from("job_applications").delete().eq("id", application.id);
      expect(await row("contact_messages", messageId)).toMatchObject({
        status: "new",
      });
      expect(await row("job_applications", application.id)).not.toBeNull();
      const signed = await client.storage
        .from("cv-uploads")
        .createSignedUrl(application.cvPath, 60);
      expect(signed.data).toBeNull();
      const download = await client.storage
        .from("cv-uploads")
        .download(application.cvPath);
      expect(download.data).toBeNull();
      await client.storage.from("cv-uploads").remove([application.cvPath]);
      expect(await cvExists(application.cvPath)).toBe(true);
    });
  }

  test(
    "anonymous calls straight to Supabase read and sign nothing",
    {
      tag: "@js-only",
    },
    async () => {
      const email = uniqueEmail("inbox-anon-api", "any");
      await storeMessage(email);
      const application = await storeApplication(email);
      const anon = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      for (const table of [
        "inbox_items",
        "contact_messages",
        "job_applications",
      ] as const) {
        const { data, error } = await anon.from(table).select("id");
        expect(data).toBeNull();
        expect(error).not.toBeNull();
      }
      const signed = await anon.storage
        .from("cv-uploads")
        .createSignedUrl(application.cvPath, 60);
      expect(signed.data).toBeNull();
    },
  );
});
