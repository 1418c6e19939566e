import type { APIRequestContext, APIResponse } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  signIn,
  signInForm,
  signInRequest,
  submitSignIn,
} from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY,
} from "../support/e2e-env.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { submitServedForm } from "../support/form-helpers.ts";
import { servedHtml } from "../support/served-html.ts";
import { forgeToken } from "#supabase/local/forged-token.ts";

// The browser tests here run with scripts ("js"). Without scripts the sign-in
// and sign-out forms are plain posts answered by a redirect and a page: the
// no-JS tests (@no-js-only) post the forms the server renders, as a browser
// does, and read the redirects and the pages they lead to. Tests that make
// only HTTP requests run once, in "js".

// A sign-in hashes a password and writes a session on the embedded database;
// on a busy machine that takes seconds, so waits here are longer.
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN_DENIED = "This area is restricted to team members only.";
const AUTHOR_DENIED =
  "This area is restricted to authors and team members only.";
const DEFAULT_DENIED =
  "This area is restricted to Recursa team members only. If you believe this is an error, please contact support.";
const AUTH_COOKIE = "sb-127-auth-token";

/** Same-site paths until URL normalisation makes them "//evil.example/…". */
const NORMALISED_OFFSITE = [
  "/a/..//evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/x/%2E%2E//evil.example/admin",
];

/** Signs in through the sign-in form served at `pageUrl`, as a browser without scripts. */
function postSignIn(
  request: APIRequestContext,
  pageUrl: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  return submitServedForm(request, pageUrl, "sign-in", { email, password });
}

/** Where a redirect leads, read as the page a browser shows. */
async function follow(request: APIRequestContext, answer: APIResponse) {
  expect(answer.status(), answer.url()).toBe(302);
  const location = answer.headers().location!;
  const page = await request.get(new URL(location, answer.url()).toString());
  return { location, page, html: servedHtml(await page.text()) };
}

/** Signs out through the served Sign Out form of `pageUrl`; what /auth then shows. */
async function postSignOut(request: APIRequestContext, pageUrl: string) {
  const { answer } = await submitServedForm(request, pageUrl, "/sign-out", {});
  const after = await follow(request, answer);
  expect(after.location).toBe("/auth");
  return { answer, html: after.html };
}

/** Whether the answer clears every auth cookie it sets. */
const authCookiesCleared = (answer: APIResponse) => {
  const set = answer
    .headersArray()
    .filter(
      (header) =>
        header.name.toLowerCase() === "set-cookie" &&
        header.value.startsWith(AUTH_COOKIE),
    );
  return (
    set.length > 0 && set.every((header) => /Max-Age=0/i.test(header.value))
  );
};

