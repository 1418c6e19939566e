// Contract tests for /auth/v1 through the real supabase-js and
// @supabase/ssr clients: the shapes and errors hosted GoTrue answers with.
import { createServerClient } from "@supabase/ssr";
import { createClient, type Session } from "@supabase/supabase-js";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoPassword } from "./demo-accounts.ts";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

const REUSE_INTERVAL_MS = 1500;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    refreshReuseIntervalMs: REUSE_INTERVAL_MS,
  });
});

afterAll(async () => {
  await server?.close();
});

async function rawSignIn(email: string) {
  const client = server.anon();
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: demoPassword(),
  });
  if (error) throw error;
  return data.session as Session;
}

function refreshRaw(refreshToken: string) {
  return fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: "POST",
    headers: {
      apikey: server.publishableKey,
      "content-type": "application/json",
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

function getUserRaw(accessToken: string) {
  return fetch(`${server.url}/auth/v1/user`, {
    headers: {
      apikey: server.publishableKey,
      authorization: `Bearer ${accessToken}`,
    },
  });
}

describe("keys", () => {
  test("are this data directory's own: sb_ keys, or legacy JWTs on LOCAL_SUPABASE_LEGACY_KEYS=1", () => {
    if (server.legacyKeys) {
      expect(decodeJwt(server.publishableKey)).toMatchObject({ role: "anon" });
      expect(decodeJwt(server.secretKey)).toMatchObject({
        role: "service_role",
      });
    } else {
      expect(server.publishableKey).toMatch(
        /^sb_publishable_[\w-]{22}_[\w-]{8}$/,
      );
      expect(server.secretKey).toMatch(/^sb_secret_[\w-]{22}_[\w-]{8}$/);
    }
  });

  test("a request without an apikey is refused with 401", async () => {
    const response = await fetch(`${server.url}/rest/v1/tags`);
    expect(response.status).toBe(401);
    const forged = await fetch(`${server.url}/rest/v1/tags`, {
      headers: { apikey: "not-a-key" },
    });
    expect(forged.status).toBe(401);
  });

  test("user tokens are ES256 with the published key, or HS256 in legacy mode", async () => {
    const session = await rawSignIn(DEMO.reader.email);
    const header = decodeProtectedHeader(session.access_token);
    const jwks = (await (
      await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)
    ).json()) as { keys: { kid: string; alg: string }[] };
    if (server.legacyKeys) {
      expect(header.alg).toBe("HS256");
      expect(jwks.keys).toEqual([]);
    } else {
      expect(header.alg).toBe("ES256");
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({
        alg: "ES256",
        kty: "EC",
        crv: "P-256",
        use: "sig",
        kid: header.kid,
      });
    }
  });
});

describe("password sign-in", () => {
  test.each(Object.values(DEMO))(
    "signs in $email with a complete session",
    async ({ email, id }) => {
      const client = server.anon();
      const { data, error } = await client.auth.signInWithPassword({
        email,
        password: demoPassword(),
      });
      expect(error).toBeNull();
      const session = data.session as Session;
      expect(session.token_type).toBe("bearer");
      expect(session.expires_in).toBe(3600);
      expect(session.refresh_token).toEqual(expect.any(String));
      expect(session.user).toMatchObject({
        id,
        email,
        aud: "authenticated",
        role: "authenticated",
        phone: "",
        app_metadata: { provider: "email", providers: ["email"] },
        is_anonymous: false,
      });
      expect(session.user.identities?.[0]).toMatchObject({
        provider: "email",
        user_id: id,
      });
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({
        sub: id,
        aud: "authenticated",
        role: "authenticated",
        email,
        aal: "aal1",
        is_anonymous: false,
        iss: `${server.url}/auth/v1`,
      });
      expect(claims.session_id).toEqual(expect.any(String));
      expect(claims.amr).toEqual([
        { method: "password", timestamp: expect.any(Number) },
      ]);
    },
  );

  test("wrong password is 400 invalid_credentials", async () => {
    const { data, error } = await server.anon().auth.signInWithPassword({
      email: DEMO.reader.email,
      password: "wrong-password",
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
  });

  test("unknown e-mail is the same invalid_credentials", async () => {
    const { error } = await server.anon().auth.signInWithPassword({
      email: "nobody@example.com",
      password: "whatever",
    });
    expect(error).toMatchObject({ status: 400, code: "invalid_credentials" });
  });

  test("missing e-mail is 400 validation_failed, with the API version header", async () => {
    const response = await fetch(
      `${server.url}/auth/v1/token?grant_type=password`,
      {
        method: "POST",
        headers: {
          apikey: server.publishableKey,
          "content-type": "application/json",
        },
        body: JSON.stringify({ password: "x" }),
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await response.json()).toMatchObject({ code: "validation_failed" });
  });
});

describe("user", () => {
  test("getUser returns the bare user for the access token", async () => {
    const client = await server.signedIn("author");
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: DEMO.author.id,
      email: DEMO.author.email,
    });
  });

  test("no bearer is 401 no_authorization; a bad JWT is 403 bad_jwt", async () => {
    const missing = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.publishableKey },
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: "no_authorization" });
    const { error } = await server.anon().auth.getUser("not.a.jwt");
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
  });
});

