// Signing in from end-to-end tests, through the real /auth form (page) or the
// same form post without a browser (APIRequestContext).
import { createClient } from "@supabase/supabase-js";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  DEMO_ACCOUNTS,
  demoPassword,
} from "../../supabase/local/demo-accounts.ts";
import { expect } from "./fixtures.ts";
import {
  BASE_URL,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "./e2e-env.ts";

export const DEMO_PASSWORD = demoPassword();

export const ACCOUNTS = DEMO_ACCOUNTS;

export type Account = keyof typeof ACCOUNTS;

/** Fills and submits the sign-in form already shown on the page. */
export async function submitSignIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens /auth (optionally with ?redirect=) and signs in as a demo account. */
export async function signIn(page: Page, account: Account, redirect?: string) {
  const query =
    redirect === undefined ? "" : `?${new URLSearchParams({ redirect })}`;
  await page.goto(`/auth${query}`);
  await expect(page.getByRole("heading", { name: "Team Login" })).toBeVisible();
  await submitSignIn(page, ACCOUNTS[account].email);
}

/** The sign-in form's fields as a browser would post them, honeypot included. */
export async function signInForm(
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const html = await (await request.get("/auth")).text();
  expect(html, "the form renders the honeypot").toContain(
    'name="name__confirm"',
  );
  return { email, password, name__confirm: "" };
}

/**
 * Signs in without a browser; the request context keeps the cookies. A
 * regular user has no page of their own: give them a `redirectTo`.
 */
export async function signInRequest(
  request: APIRequestContext,
  account: Account,
  redirectTo?: string,
) {
  const form = await signInForm(
    request,
    ACCOUNTS[account].email,
    DEMO_PASSWORD,
  );
  const response = await request.post("/auth", {
    form: redirectTo ? { ...form, redirectTo } : form,
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return response;
}

export function serviceClient() {
  return createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}