test.describe("Team Login", () => {
  test(
    "the form: email and password, both required",
    { tag: "@js-only" },
    async ({ page }) => {
      const response = await page.goto("/auth");
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole("heading", { name: "Team Login" }),
      ).toBeVisible();
      const email = page.getByLabel("Email");
      await expect(email).toHaveAttribute("type", "email");
      await expect(email).toHaveAttribute("required", "");
      await expect(
        page.getByRole("textbox", { name: "Password" }),
      ).toHaveAttribute("required", "");
      await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        "content",
        /noindex/,
      );
    },
  );

  test(
    "an admin lands on /admin with the welcome toast",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, "admin");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId("toast")).toContainText("Welcome back!");
      await expect(
        page.getByRole("heading", { name: "Platform Users Management" }),
      ).toBeVisible();
    },
  );

  test("an author lands on /write", { tag: "@js-only" }, async ({ page }) => {
    await signIn(page, "author");
    await expect(page).toHaveURL(/\/write$/);
  });

  test(
    "a regular user sees the access-denied view with a way out",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, "reader");
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        DEFAULT_DENIED,
      );
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByTestId("toast")).toContainText(
        "Signed out successfully",
      );
      await expect(
        page.getByRole("heading", { name: "Team Login" }),
      ).toBeVisible();
    },
  );

  // busy states come from scripts
  test(
    "while JS runs, the button says it is busy",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/auth");
      // Hold the action so the busy state can be seen.
      await page.route(
        (url) => url.pathname === "/auth.data",
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        },
      );
      await page.getByLabel("Email").fill(ACCOUNTS.admin.email);
      await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(
        page.getByRole("button", { name: "Signing in..." }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    },
  );

  test(
    "a wrong password shows the server's message, keeps the email, clears the password",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/auth");
      await submitSignIn(page, ACCOUNTS.author.email, "not-the-password");
      await expect(page.getByRole("alert")).toContainText(
        "Invalid login credentials",
      );
      await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.author.email);
      await expect(page.getByRole("textbox", { name: "Password" })).toHaveValue(
        "",
      );
      await expect(page).toHaveURL(/\/auth$/);
    },
  );

  test(
    "after five failures for one email the sixth answers 429 with a message",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      const email = `limit-${testInfo.project.name}-${Date.now()}@example.com`;
      await page.goto("/auth");
      for (let attempt = 1; attempt <= 5; attempt++) {
        await submitSignIn(page, email, `wrong-${attempt}`);
        await expect(page.getByRole("alert")).toContainText(
          "Invalid login credentials",
        );
      }
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          response.url().includes("/auth"),
      );
      await submitSignIn(page, email, "wrong-6");
      expect((await answer).status()).toBe(429);
      await expect(page.getByRole("alert")).toContainText(
        "Too many sign-in attempts. Please wait a minute and try again.",
      );
      await expect(page.getByLabel("Email")).toHaveValue(email);
    },
  );

  test(
    "a restricted page shows the sign-in form in place and comes back after it",
    { tag: "@js-only" },
    async ({ page }) => {
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(401);
      await expect(
        page.getByRole("heading", { name: "Team Login" }),
      ).toBeVisible();
      await submitSignIn(page, ACCOUNTS.admin.email);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(
        page.getByRole("heading", { name: "Platform Users Management" }),
      ).toBeVisible();
    },
  );

  test(
    "open redirects fall back to the role's page",
    { tag: "@js-only" },
    async ({ page }) => {
      // Passes a check made before normalisation; normalised, "//evil.example".
      await signIn(page, "admin", "/a/..//evil.example");
      await expect(page).toHaveURL(`${BASE_URL}/admin`);
      // Signed in as a team member, /auth redirects straight away. The page's
      // request context shares its cookies; the redirect is what is checked,
      // without rendering the admin page six more times.
      for (const hostile of [
        "https://evil.example",
        "/\\evil.example",
        "/%2F%2Fevil.example",
        "%2F%5Cevil.example",
        "/\t/evil.example",
        "javascript:alert(1)",
        ...NORMALISED_OFFSITE,
      ]) {
        const response = await page.request.get(
          `/auth?${new URLSearchParams({ redirect: hostile })}`,
          { maxRedirects: 0 },
        );
        expect(response.status(), hostile).toBe(302);
        expect(response.headers().location, hostile).toBe("/admin");
      }
      await page.goto(`/auth?${new URLSearchParams({ redirect: "/company" })}`);
      await expect(page).toHaveURL(`${BASE_URL}/company`);
    },
  );

  test(
    "the posted redirect is checked as well",
    { tag: "@js-only" },
    async ({ request }) => {
      for (const hostile of ["//evil.example/steal", ...NORMALISED_OFFSITE]) {
        const form = await signInForm(
          request,
          ACCOUNTS.admin.email,
          DEMO_PASSWORD,
        );
        const response = await request.post("/auth", {
          form: { ...form, redirectTo: hostile },
          headers: { Origin: BASE_URL },
          maxRedirects: 0,
        });
        expect(response.status(), hostile).toBe(302);
        expect(response.headers().location, hostile).toBe("/admin");
        await request.post("/sign-out", {
          form: {},
          headers: { Origin: BASE_URL },
          maxRedirects: 0,
        });
      }
    },
  );
});

test.describe("access denied", () => {
  test(
    "regular users and authors are refused /admin with its message (403)",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, "reader", "/admin");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        ADMIN_DENIED,
      );
      expect((await page.goto("/admin"))?.status()).toBe(403);
      await expect(
        page.getByRole("button", { name: "Sign Out" }),
      ).toBeVisible();
    },
  );

  test(
    "an author is refused /admin too",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, "author", "/admin");
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        ADMIN_DENIED,
      );
    },
  );

  test(
    "a regular user is refused the writing page with the authors' message",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, "reader", "/write");
      await expect(page).toHaveURL(/\/write$/);
      const response = await page.goto("/write");
      expect(response?.status()).toBe(403);
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        AUTHOR_DENIED,
      );
    },
  );
});