describe("refresh tokens", () => {
  test("rotate: each refresh answers a new token and a fresh session", async () => {
    const session = await rawSignIn(DEMO.reader.email);
    const response = await refreshRaw(session.refresh_token);
    expect(response.status).toBe(200);
    const next = (await response.json()) as Session;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(DEMO.reader.id);
    expect(decodeJwt(next.access_token).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );

    const client = server.anon();
    await client.auth.setSession({
      access_token: next.access_token,
      refresh_token: next.refresh_token,
    });
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(next.refresh_token);
  });

  test("the parent token may be reused briefly and yields the current child", async () => {
    const session = await rawSignIn(DEMO.reader.email);
    const first = (await (
      await refreshRaw(session.refresh_token)
    ).json()) as Session;
    const again = await refreshRaw(session.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Session).refresh_token).toBe(
      first.refresh_token,
    );
  });

  test("reuse after the interval is refresh_token_already_used and revokes the family", async () => {
    const session = await rawSignIn(DEMO.reader.email);
    const child = (await (
      await refreshRaw(session.refresh_token)
    ).json()) as Session;
    await new Promise((resolve) =>
      setTimeout(resolve, REUSE_INTERVAL_MS + 200),
    );
    const reused = await refreshRaw(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
    });
    const childAfter = await refreshRaw(child.refresh_token);
    expect(childAfter.status).toBe(400);
    expect(await childAfter.json()).toMatchObject({
      code: "refresh_token_already_used",
    });
  });

  test("an unknown token is refresh_token_not_found, through supabase-js too", async () => {
    const response = await refreshRaw("never-issued");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "refresh_token_not_found",
    });
    const { error } = await server
      .anon()
      .auth.refreshSession({ refresh_token: "never-issued" });
    expect(error).toMatchObject({
      status: 400,
      code: "refresh_token_not_found",
    });
  });
});

describe("logout scopes", () => {
  async function threeSessions() {
    return Promise.all([
      rawSignIn(DEMO.author.email),
      rawSignIn(DEMO.author.email),
      rawSignIn(DEMO.author.email),
    ]);
  }

  function logoutRaw(session: Session, scope: string) {
    return fetch(`${server.url}/auth/v1/logout?scope=${scope}`, {
      method: "POST",
      headers: {
        apikey: server.publishableKey,
        authorization: `Bearer ${session.access_token}`,
      },
    });
  }

  test("local ends only this session", async () => {
    const [a, b] = await threeSessions();
    expect((await logoutRaw(a!, "local")).status).toBe(204);
    expect((await getUserRaw(a!.access_token)).status).toBe(403);
    expect(await (await getUserRaw(a!.access_token)).json()).toMatchObject({
      code: "session_not_found",
    });
    expect((await getUserRaw(b!.access_token)).status).toBe(200);
    expect((await refreshRaw(a!.refresh_token)).status).toBe(400);
  });

  test("others ends every other session", async () => {
    const [a, b, c] = await threeSessions();
    expect((await logoutRaw(a!, "others")).status).toBe(204);
    expect((await getUserRaw(a!.access_token)).status).toBe(200);
    expect((await getUserRaw(b!.access_token)).status).toBe(403);
    expect((await getUserRaw(c!.access_token)).status).toBe(403);
  });

  test("global (the supabase-js default) ends them all", async () => {
    const [a, b] = await threeSessions();
    const client = server.anon();
    await client.auth.setSession({
      access_token: a!.access_token,
      refresh_token: a!.refresh_token,
    });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await getUserRaw(a!.access_token)).status).toBe(403);
    expect((await getUserRaw(b!.access_token)).status).toBe(403);
  });
});

