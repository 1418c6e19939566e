// Revoking an invitation ends it on the Auth side as well: neither the link
// the invite template mails (its token hash) nor Auth's own GET /verify link
// gives a session afterwards, and a session the link already gave stops
// refreshing. Against the embedded server over real Postgres.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import { invite, revokeInvitation } from "./people.server.ts";

const SITE = "https://site.example";
let server: TestServer;
let admin: TypedSupabaseClient;
let service: TypedSupabaseClient;

beforeAll(async () => {
  server = await startTestServer({ siteUrl: SITE });
  admin = (await server.signedIn("admin")) as unknown as TypedSupabaseClient;
  service = server.service() as unknown as TypedSupabaseClient;
}, 300_000);

afterAll(async () => {
  await server?.close();
});

/** Invites a new address as an editor; its row and the mailed token hash. */
async function invited() {
  const email = `revoked-${randomUUID()}@example.com`;
  expect(await invite(admin, service, SITE, email, "editor")).toBe("done");
  const { data, error } = await admin
    .from("invitations")
    .select("id")
    .eq("email", email)
    .single();
  if (error) throw error;
  const found = (await (
    await fetch(
      `${server.mailboxUrl}/api/v1/search?${new URLSearchParams({ query: `to:${email}` })}`,
    )
  ).json()) as { messages: { ID: string }[] };
  const mail = (await (
    await fetch(`${server.mailboxUrl}/api/v1/message/${found.messages[0]?.ID}`)
  ).json()) as { HTML: string };
  const href = /href="([^"]+)"/.exec(mail.HTML)?.[1]?.replaceAll("&amp;", "&");
  const tokenHash = href && new URL(href).searchParams.get("token_hash");
  if (!tokenHash) throw new Error(`no invitation link mailed to ${email}`);
  return { id: data.id, tokenHash };
}

function visitor() {
  return server.anon() as SupabaseClient;
}

/** Auth's own link, as the default invite template writes it. */
function verifyLink(tokenHash: string, id: string) {
  return `${server.url}/auth/v1/verify?${new URLSearchParams({
    token: tokenHash,
    type: "invite",
    redirect_to: `${SITE}/invitation/${id}`,
  })}`;
}

test("a revoked invitation's links give no session", async () => {
  const { id, tokenHash } = await invited();
  expect(await revokeInvitation(admin, service, id)).toBe("done");

  const verified = await visitor().auth.verifyOtp({
    token_hash: tokenHash,
    type: "invite",
  });
  expect(verified.data.session).toBeNull();
  expect(verified.error?.code).toBe("otp_expired");

  const opened = await fetch(verifyLink(tokenHash, id), {
    redirect: "manual",
  });
  expect(opened.status).toBe(303);
  const fragment = new URLSearchParams(
    new URL(opened.headers.get("location") ?? "").hash.slice(1),
  );
  expect(fragment.get("access_token")).toBeNull();
  expect(fragment.get("error_code")).toBe("otp_expired");

  const { data } = await admin
    .from("invitations")
    .select("revoked_at, user_id")
    .eq("id", id)
    .single();
  expect(data?.revoked_at).toBeTruthy();
  expect(data?.user_id).toBeNull();
});

test("revoking ends the session a link already gave", async () => {
  const { id, tokenHash } = await invited();
  const person = visitor();
  const verified = await person.auth.verifyOtp({
    token_hash: tokenHash,
    type: "invite",
  });
  const refreshToken = verified.data.session?.refresh_token;
  expect(refreshToken).toBeTruthy();

  expect(await revokeInvitation(admin, service, id)).toBe("done");
  const refreshed = await visitor().auth.refreshSession({
    refresh_token: refreshToken!,
  });
  expect(refreshed.data.session).toBeNull();
  expect(refreshed.error).not.toBeNull();
});

test("a second revoke says the invitation is no longer pending", async () => {
  const { id } = await invited();
  expect(await revokeInvitation(admin, service, id)).toBe("done");
  expect(await revokeInvitation(admin, service, id)).toBe("not-pending");
});