test.describe("sessions", () => {
  test(
    "sign-in sets HttpOnly, SameSite=Lax, Path=/ cookies (not Secure over http)",
    { tag: "@js-only" },
    async ({ request }) => {
      const response = await signInRequest(request, "admin");
      expect(response.headers().location).toBe("/admin");
      const cookies = response
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie")
        .map((header) => header.value);
      const auth = cookies.filter((cookie) =>
        cookie.startsWith(`${AUTH_COOKIE}`),
      );
      expect(auth.length).toBeGreaterThan(0);
      for (const cookie of auth) {
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
        expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
        expect(cookie).not.toMatch(/;\s*Secure/i);
      }
      expect(response.headers()["cache-control"]).toContain("no-store");
      const admin = await request.get("/admin");
      expect(admin.status()).toBe(200);
      expect(admin.headers()["cache-control"]).toMatch(/private/);
      expect(admin.headers()["cache-control"]).toMatch(/no-store/);
    },
  );

  test(
    "no token or key reaches the page",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await signIn(page, "admin");
      await expect(page).toHaveURL(/\/admin$/);
      const cookie = (await context.cookies()).find((c) =>
        c.name.startsWith(AUTH_COOKIE),
      );
      expect(cookie?.httpOnly).toBe(true);
      const session = JSON.parse(
        Buffer.from(
          cookie!.value.replace(/^base64-/, ""),
          "base64url",
        ).toString(),
      ) as { access_token: string; refresh_token: string };
      const html = await page.content();
      const served = await (await page.request.get("/admin")).text();
      for (const text of [html, served]) {
        for (const secret of [
          session.access_token,
          session.refresh_token,
          SUPABASE_ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY,
          "access_token",
          "refresh_token",
        ]) {
          expect(text).not.toContain(secret);
        }
      }
      if (test.info().project.name === "js") {
        const visible = await page.evaluate(() => document.cookie);
        expect(visible).not.toContain(AUTH_COOKIE);
      }
    },
  );

  test(
    "no key or token name is in the built client assets",
    { tag: "@js-only" },
    () => {
      const root = fileURLToPath(
        new URL("../../build/client", import.meta.url),
      );
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(js|css|html|json|map)$/.test(name)) files.push(path);
        }
      };
      walk(root);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = readFileSync(file, "utf8");
        for (const secret of [
          SUPABASE_ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY,
          "access_token",
          "refresh_token",
        ]) {
          expect(
            text.includes(secret),
            `${secret.slice(0, 20)} in ${file}`,
          ).toBe(false);
        }
      }
    },
  );

  test(
    "sign-out from admin lands on /auth and the old cookie cannot be replayed",
    { tag: "@js-only" },
    async ({ page, context }) => {
      await signIn(page, "admin");
      await expect(page).toHaveURL(/\/admin$/);
      const saved = (await context.cookies())
        .filter((c) => c.name.startsWith(AUTH_COOKIE))
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      expect(saved).not.toBe("");
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByTestId("toast")).toContainText(
        "Signed out successfully",
      );
      expect(
        (await context.cookies()).filter((c) => c.name.startsWith(AUTH_COOKIE)),
      ).toEqual([]);
      expect((await page.goto("/admin"))?.status()).toBe(401);

      // The copied cookie is dead on the server too, and gets cleared.
      const replay = await fetch(`${BASE_URL}/admin`, {
        headers: { Cookie: saved },
      });
      expect(replay.status).toBe(401);
      expect(
        replay.headers.getSetCookie().some((c) => /Max-Age=0/.test(c)),
      ).toBe(true);
    },
  );

  test(
    "a session forged with the Supabase CLI's public demo secret is refused and cleared",
    { tag: "@js-only" },
    async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        sub: ACCOUNTS.admin.id,
        email: ACCOUNTS.admin.email,
        role: "authenticated",
        aud: "authenticated",
        iat: now,
        exp: now + 3600,
        // No session_id: the old embedded Auth took such a token at its word.
      };
      const session = {
        access_token: forgeToken(claims),
        refresh_token: "forged-refresh-token",
        token_type: "bearer",
        expires_in: 3600,
        expires_at: now + 3600,
        user: { id: claims.sub, email: claims.email, aud: claims.aud },
      };
      const cookie = `${AUTH_COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
      const response = await fetch(`${BASE_URL}/admin`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(401);
      expect(
        response.headers.getSetCookie().some((c) => /Max-Age=0/.test(c)),
      ).toBe(true);
    },
  );

  test(
    "sign-out elsewhere goes back to the same page",
    { tag: "@js-only" },
    async ({ request }) => {
      await signInRequest(request, "author");
      const response = await request.post("/sign-out", {
        form: { redirectTo: "/company" },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("/company");
      for (const hostile of ["//evil.example", ...NORMALISED_OFFSITE]) {
        const offsite = await request.post("/sign-out", {
          form: { redirectTo: hostile },
          headers: { Origin: BASE_URL },
          maxRedirects: 0,
        });
        expect(offsite.headers().location, hostile).toBe("/");
      }
    },
  );
});

test.describe("without scripts", () => {
  test(
    "each role signs in through the served form, lands on its page and signs out",
    { tag: "@no-js-only" },
    async ({ request, baseURL }) => {
      const auth = new URL("/auth", baseURL).toString();
      const form = servedHtml(await (await request.get(auth)).text());
      expect(form.text).toContain("Team Login");

      const admin = await follow(
        request,
        (await postSignIn(request, auth, ACCOUNTS.admin.email)).answer,
      );
      expect(admin.location).toBe("/admin");
      expect(admin.html.toast?.title).toBe("Welcome back!");
      expect(admin.html.text).toContain("Platform Users Management");
      const out = await postSignOut(request, admin.page.url());
      expect(authCookiesCleared(out.answer)).toBe(true);
      expect(out.html.toast?.title).toBe("Signed out successfully");
      expect((await request.get("/admin")).status()).toBe(401);

      const author = await postSignIn(request, auth, ACCOUNTS.author.email);
      expect(author.answer.headers().location).toBe("/write");
      await postSignOut(request, new URL("/write", baseURL).toString());

      // A regular user has no page of their own: the answer is the refusal.
      const reader = await postSignIn(request, auth, ACCOUNTS.reader.email);
      expect(reader.answer.status()).toBe(403);
      expect(reader.html.text).toContain(DEFAULT_DENIED);
      expect(reader.html.linkTo("Platform sign-in")).toMatch(
        /^https?:\/\/[^/]+\/auth$/,
      );
      const readerOut = await postSignOut(request, auth);
      expect(readerOut.html.toast?.title).toBe("Signed out successfully");
      expect(readerOut.html.text).toContain("Team Login");
    },
  );

  test(
    "a wrong password answers the message, keeps the email and not the password",
    { tag: "@no-js-only" },
    async ({ request, baseURL }) => {
      const auth = new URL("/auth", baseURL).toString();
      const wrong = await postSignIn(
        request,
        auth,
        ACCOUNTS.author.email,
        "not-the-password",
      );
      expect(wrong.html.announcements).toContainEqual(
        expect.stringContaining("Invalid login credentials"),
      );
      expect(wrong.html.value("email", "sign-in")).toBe(ACCOUNTS.author.email);
      expect(wrong.html.value("password", "sign-in")).toBe("");
    },
  );

  test(
    "after five failures for one email the sixth answers 429 with its message and the email kept",
    { tag: "@no-js-only" },
    async ({ request, baseURL }, testInfo) => {
      const auth = new URL("/auth", baseURL).toString();
      const email = `limit-${testInfo.project.name}-${Date.now()}@example.com`;
      for (let attempt = 1; attempt <= 5; attempt++) {
        const { html } = await postSignIn(
          request,
          auth,
          email,
          `wrong-${attempt}`,
        );
        expect(html.announcements).toContainEqual(
          expect.stringContaining("Invalid login credentials"),
        );
      }
      const limited = await postSignIn(request, auth, email, "wrong-6");
      expect(limited.answer.status()).toBe(429);
      expect(limited.html.announcements).toContainEqual(
        expect.stringContaining(
          "Too many sign-in attempts. Please wait a minute and try again.",
        ),
      );
      expect(limited.html.value("email", "sign-in")).toBe(email);
    },
  );

  test(
    "a restricted page serves the sign-in form in place and comes back to it; a hostile redirect falls back; the wrong role is refused with its message",
    { tag: "@no-js-only" },
    async ({ request, baseURL }) => {
      const adminPage = new URL("/admin", baseURL).toString();
      const restricted = await request.get(adminPage);
      expect(restricted.status()).toBe(401);
      expect(servedHtml(await restricted.text()).text).toContain("Team Login");
      const back = await postSignIn(request, adminPage, ACCOUNTS.admin.email);
      const admin = await follow(request, back.answer);
      expect(admin.location).toBe("/admin");
      expect(admin.html.text).toContain("Platform Users Management");
      await postSignOut(request, adminPage);

      const hostile = await postSignIn(
        request,
        new URL(
          `/auth?${new URLSearchParams({ redirect: "/a/..//evil.example" })}`,
          baseURL,
        ).toString(),
        ACCOUNTS.admin.email,
      );
      expect(hostile.answer.headers().location).toBe("/admin");
      await postSignOut(request, adminPage);

      const reader = await follow(
        request,
        (await postSignIn(request, adminPage, ACCOUNTS.reader.email)).answer,
      );
      expect(reader.location).toBe("/admin");
      expect(reader.page.status()).toBe(403);
      expect(reader.html.text).toContain(ADMIN_DENIED);
      expect(reader.html.form("/sign-out").method).toBe("post");
      const write = await request.get("/write");
      expect(write.status()).toBe(403);
      expect(servedHtml(await write.text()).text).toContain(AUTHOR_DENIED);
      await postSignOut(request, adminPage);

      const author = await follow(
        request,
        (await postSignIn(request, adminPage, ACCOUNTS.author.email)).answer,
      );
      expect(author.page.status()).toBe(403);
      expect(author.html.text).toContain(ADMIN_DENIED);
    },
  );
});

test.describe("when Supabase fails the sign-out", () => {
  let site: FailingSite;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  // The server's message when it gives one, the product's fallback when it is empty.
  const cases = [
    { served: "Logout backend down", shown: "Logout backend down" },
    { served: "", shown: "Failed to sign out" },
  ];

  for (const { served, shown } of cases) {
    test(
      `"Error signing out" / "${shown}", and this browser is signed out anyway`,
      { tag: "@js-only" },
      async ({ page, context }) => {
        site.failWhen(({ method, url }) =>
          method === "POST" && url.pathname === "/auth/v1/logout"
            ? { code: "unexpected_failure", message: served }
            : null,
        );
        await page.goto(`${site.url}/auth`);
        await submitSignIn(page, ACCOUNTS.admin.email);
        await expect(page).toHaveURL(`${site.url}/admin`);
        await page.getByRole("button", { name: "Sign Out" }).click();
        await expect(page).toHaveURL(`${site.url}/auth`);
        const toast = page.getByTestId("toast");
        await expect(toast).toContainText("Error signing out");
        await expect(toast).toContainText(shown);
        await expect(toast).not.toContainText("Signed out successfully");
        expect(
          (await context.cookies(site.url)).filter((c) =>
            c.name.startsWith(AUTH_COOKIE),
          ),
        ).toEqual([]);
        expect((await page.goto(`${site.url}/admin`))?.status()).toBe(401);
      },
    );
  }
  test(
    "without scripts: the error toast, and signed out anyway",
    { tag: "@no-js-only" },
    async ({ request }) => {
      for (const { served, shown } of cases) {
        site.failWhen(({ method, url }) =>
          method === "POST" && url.pathname === "/auth/v1/logout"
            ? { code: "unexpected_failure", message: served }
            : null,
        );
        const signedIn = await postSignIn(
          request,
          `${site.url}/auth`,
          ACCOUNTS.admin.email,
        );
        expect(signedIn.answer.headers().location).toBe("/admin");
        const { answer, html } = await postSignOut(
          request,
          `${site.url}/admin`,
        );
        expect(html.toast?.title).toBe("Error signing out");
        expect(html.toast?.description).toBe(shown);
        expect(authCookiesCleared(answer)).toBe(true);
        expect((await request.get(`${site.url}/admin`)).status()).toBe(401);
      }
    },
  );
});

test.describe("cross-site and bot posts", () => {
  test(
    "a cross-origin form post is refused",
    { tag: "@js-only" },
    async ({ request }) => {
      const form = await signInForm(
        request,
        ACCOUNTS.admin.email,
        DEMO_PASSWORD,
      );
      await signInRequest(request, "admin");
      const evil = { Origin: "https://evil.example" };
      const signInPost = await request.post("/auth", {
        form,
        headers: evil,
        maxRedirects: 0,
      });
      expect(signInPost.status()).toBe(400);
      const signOutPost = await request.post("/sign-out", {
        form: { redirectTo: "/" },
        headers: evil,
        maxRedirects: 0,
      });
      expect(signOutPost.status()).toBe(403);
      const adminPost = await request.post("/admin", {
        form: { intent: "make-author", userId: ACCOUNTS.reader.id },
        headers: evil,
        maxRedirects: 0,
      });
      expect(adminPost.status()).toBe(400);
      // Still signed in: the refused sign-out did nothing.
      expect((await request.get("/admin")).status()).toBe(200);
    },
  );

  test(
    "a filled honeypot is refused",
    { tag: "@js-only" },
    async ({ request }) => {
      const form = await signInForm(
        request,
        ACCOUNTS.admin.email,
        DEMO_PASSWORD,
      );
      const response = await request.post("/auth", {
        form: { ...form, name__confirm: "bot" },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
    },
  );

  test(
    "sign-out only answers POST",
    { tag: "@js-only" },
    async ({ request }) => {
      expect((await request.get("/sign-out")).status()).toBe(405);
    },
  );
});