describe("admin users", () => {
  test("the service role creates a user who can then sign in", async () => {
    const email = `new-${Date.now()}@example.com`;
    const { data, error } = await server.service().auth.admin.createUser({
      email,
      password: "another-password",
      email_confirm: true,
      user_metadata: { name: "New" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: "New" } });
    const signIn = await server
      .anon()
      .auth.signInWithPassword({ email, password: "another-password" });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(data.user?.id);
  });

  test("a duplicate e-mail is 422 email_exists", async () => {
    const { error } = await server.service().auth.admin.createUser({
      email: DEMO.reader.email,
      password: "whatever-password",
    });
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
  });

  test("an unconfirmed user cannot sign in", async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await server
      .service()
      .auth.admin.createUser({ email, password: "some-password" });
    const { error } = await server
      .anon()
      .auth.signInWithPassword({ email, password: "some-password" });
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed" });
  });

  test("a signed-in user is 403 not_admin on admin routes", async () => {
    const session = await rawSignIn(DEMO.admin.email);
    const response = await fetch(`${server.url}/auth/v1/admin/users`, {
      method: "POST",
      headers: {
        apikey: server.publishableKey,
        authorization: `Bearer ${session.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "x@example.com", password: "password" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "not_admin" });
  });
});

describe("@supabase/ssr", () => {
  test("createServerClient signs in through a cookie jar and reads the user back", async () => {
    const jar = new Map<string, string>();
    const make = () =>
      createServerClient(server.url, server.publishableKey, {
        cookies: {
          getAll: () => [...jar].map(([name, value]) => ({ name, value })),
          setAll: (cookies) => {
            for (const { name, value } of cookies) {
              if (value) jar.set(name, value);
              else jar.delete(name);
            }
          },
        },
      });
    const { error } = await make().auth.signInWithPassword({
      email: DEMO.admin.email,
      password: demoPassword(),
    });
    expect(error).toBeNull();
    expect(
      [...jar.keys()].some((name) => name.startsWith("sb-127-auth-token")),
    ).toBe(true);

    const nextRequest = make();
    const { data } = await nextRequest.auth.getUser();
    expect(data.user?.email).toBe(DEMO.admin.email);
    const { data: membership } = await nextRequest
      .from("team_members")
      .select("id")
      .eq("id", DEMO.admin.id)
      .maybeSingle();
    expect(membership).toEqual({ id: DEMO.admin.id });

    await nextRequest.auth.signOut();
    expect(
      [...jar.keys()].some((name) => name.startsWith("sb-127-auth-token")),
    ).toBe(false);
  });
});

describe("unsupported endpoints", () => {
  test("answer 501 naming what is not supported", async () => {
    const response = await fetch(`${server.url}/auth/v1/factors`, {
      method: "POST",
      headers: {
        apikey: server.publishableKey,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toContain(
      "POST /auth/v1/factors",
    );
  });

  test("the anon client works against an unreachable path without hanging", async () => {
    const client = createClient(server.url, server.publishableKey);
    const { error } = await client.from("no_such_table").select("*");
    expect(error).toMatchObject({ code: "PGRST205" });
  });
});
