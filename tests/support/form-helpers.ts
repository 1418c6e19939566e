// Shared by the public-form specs (contact page, company dialog, job application).
import { createClient } from "@supabase/supabase-js";
import type { Locator } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from "./e2e-env.ts";

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
