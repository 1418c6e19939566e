import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { INVITATION_COPY } from "#app/content/invitation.ts";
import { PEOPLE_COPY } from "#app/content/people.ts";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  serviceClient,
  signIn,
  signInForm,
  signInRequest,
} from "../support/auth-helpers.ts";
import { axeTarget, expectNoAxeViolations } from "../support/axe.ts";
import { BASE_URL } from "../support/e2e-env.ts";
import { readMail, searchMail } from "../support/mailbox.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";

// The team page (/admin/people): an admin gives a person a role with plain
// form posts, and what that person may open follows the role on their very
// next request. Checked over HTTP; the browser only for axe.

const expect = baseExpect.configure({ timeout: 20_000 });
const ORIGIN = { Origin: BASE_URL };
const created: string[] = [];

/** An account of this test alone, with a platform_users row and no role. */
async function createAccount() {
  const admin = serviceClient();
  const email = `person-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error("no user created");
  created.push(data.user.id);
  const insert = await admin
    .from("platform_users")
    .insert({ id: data.user.id, email, username: null, is_author: false });
  if (insert.error) throw insert.error;
  return { id: data.user.id, email };
}

async function signInAs(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
) {
  const response = await request.post("/auth", {
    form: await signInForm(request, email, password),
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return response.headers().location;
}

function post(request: APIRequestContext, form: Record<string, string>) {
  return request.post("/admin/people", {
    form,
    headers: ORIGIN,
    maxRedirects: 0,
  });
}

async function statuses(request: APIRequestContext, paths: string[]) {
  const answers: Record<string, number> = {};
  for (const path of paths) {
    answers[path] = (await request.get(path, { maxRedirects: 0 })).status();
  }
  return answers;
}

/** The link of the newest invitation mailed to `email`, as a path on the site. */
async function invitationLink(email: string) {
  const [message] = await searchMail(`to:${email}`);
  if (!message) throw new Error(`no invitation mailed to ${email}`);
  const { HTML } = await readMail(message.ID);
  const href = /href="([^"]+)"/.exec(HTML)?.[1]?.replaceAll("&amp;", "&");
  if (!href) throw new Error("the invitation has no link");
  const url = new URL(href);
  expect(url.origin).toBe(BASE_URL);
  return `${url.pathname}${url.search}`;
}

async function invitationOf(email: string) {
  const { data, error } = await serviceClient()
    .from("invitations")
    .select("id, user_id")
    .eq("email", email)
    .order("created_at", { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  if (data.user_id) created.push(data.user_id);
  return data;
}

test.afterAll(async () => {
  const admin = serviceClient();
  for (const id of created.splice(0)) {
    await admin.from("team_members").delete().eq("id", id);
    await admin.auth.admin.deleteUser(id);
  }
});

test("an admin adds a person as an editor, then hiring, then removes them; each change holds on the person's next request @no-js-only", async ({
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  const person = await createAccount();
  await signInRequest(request, "admin");

  const add = await post(request, {
    intent: "add",
    email: person.email.toUpperCase(),
    role: "editor",
  });
  expect(add.status()).toBe(302);
  expect(add.headers().location).toBe("/admin/people");
  const list = await (await request.get("/admin/people")).text();
  expect(list).toContain(person.email);

  const again = await post(request, {
    intent: "add",
    email: person.email,
    role: "hiring",
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain(PEOPLE_COPY.alreadyOnTeam);

  const theirs = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    expect(await signInAs(theirs, person.email)).toBe("/write");
    const write = await (await theirs.get("/write")).text();
    const nav = write.slice(write.indexOf('aria-label="Team tools"'));
    expect(nav).toContain('href="/write"');
    expect(nav).toContain('href="/admin/newsletter"');
    expect(nav).not.toContain('href="/admin/people"');
    expect(nav).not.toContain('href="/admin/jobs"');
    expect(
      await statuses(theirs, [
        "/write",
        "/admin/people",
        "/admin/jobs",
        "/admin/newsletter",
      ]),
    ).toEqual({
      "/write": 200,
      "/admin/people": 403,
      "/admin/jobs": 403,
      "/admin/newsletter": 200,
    });

    const change = await post(request, {
      intent: "change-role",
      userId: person.id,
      role: "hiring",
    });
    expect(change.status()).toBe(302);
    expect(await statuses(theirs, ["/write", "/admin/jobs"])).toEqual({
      "/write": 403,
      "/admin/jobs": 200,
    });

    const remove = await post(request, { intent: "remove", userId: person.id });
    expect(remove.status()).toBe(302);
    expect(await statuses(theirs, ["/write", "/admin/jobs"])).toEqual({
      "/write": 403,
      "/admin/jobs": 403,
    });
  } finally {
    await theirs.dispose();
  }
});

test("an admin invites a new address as an editor; the mailed link sets a password and opens the editor's tools; a second invitation is refused and an expired one says so @no-js-only", async ({
  request,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signInRequest(request, "admin");
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  const sent = await post(request, { intent: "invite", email, role: "editor" });
  expect(sent.status()).toBe(302);
  expect(sent.headers().location).toBe("/admin/people");
  const listed = await (await request.get("/admin/people")).text();
  expect(listed).toContain(email);
  expect(listed).toContain(PEOPLE_COPY.states.pending);

  const twice = await post(request, { intent: "invite", email, role: "admin" });
  expect(twice.status()).toBe(409);
  expect(await twice.text()).toContain(PEOPLE_COPY.alreadyInvited);

  const link = await invitationLink(email);
  await invitationOf(email);
  const password = `chosen-${randomUUID()}`;
  const theirs = await playwright.request.newContext({ baseURL: BASE_URL });
  const later = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    const page = await theirs.get(link);
    expect(page.status()).toBe(200);
    const form = await page.text();
    expect(form).toContain(INVITATION_COPY.title);
    expect(form).toContain(email);
    const tokenHash = new URL(link, BASE_URL).searchParams.get("token_hash")!;
    const accepted = await theirs.post(link, {
      form: { tokenHash, password, confirm: password },
      headers: ORIGIN,
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(302);
    expect(accepted.headers().location).toBe("/write");

    // Signed in afresh with the password chosen, as an editor.
    expect(await signInAs(later, email, password)).toBe("/write");
    const write = await (await later.get("/write")).text();
    const nav = write.slice(write.indexOf('aria-label="Team tools"'));
    expect(nav).toContain('href="/write"');
    expect(nav).toContain('href="/admin/newsletter"');
    expect(nav).not.toContain('href="/admin/people"');
    expect(nav).not.toContain('href="/admin/jobs"');
    expect(
      await statuses(later, ["/write", "/admin/newsletter", "/admin/people"]),
    ).toEqual({
      "/write": 200,
      "/admin/newsletter": 200,
      "/admin/people": 403,
    });
    const after = await (await request.get("/admin/people")).text();
    expect(after).toContain(PEOPLE_COPY.states.accepted);
  } finally {
    await theirs.dispose();
    await later.dispose();
  }

  // An invitation past its expiry: its row's clock set back, no waiting.
  const lateEmail = `late-${randomUUID().slice(0, 8)}@example.com`;
  const lateSent = await post(request, {
    intent: "invite",
    email: lateEmail,
    role: "hiring",
  });
  expect(lateSent.status()).toBe(302);
  const lateLink = await invitationLink(lateEmail);
  const late = await invitationOf(lateEmail);
  const { error } = await serviceClient()
    .from("invitations")
    .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq("id", late.id);
  if (error) throw error;
  const expired = await request.get(lateLink);
  expect(expired.status()).toBe(410);
  expect(await expired.text()).toContain(
    INVITATION_COPY.states.expired.heading,
  );
  expect(await (await request.get("/admin/people")).text()).toContain(
    PEOPLE_COPY.states.expired,
  );
});

test("the last admin cannot give themselves another role or leave @no-js-only", async ({
  request,
}) => {
  await signInRequest(request, "admin");
  const forms: Record<string, string>[] = [
    { intent: "change-role", userId: ACCOUNTS.admin.id, role: "editor" },
    { intent: "remove", userId: ACCOUNTS.admin.id },
  ];
  for (const form of forms) {
    const answer = await post(request, form);
    expect(answer.status()).toBe(302);
  }
  const { data } = await serviceClient()
    .from("team_members")
    .select("role")
    .eq("id", ACCOUNTS.admin.id)
    .single();
  expect(data?.role).toBe("admin");
  const page = await (await request.get("/admin/people")).text();
  expect(page).toContain(PEOPLE_COPY.lastAdmin);
});

test("a bad or unknown address comes back with its message and the value typed @no-js-only", async ({
  request,
}) => {
  await signInRequest(request, "admin");
  const bad = await post(request, {
    intent: "add",
    email: "not-an-address",
    role: "editor",
  });
  expect(bad.status()).toBe(400);
  const badPage = await bad.text();
  expect(badPage).toContain("Please enter a valid e-mail address");
  expect(badPage).toContain('value="not-an-address"');
  const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  const missing = await post(request, {
    intent: "add",
    email: unknown,
    role: "editor",
  });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(PEOPLE_COPY.noAccount);
});

test("a person who is not an admin gets 403 on /admin/people, posts included @no-js-only", async ({
  request,
}) => {
  await signInRequest(request, "author");
  expect((await request.get("/admin/people")).status()).toBe(403);
  const answer = await post(request, {
    intent: "remove",
    userId: ACCOUNTS.admin.id,
  });
  expect(answer.status()).toBe(403);
});

test("/admin/people has no axe violations with a team and an invitation at 1280 and 375 px", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const person = await createAccount();
  const { error } = await serviceClient()
    .from("team_members")
    .insert({ id: person.id, role: "hiring" });
  if (error) throw error;
  const invited = `axe-${randomUUID().slice(0, 8)}@example.com`;
  const invitation = await serviceClient().from("invitations").insert({
    email: invited,
    role: "editor",
    sent_at: new Date().toISOString(),
  });
  if (invitation.error) throw invitation.error;
  const target = await axeTarget(page, browser, testInfo.project.name);
  await target.emulateMedia({ reducedMotion: "reduce" });
  await signIn(target, "admin", "/admin/people");
  await target.waitForURL((url) => url.pathname === "/admin/people");
  for (const size of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    await target.setViewportSize(size);
    await target.goto("/admin/people");
    await expect(
      target.getByRole("heading", { level: 1, name: PEOPLE_COPY.title }),
    ).toBeVisible();
    await expect(
      target.getByRole("row").filter({ hasText: person.email }),
    ).toHaveCount(1);
    await expect(
      target.getByRole("row").filter({ hasText: invited }),
    ).toHaveCount(1);
    await expectNoAxeViolations(target);
  }
});
