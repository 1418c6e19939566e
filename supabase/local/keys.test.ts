// The embedded server's keys and token signing as a hosted project has them:
// made per data directory, never a public constant; sb_ keys mapped to roles
// by the gateway (the secret key never from a browser); ES256 user tokens
// verifiable through the published JWKS. Runs in both key modes (npm test runs
// it again with LOCAL_SUPABASE_LEGACY_KEYS=1).
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { forgeToken } from "./forged-token.ts";
import { siteSecrets } from "./keys.ts";
import { demoPassword } from "./demo-accounts.ts";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
};

let server: TestServer;
let other: TestServer;

beforeAll(async () => {
  [server, other] = await Promise.all([startTestServer(), startTestServer()]);
});

afterAll(async () => {
  await Promise.all([server?.close(), other?.close()]);
});

describe("per data directory", () => {
  test("two data directories (the second from the template cache) share no key", () => {
    expect(other.publishableKey).not.toBe(server.publishableKey);
    expect(other.secretKey).not.toBe(server.secretKey);
  });

  test("a restart on the same data directory keeps its keys", async () => {
    const dataDir = server.dataDir;
    const { publishableKey, secretKey } = server;
    await server.stop();
    server = await startTestServer({}, dataDir);
    expect(server.publishableKey).toBe(publishableKey);
    expect(server.secretKey).toBe(secretKey);
  });

  test("each data directory gives the site a secret of its own, kept across restarts", () => {
    const secrets = siteSecrets(server.dataDir);
    expect(siteSecrets(server.dataDir)).toEqual(secrets);
    const others = siteSecrets(other.dataDir);
    expect(others.SESSION_SECRET).not.toBe(secrets.SESSION_SECRET);
    // What the app's environment schema asks of them.
    expect(secrets.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  test("one server's keys and tokens open nothing on another", async () => {
    const foreign = await fetch(`${other.url}/rest/v1/tags?select=id`, {
      headers: { apikey: server.publishableKey },
    });
    expect(foreign.status).toBe(401);
    const client = await server.signedIn("reader");
    const token = (await client.auth.getSession()).data.session?.access_token;
    const user = await fetch(`${other.url}/auth/v1/user`, {
      headers: {
        apikey: other.publishableKey,
        authorization: `Bearer ${token}`,
      },
    });
    expect(user.status).toBe(403);
  });
});

describe("tokens signed with the CLI's public demo secret", () => {
  const now = Math.floor(Date.now() / 1000);
  const forgedUser = forgeToken({
    sub: DEMO.admin.id,
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 3600,
    session_id: "00000000-0000-4000-8000-000000000000",
  });
  const forgedService = forgeToken({
    iss: "supabase-demo",
    role: "service_role",
    exp: now + 3600,
  });

  test("are refused as an apikey", async () => {
    const response = await fetch(`${server.url}/rest/v1/tags?select=id`, {
      headers: { apikey: forgedService },
    });
    expect(response.status).toBe(401);
  });

  test("are refused by /auth/v1/user, REST and storage", async () => {
    const headers = {
      apikey: server.publishableKey,
      authorization: `Bearer ${forgedUser}`,
    };
    const user = await fetch(`${server.url}/auth/v1/user`, { headers });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: "bad_jwt" });
    const rest = await fetch(`${server.url}/rest/v1/team_members?select=*`, {
      headers,
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: "PGRST301" });
    const storage = await fetch(`${server.url}/storage/v1/bucket`, { headers });
    expect(storage.status).toBe(400);
  });

  test("cannot call the auth admin API", async () => {
    const response = await fetch(`${server.url}/auth/v1/admin/users`, {
      headers: {
        apikey: server.publishableKey,
        authorization: `Bearer ${forgedService}`,
      },
    });
    expect(response.status).toBe(403);
  });
});

describe("a signed-out session's token", () => {
  test("is refused by /auth/v1/user, REST and storage; other sessions live on", async () => {
    const signedOut = await server.signedIn("reader");
    const other = await server.signedIn("reader");
    const token = (await signedOut.auth.getSession()).data.session
      ?.access_token as string;
    const headers = {
      apikey: server.publishableKey,
      authorization: `Bearer ${token}`,
    };
    const ownRow = `${server.url}/rest/v1/platform_users?select=id`;
    expect((await fetch(ownRow, { headers })).status).toBe(200);

    const { error } = await signedOut.auth.signOut({ scope: "local" });
    expect(error).toBeNull();

    const user = await fetch(`${server.url}/auth/v1/user`, { headers });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: "session_not_found" });
    const rest = await fetch(ownRow, { headers });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: "PGRST301" });
    const storage = await fetch(`${server.url}/storage/v1/bucket`, { headers });
    expect(storage.status).toBe(400);
    expect((await other.auth.getUser()).error).toBeNull();
    expect((await other.from("platform_users").select("id")).error).toBeNull();
  });
});

describe("the gateway's API keys", () => {
  test("the secret key is the service role through supabase-js: admin API and RLS bypass", async () => {
    const service = createClient(server.url, server.secretKey, clientOptions);
    const { data, error } = await service.auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.map((user) => user.email)).toContain(DEMO.admin.email);
    const members = await service.from("team_members").select("id");
    expect(members.error).toBeNull();
    expect(members.data?.length).toBeGreaterThan(0);
  });

  test("the publishable key is anon: no admin API, RLS applies", async () => {
    const anon = createClient(server.url, server.publishableKey, clientOptions);
    const { error } = await anon.auth.admin.listUsers();
    expect(error?.status).toBe(403);
    const members = await anon.from("team_members").select("id");
    expect(members.data ?? []).toEqual([]);
  });

  test("the secret key is refused from a browser's User-Agent, as hosted", async () => {
    const browser =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    const fromBrowser = await fetch(`${server.url}/rest/v1/tags?select=id`, {
      headers: { apikey: server.secretKey, "user-agent": browser },
    });
    const publishable = await fetch(`${server.url}/rest/v1/tags?select=id`, {
      headers: { apikey: server.publishableKey, "user-agent": browser },
    });
    const fromServer = await fetch(`${server.url}/rest/v1/tags?select=id`, {
      headers: { apikey: server.secretKey, "user-agent": "node" },
    });
    expect(publishable.status).toBe(200);
    expect(fromServer.status).toBe(200);
    // Legacy service_role JWTs carry no such rule on the platform.
    expect(fromBrowser.status).toBe(server.legacyKeys ? 200 : 401);
  });

  test("getClaims verifies a user's token (locally through the JWKS for ES256)", async () => {
    const client = createClient(server.url, server.publishableKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: false,
        storage: memoryStorage(),
      },
    });
    const { error } = await client.auth.signInWithPassword({
      email: DEMO.author.email,
      password: demoPassword(),
    });
    expect(error).toBeNull();
    const { data, error: claimsError } = await client.auth.getClaims();
    expect(claimsError).toBeNull();
    expect(data?.claims).toMatchObject({
      sub: DEMO.author.id,
      role: "authenticated",
    });
    expect(data?.header.alg).toBe(server.legacyKeys ? "HS256" : "ES256");
  });
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
