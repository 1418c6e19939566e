import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  serviceClient,
  signIn,
  signInRequest,
  submitSignIn,
} from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_ANON_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// A sign-in hashes a password and writes a session on the embedded database;
// on a busy machine that takes seconds, so waits here are longer.
const expect = baseExpect.configure({ timeout: 20_000 });

type Throwaway = { id: string; email: string; username: string | null };

const created: string[] = [];

/** A platform user of this test alone, so toggling never changes a demo account's role. */
async function createPlatformUser(fields: {
  username: string | null;
  email: string | null;
  avatar_url?: string | null;
  is_author?: boolean;
}): Promise<Throwaway> {
  const admin = serviceClient();
  const email = `throwaway-${randomUUID()}@example.com`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error("no user created");
  created.push(data.user.id);
  const row = {
    id: data.user.id,
    is_author: false,
    avatar_url: null,
    ...fields,
  };
  const insert = await admin.from("platform_users").insert(row);
  if (insert.error) throw insert.error;
  return {
    id: data.user.id,
    email: fields.email ?? email,
    username: fields.username,
  };
}

async function isAuthor(id: string) {
  const { data, error } = await serviceClient()
    .from("platform_users")
    .select("is_author")
    .eq("id", id)
    .single();
  if (error) throw error;
  return data.is_author as boolean;
}

test.afterAll(async () => {
  const admin = serviceClient();
  for (const id of created.splice(0)) await admin.auth.admin.deleteUser(id);
});

