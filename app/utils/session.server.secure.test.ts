import { expect, test } from "vitest";

// Cookie flags are fixed when the server starts, from SITE_URL: this file
// loads the modules fresh with an https site.
process.env.SITE_URL = "https://www.example.com";
const { authCookieOptions } = await import("#app/utils/supabase.server.ts");
const { clearAuthCookieHeaders } = await import("#app/utils/session.server.ts");

test("auth cookies are Secure when the site is served over https", () => {
  expect(authCookieOptions).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
  });
  const request = new Request("https://www.example.com/admin", {
    headers: {
      Cookie: "sb-127-auth-token.0=a; sb-127-auth-token.1=b; other=c",
    },
  });
  const cleared = clearAuthCookieHeaders(request);
  expect(cleared).toHaveLength(2);
  for (const cookie of cleared) {
    expect(cookie).toMatch(/^sb-127-auth-token\.\d=; /);
    expect(cookie).toMatch(/Max-Age=0/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  }
});
