// Gaps the role specs (auth, admin, blog) and the RLS matrix
// (supabase/rls-matrix.test.ts) leave: cookie flags of a production
// deployment served over https, and session fixation.
import { expect, test } from "../support/fixtures.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { ACCOUNTS, DEMO_PASSWORD } from "../support/auth-helpers.ts";

let site: FailingSite;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // The production build as deployed: its public address is https (Fly
  // terminates TLS), which is what makes the cookies Secure.
  site = await startFailingSite("none", {
    SITE_URL: "https://www.recursa.example",
  });
});

test.afterAll(async () => {
  await site?.stop();
});

async function signInPost(cookie?: string) {
  const page = await fetch(`${site.url}/auth`);
  expect(await page.text()).toContain('name="name__confirm"');
  return fetch(`${site.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.url,
      "Fly-Client-IP": `100.64.0.${Math.floor(Math.random() * 250)}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({
      email: ACCOUNTS.admin.email,
      password: DEMO_PASSWORD,
      name__confirm: "",
    }),
  });
}

test("in production over https every cookie is HttpOnly, SameSite=Lax and Secure", async () => {
  const response = await signInPost();
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie();
  // The session (sb-…) and the flash message (toast) cookies.
  expect(cookies.some((c) => c.startsWith("sb-"))).toBe(true);
  expect(cookies.length).toBeGreaterThanOrEqual(2);
  for (const cookie of cookies) {
    const name = cookie.split("=")[0];
    expect(cookie, name).toMatch(/;\s*HttpOnly/i);
    expect(cookie, name).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie, name).toMatch(/;\s*Secure/i);
    expect(cookie, name).toMatch(/;\s*Path=\//i);
  }
  console.log(
    `access: ${cookies.length} cookies set at sign-in, all HttpOnly; SameSite=Lax; Secure`,
  );
});

test("a session cookie planted before sign-in is neither accepted nor kept", async () => {
  // What an attacker would plant: a well-formed but self-made session.
  const forgedValue = `base64-${Buffer.from(
    JSON.stringify({
      access_token: "forged.token.value",
      refresh_token: "forged-refresh",
      token_type: "bearer",
      user: { id: ACCOUNTS.admin.id },
    }),
  ).toString("base64url")}`;
  const planted = `sb-127-auth-token=${forgedValue}`;

  // On its own it opens nothing.
  const admin = await fetch(`${site.url}/admin`, {
    headers: { Cookie: planted },
    redirect: "manual",
  });
  expect(admin.status).toBe(401);

  // Signing in with it present replaces it with a session of the server's making.
  const response = await signInPost(planted);
  expect(response.status).toBe(302);
  const session = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("sb-") && !/Max-Age=0/i.test(c));
  // The same cookie name the planted one used, so it really was replaced.
  expect(session.some((c) => c.startsWith("sb-127-auth-token"))).toBe(true);
  for (const cookie of session) expect(cookie).not.toContain(forgedValue);
  const fresh = session.map((c) => c.split(";")[0]).join("; ");
  const signedIn = await fetch(`${site.url}/admin`, {
    headers: { Cookie: fresh },
    redirect: "manual",
  });
  expect(signedIn.status).toBe(200);
});
