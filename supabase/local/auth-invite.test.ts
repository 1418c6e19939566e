// Contract tests for GoTrue's invite, verify and the user's own update, as
// supabase-js calls them (auth.admin.inviteUserByEmail, auth.verifyOtp,
// auth.updateUser): the e-mail link, the redirect allow-list, single use
// and expiry of the token, and the errors hosted GoTrue answers with.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MessageDetail } from "./mailbox/mailpit.ts";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

const SITE = "https://site.example";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    siteUrl: SITE,
    redirectUrls: [
      "https://*.example.org/welcome",
      "https://preview.example/**",
    ],
  });
});

afterAll(async () => {
  await server?.close();
});

const address = () => `invite-${randomUUID()}@example.com`;

async function lastMailTo(email: string, base = server) {
  const found = (await (
    await fetch(
      `${base.mailboxUrl}/api/v1/search?${new URLSearchParams({ query: `to:${email}` })}`,
    )
  ).json()) as { messages: { ID: string }[] };
  const id = found.messages[0]?.ID;
  if (!id) throw new Error(`no mail to ${email}`);
  return (await (
    await fetch(`${base.mailboxUrl}/api/v1/message/${id}`)
  ).json()) as MessageDetail;
}

/** The link of the invite template (supabase/templates/invite.html). */
function inviteLink(mail: MessageDetail) {
  const href = /href="([^"]+)"/.exec(mail.HTML)?.[1];
  if (!href) throw new Error("the mail has no link");
  return new URL(href.replaceAll("&amp;", "&"));
}

async function invite(email: string, redirectTo?: string, base = server) {
  const { data, error } = await base
    .service()
    .auth.admin.inviteUserByEmail(email, {
      redirectTo,
      data: { invitation: "x" },
    });
  if (error) throw error;
  return { user: data.user, link: inviteLink(await lastMailTo(email, base)) };
}

