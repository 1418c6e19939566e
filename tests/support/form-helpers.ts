// Shared by the public-form specs (contact page, company dialog, job application).
import { createClient } from "@supabase/supabase-js";
import type { APIRequestContext, Locator } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from "./e2e-env.ts";
import { servedHtml } from "./served-html.ts";

/** Reads what the forms stored, bypassing row-level security. */
export const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false },
});

export function uniqueEmail(prefix: string, project: string) {
  return `${prefix}-${project}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What a bot does: fills the field every human leaves empty. */
export async function fillHoneypot(form: Locator) {
  // The field is hidden from people, so Playwright cannot type into it.
  await form
    .locator('input[name="name__confirm"]')
    .evaluate((input: HTMLInputElement) => {
      input.value = "I am a bot";
    });
}

/** Waits until React has hydrated the element, so its click handler runs. */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactProps")),
      ),
    )
    .toBe(true);
}

/** The honeypot field of a page's form, as a browser posts it: empty. */
export function honeypotFields(html: string) {
  expect(html, "the form renders the honeypot").toContain(
    'name="name__confirm"',
  );
  return { name__confirm: "" };
}

type FilePart = { name: string; mimeType: string; buffer: Buffer };

/**
 * Sends a served form as a browser without scripts does: GETs `pageUrl`, takes
 * the form `formId` (an id, or `/path` for the form posting there): its action,
 * its method and the values it sends untouched (the honeypot included), and
 * posts them from the page's origin with `values` typed in. A value for a name
 * the form does not render fails the test: a browser would not send it. The
 * answer is not followed: a redirect is the test's to read.
 */
export async function submitServedForm(
  request: APIRequestContext,
  pageUrl: string,
  formId: string,
  values: Record<string, string | FilePart>,
  { replaceHoneypot }: { replaceHoneypot?: string } = {},
) {
  const page = await request.get(pageUrl);
  // A restricted page answers 401 or 403 with its sign-in or sign-out form.
  expect(page.status(), `GET ${pageUrl}`).toBeLessThan(500);
  const form = servedHtml(await page.text()).form(formId);
  expect(form.method.toLowerCase()).toBe("post");
  for (const name of Object.keys(values)) {
    expect(form.names, `the form renders a field "${name}"`).toContain(name);
  }
  const body: Record<string, string | FilePart> = { ...form.sent, ...values };
  // A file field left empty is still sent, as a part with no name or bytes.
  for (const name of form.files) {
    body[name] ??= {
      name: "",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(0),
    };
  }
  if (replaceHoneypot !== undefined) {
    expect(form.sent, "the form renders the honeypot").toHaveProperty(
      "name__confirm",
    );
    body.name__confirm = replaceHoneypot;
  }
  const url = new URL(form.action || pageUrl, page.url());
  url.hash = "";
  // A browser's form post names the page's origin, as the site's check expects.
  const headers = { Origin: new URL(page.url()).origin };
  let answer;
  if (form.encType === "multipart/form-data") {
    // FormData, since Playwright's multipart object refuses a nameless file.
    const multipart = new FormData();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === "string") multipart.append(name, value);
      else
        multipart.append(
          name,
          new File([new Uint8Array(value.buffer)], value.name, {
            type: value.mimeType,
          }),
        );
    }
    answer = await request.post(url.toString(), {
      multipart,
      headers,
      maxRedirects: 0,
    });
  } else {
    answer = await request.post(url.toString(), {
      form: body as Record<string, string>,
      headers,
      maxRedirects: 0,
    });
  }
  return { answer, html: servedHtml(await answer.text()) };
}