test.describe("Platform Users Management", () => {
  test("lists platform users without team members or nameless rows", async ({
    page,
  }) => {
    const named = await createPlatformUser({
      username: `Listed ${randomUUID().slice(0, 8)}`,
      email: null,
      avatar_url: "/favicon.svg",
    });
    const emailOnly = await createPlatformUser({
      username: null,
      email: `only-${randomUUID().slice(0, 8)}@example.com`,
      is_author: true,
    });
    const nameless = await createPlatformUser({ username: null, email: null });

    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "User",
      "Status",
      "Actions",
    ]);

    const namedRow = page.getByRole("row").filter({ hasText: named.username! });
    await expect(namedRow).toHaveCount(1);
    await expect(namedRow.locator("img")).toHaveAttribute(
      "src",
      "/favicon.svg",
    );
    await expect(namedRow.getByText("Regular User")).toBeVisible();
    await expect(
      namedRow.getByRole("button", { name: "Make Author" }),
    ).toBeVisible();

    const emailRow = page.getByRole("row").filter({ hasText: emailOnly.email });
    await expect(emailRow.getByText("Author", { exact: true })).toBeVisible();
    await expect(
      emailRow.getByRole("button", { name: "Remove Author" }),
    ).toBeVisible();
    await expect(emailRow.locator("img")).toHaveCount(0);

    await expect(
      page.getByRole("row").filter({ hasText: "Ada Author" }),
    ).toHaveCount(1);
    // Team members (the admin) are not listed.
    await expect(
      page.getByRole("row").filter({ hasText: ACCOUNTS.admin.email }),
    ).toHaveCount(0);
    // Nameless rows are hidden: every listed user has a name.
    for (const cell of await page
      .getByTestId("platform-user-row")
      .locator("td:first-child")
      .all()) {
      expect((await cell.innerText()).trim()).not.toBe("");
    }
    await expect(
      page.locator(`input[name="userId"][value="${nameless.id}"]`),
    ).toHaveCount(0);
  });

  test("Make Author then Remove Author, with a fresh list and a toast each time", async ({
    page,
  }) => {
    const user = await createPlatformUser({
      username: `Toggle ${randomUUID().slice(0, 8)}`,
      email: null,
    });
    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    const row = page.getByRole("row").filter({ hasText: user.username! });

    await row.getByRole("button", { name: "Make Author" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "User is now an author",
    );
    await expect(row.getByText("Author", { exact: true })).toBeVisible();
    await expect(
      row.getByRole("button", { name: "Remove Author" }),
    ).toBeVisible();
    expect(await isAuthor(user.id)).toBe(true);

    await row.getByRole("button", { name: "Remove Author" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "User is no longer an author",
    );
    await expect(row.getByText("Regular User")).toBeVisible();
    await expect(
      row.getByRole("button", { name: "Make Author" }),
    ).toBeVisible();
    expect(await isAuthor(user.id)).toBe(false);
    await expect(page).toHaveURL(`${BASE_URL}/admin`);
  });

  test("a bad toggle request reports the failure", async ({ request }) => {
    await signInRequest(request, "admin");
    const response = await request.post("/admin", {
      form: { intent: "make-author", userId: "not-a-uuid" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const page = await request.get("/admin");
    expect(await page.text()).toContain("Failed to update user role");
  });
});

test.describe("when Supabase fails to list", () => {
  let site: FailingSite;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    site = await startFailingSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  // The role check reads the admin's own rows (filtered by id, is_author
  // only); only the page's list reads are failed, so the admin still gets in.
  const cases = [
    {
      table: "platform_users",
      message: "Failed to load platform users",
      fails: (url: URL) =>
        url.pathname === "/rest/v1/platform_users" &&
        (url.searchParams.get("select") ?? "").includes("username"),
    },
    {
      table: "team_members",
      message: "Failed to load team members",
      fails: (url: URL) =>
        url.pathname === "/rest/v1/team_members" && !url.searchParams.has("id"),
    },
  ];

  for (const { table, message, fails } of cases) {
    test(`a failed ${table} read shows "Error" / "${message}" instead of the table`, async ({
      page,
    }) => {
      site.failWhen(({ url }) =>
        fails(url) ? { code: "XX000", message: "backend down" } : null,
      );
      await page.goto(`${site.url}/auth`);
      await submitSignIn(page, ACCOUNTS.admin.email);
      await expect(page).toHaveURL(`${site.url}/admin`);
      const alert = page.getByRole("alert").filter({ hasText: message });
      await expect(alert).toContainText("Error");
      await expect(alert).toContainText(message);
      await expect(page.getByRole("table")).toHaveCount(0);
      expect((await page.request.get(`${site.url}/admin`)).status()).toBe(500);
    });
  }
});

test.describe("authority", () => {
  test("a regular user's direct POST is refused, and so is the same update sent to Supabase", async ({
    request,
  }) => {
    const target = await createPlatformUser({
      username: `Target ${randomUUID().slice(0, 8)}`,
      email: null,
    });
    await signInRequest(request, "reader", "/");
    const response = await request.post("/admin", {
      form: { intent: "make-author", userId: target.id },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(
      "This area is restricted to team members only.",
    );
    expect(await isAuthor(target.id)).toBe(false);

    // Row-level security refuses the same update made with the reader's own token.
    const reader = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signedIn = await reader.auth.signInWithPassword({
      email: ACCOUNTS.reader.email,
      password: DEMO_PASSWORD,
    });
    expect(signedIn.error).toBeNull();
    for (const id of [target.id, ACCOUNTS.reader.id]) {
      const update = await reader
        .from("platform_users")
        .update({ is_author: true })
        .eq("id", id)
        .select("id");
      expect(update.data ?? []).toEqual([]);
      expect(await isAuthor(id)).toBe(false);
    }
    await reader.auth.signOut({ scope: "local" });
  });

  test("anonymous visitors get the sign-in form, not the list", async ({
    request,
  }) => {
    const response = await request.get("/admin");
    expect(response.status()).toBe(401);
    const html = await response.text();
    expect(html).toContain("Team Login");
    expect(html).not.toContain("Platform Users Management</h1>");
    const post = await request.post("/admin", {
      form: { intent: "make-author", userId: ACCOUNTS.reader.id },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(401);
  });
});