function verifyRaw(body: Record<string, unknown>) {
  return fetch(`${server.url}/auth/v1/verify`, {
    method: "POST",
    headers: {
      apikey: server.publishableKey,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
}

describe("invite", () => {
  test("makes an unconfirmed user and mails a link to the allowed redirect with the token hash", async () => {
    const email = address();
    const { user, link } = await invite(email, `${SITE}/invitation/1`);
    expect(user).toMatchObject({ email, user_metadata: { invitation: "x" } });
    expect(user.invited_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/invitation/1`);
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("token_hash")).toMatch(/^[0-9a-f]{56}$/);
    const mail = await lastMailTo(email);
    expect(mail.Subject).toBe("You have been invited to the Recursa team");
  });

  test("is for the service role only", async () => {
    const anon = await fetch(`${server.url}/auth/v1/invite`, {
      method: "POST",
      headers: {
        apikey: server.publishableKey,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: address() }),
    });
    expect(anon.status).toBe(401);
    const signedIn = await server.signedIn("reader");
    const { error } = await signedIn.auth.admin.inviteUserByEmail(address());
    expect(error).toMatchObject({ status: 403, code: "not_admin" });
  });

  test("a confirmed address is 422 email_exists; a bad one 400 validation_failed", async () => {
    const service = server.service();
    const taken = await service.auth.admin.inviteUserByEmail(DEMO.admin.email);
    expect(taken.error).toMatchObject({ status: 422, code: "email_exists" });
    const bad = await service.auth.admin.inviteUserByEmail("not an address");
    expect(bad.error).toMatchObject({
      status: 400,
      code: "validation_failed",
    });
  });

  test("again, before acceptance, sends a new link and the old one stops working", async () => {
    const email = address();
    const first = await invite(email, `${SITE}/a`);
    const second = await invite(email, `${SITE}/a`);
    expect(second.user.id).toBe(first.user.id);
    const oldHash = first.link.searchParams.get("token_hash");
    expect(second.link.searchParams.get("token_hash")).not.toBe(oldHash);
    const old = await server
      .anon()
      .auth.verifyOtp({ token_hash: oldHash!, type: "invite" });
    expect(old.error).toMatchObject({ status: 403, code: "otp_expired" });
  });
});

describe("redirect allow-list", () => {
  test("the site, loopback on any port and the allow-list's globs pass; anything else falls back to SITE_URL", async () => {
    const cases: [string, string][] = [
      [`${SITE}/deep/path?x=1`, `${SITE}/deep/path`],
      ["http://127.0.0.1:4999/x", "http://127.0.0.1:4999/x"],
      ["https://a.example.org/welcome", "https://a.example.org/welcome"],
      // '*' stops at a dot, as gobwas/glob does with GoTrue's separators.
      ["https://a.b.example.org/welcome", SITE],
      [
        "https://preview.example/any/depth",
        "https://preview.example/any/depth",
      ],
      ["https://evil.example/invitation/1", SITE],
    ];
    for (const [asked, lands] of cases) {
      const { link } = await invite(address(), asked);
      expect(`${link.origin}${link.pathname}`.replace(/\/$/, "")).toBe(lands);
    }
  });
});

describe("verify", () => {
  test("a token_hash answers a session for the confirmed user, once", async () => {
    const email = address();
    const { link } = await invite(email, `${SITE}/x`);
    const tokenHash = link.searchParams.get("token_hash")!;
    const client = server.anon();
    const { data, error } = await client.auth.verifyOtp({
      token_hash: tokenHash,
      type: "invite",
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ email });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await server
      .anon()
      .auth.verifyOtp({ token_hash: tokenHash, type: "invite" });
    expect(again.error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
    // The invited user then chooses a password and signs in with it.
    const short = await client.auth.updateUser({ password: "short" });
    expect(short.error).toMatchObject({ status: 422, code: "weak_password" });
    const updated = await client.auth.updateUser({
      password: "a long enough password",
    });
    expect(updated.error).toBeNull();
    const same = await client.auth.updateUser({
      password: "a long enough password",
    });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    const signIn = await server.anon().auth.signInWithPassword({
      email,
      password: "a long enough password",
    });
    expect(signIn.error).toBeNull();
  });

  test("a wrong code with the address is 403 otp_expired", async () => {
    const email = address();
    await invite(email);
    const { error } = await server
      .anon()
      .auth.verifyOtp({ email, token: "000000x", type: "invite" });
    expect(error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
  });

  test("bad requests are 400 validation_failed with GoTrue's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ token_hash: "x" }, "Verify requires a verification type"],
      [{ type: "invite" }, "Verify requires either a token or a token hash"],
      [
        { type: "invite", token: "1", token_hash: "x" },
        "Verify requires either a token or a token hash",
      ],
      [
        { type: "invite", token_hash: "x", email: "a@example.com" },
        "Only the token_hash and type should be provided",
      ],
      [
        { type: "nonsense", token_hash: "x" },
        "Invalid email verification type",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await verifyRaw(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation_failed",
        message,
      });
    }
  });

  test("GET with the link's token redirects with the session, or the error, in the fragment", async () => {
    const email = address();
    const { link } = await invite(email, `${SITE}/welcome`);
    const token = link.searchParams.get("token_hash")!;
    const get = (value: string) =>
      fetch(
        `${server.url}/auth/v1/verify?${new URLSearchParams({ token: value, type: "invite", redirect_to: `${SITE}/welcome` })}`,
        { redirect: "manual" },
      );
    const ok = await get(token);
    expect(ok.status).toBe(303);
    const landed = new URL(ok.headers.get("location")!);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/welcome`);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get("access_token")).toBeTruthy();
    expect(fragment.get("refresh_token")).toBeTruthy();
    expect(fragment.get("type")).toBe("invite");
    const used = await get(token);
    expect(used.status).toBe(303);
    const refused = new URLSearchParams(
      new URL(used.headers.get("location")!).hash.slice(1),
    );
    expect(Object.fromEntries(refused)).toEqual({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
      sb: "",
    });
  });
});

describe("expiry", () => {
  test("a link older than MAILER_OTP_EXP is 403 otp_expired", async () => {
    // Links that expire the moment they are sent: no waiting on a clock.
    const shortLived = await startTestServer({
      siteUrl: SITE,
      otpExpirySeconds: 0,
    });
    try {
      const email = address();
      const { link } = await invite(email, `${SITE}/x`, shortLived);
      const { error } = await shortLived.anon().auth.verifyOtp({
        token_hash: link.searchParams.get("token_hash")!,
        type: "invite",
      });
      expect(error).toMatchObject({
        status: 403,
        code: "otp_expired",
        message: "Email link is invalid or has expired",
      });
    } finally {
      await shortLived.close();
    }
  });
});

describe("deleting an invited user", () => {
  test("reads the user, deletes it, and its link then verifies no more", async () => {
    const email = address();
    const { user, link } = await invite(email, `${SITE}/x`);
    const admin = server.service().auth.admin;
    const read = await admin.getUserById(user.id);
    expect(read.data.user).toMatchObject({ id: user.id, email });
    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const again = await admin.getUserById(user.id);
    expect(again.error).toMatchObject({ status: 404, code: "user_not_found" });
    const { data, error } = await server.anon().auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash")!,
      type: "invite",
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });
});
