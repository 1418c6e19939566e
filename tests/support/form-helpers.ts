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

/**
 * The honeypot fields of a page's form and a submission key of its own, as a
 * browser would post a newly rendered form.
 */
export function honeypotFields(html: string) {
  const validFrom = /name="from__confirm" value="([^"]*)"/.exec(html)?.[1];
  expect(validFrom, "the form renders the honeypot").toBeTruthy();
  return {
    name__confirm: "",
    from__confirm: validFrom!,
    submissionKey: crypto.randomUUID(),
  };
}

/**
 * The submission key a page's hydration data holds (the company page renders
 * its form only once opened, so its markup has no key field).
 */
export function hydrationSubmissionKey(html: string) {
  return /submissionKey\\+",\\+"([0-9a-f-]{36})\\+"/.exec(html)?.[1];
}
