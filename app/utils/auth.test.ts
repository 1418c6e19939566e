import { SignJWT } from "jose";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  ADMIN_DENIED_MESSAGE,
  AUTH_UNAVAILABLE_MESSAGE,
  AUTHOR_DENIED_MESSAGE,
} from "#app/lib/access.ts";
import {
  AUTH_DEADLINE_MS,
  authMiddleware,
  getUser,
  signOutDestination,
} from "#app/utils/session.server.ts";
import {
  getAuth,
  currentPath,
  requireAccess,
  requireUser,
} from "#app/utils/permissions.server.ts";
import { isSameOriginPost } from "#app/utils/request-origin.server.ts";
import { supabaseMiddleware } from "#app/utils/supabase.server.ts";

// The unit-test environment points SUPABASE_URL at 127.0.0.1, so
// @supabase/ssr keeps the session in this cookie.
const COOKIE = "sb-127-auth-token";
const SITE = "http://127.0.0.1:3000";
const USER_ID = "a0000000-0000-4000-8000-000000000003";

type Reply = { status: number; body?: unknown };
type Backend = {
  user: Reply;
  refresh: Reply;
  team: unknown[];
  platformUser: unknown[];
  calls: string[];
};

let backend: Backend;

function supabaseReply({ status, body }: Reply) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json",
      "X-Supabase-Api-Version": "2024-01-01",
    },
  });
}

const authUser = {
  id: USER_ID,
  aud: "authenticated",
  role: "authenticated",
  email: "reader@example.com",
};

beforeEach(() => {
  backend = {
    user: { status: 200, body: authUser },
    refresh: {
      status: 400,
      body: {
        code: "refresh_token_not_found",
        message: "Invalid Refresh Token",
      },
    },
    team: [],
    platformUser: [{ is_author: false }],
    calls: [],
  };
  // Stands in for Supabase: answers the few calls the auth helpers make.
  vi.stubGlobal(
    "fetch",
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? "GET";
      backend.calls.push(`${method} ${url.pathname}${url.search}`);
      if (url.pathname === "/auth/v1/user") return supabaseReply(backend.user);
      if (url.pathname === "/auth/v1/token")
        return supabaseReply(backend.refresh);
      if (url.pathname === "/auth/v1/logout")
        return supabaseReply({ status: 204 });
      if (url.pathname === "/rest/v1/team_members")
        return supabaseReply({ status: 200, body: backend.team });
      if (url.pathname === "/rest/v1/platform_users") {
        return supabaseReply({ status: 200, body: backend.platformUser });
      }
      return supabaseReply({
        status: 501,
        body: { message: "not in this test" },
      });
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sessionCookie({ expiresIn = 3600 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    role: "authenticated",
    email: authUser.email,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(USER_ID)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode("unit-test-secret-unit-test-secret"));
  const session = {
    access_token: accessToken,
    refresh_token: "refresh-1",
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    user: authUser,
  };
  const encoded = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${COOKIE}=base64-${encoded}`;
}

/** Runs the real middleware chain around `handler`, as the root route does. */
async function run<T>(
  handler: (context: RouterContextProvider, request: Request) => Promise<T>,
  {
    cookie,
    path = "/admin?tab=users",
  }: { cookie?: string; path?: string } = {},
) {
  const request = new Request(`${SITE}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const context = new RouterContextProvider();
  const args = {
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: "/",
  } as never;
  let outcome: { value?: T; thrown?: unknown } = {};
  const response = (await supabaseMiddleware(
    args,
    async () =>
      (await authMiddleware(args, async () => {
        try {
          outcome = { value: await handler(context, request) };
        } catch (thrown) {
          outcome = { thrown };
        }
        return new Response("page");
      })) as Response,
  )) as Response;
  return { response, ...outcome, setCookies: response.headers.getSetCookie() };
}

function thrownStatus(thrown: unknown) {
  const init = (thrown as { init?: ResponseInit }).init;
  return { status: init?.status, data: (thrown as { data?: unknown }).data };
}

describe("authMiddleware", () => {
  test("a visitor without cookies is anonymous and costs no Supabase call", async () => {
    const { value, response, setCookies } = await run(async (context) =>
      getUser(context),
    );
    expect(value).toBeNull();
    expect(backend.calls).toEqual([]);
    expect(setCookies).toEqual([]);
    expect(response.headers.get("Cache-Control")).toBeNull();
  });

  test("a valid session resolves the user and the page is private", async () => {
    const { value, response } = await run(async (context) => getUser(context), {
      cookie: await sessionCookie(),
    });
    expect(value).toEqual({ id: USER_ID, email: "reader@example.com" });
    expect(backend.calls).toEqual(["GET /auth/v1/user"]);
    expect(response.headers.get("Cache-Control")).toMatch(
      /private.*no-store|no-store.*private/,
    );
  });

  test("an expired access token is refreshed and the rotated cookie is set", async () => {
    backend.refresh = {
      status: 200,
      body: {
        access_token: "new-access-token",
        refresh_token: "refresh-2",
        token_type: "bearer",
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        user: authUser,
      },
    };
    const { value, setCookies } = await run(
      async (context) => getUser(context),
      {
        cookie: await sessionCookie({ expiresIn: -60 }),
      },
    );
    expect(value?.id).toBe(USER_ID);
    expect(backend.calls).toContain(
      "POST /auth/v1/token?grant_type=refresh_token",
    );
    const rotated = setCookies.find((c) => c.startsWith(`${COOKIE}=base64-`));
    expect(rotated).toBeDefined();
    const session = JSON.parse(
      Buffer.from(
        rotated!.split(";")[0]!.slice(`${COOKIE}=base64-`.length),
        "base64url",
      ).toString(),
    );
    expect(session.refresh_token).toBe("refresh-2");
    expect(rotated).toMatch(/HttpOnly/i);
    expect(rotated).toMatch(/SameSite=Lax/i);
    expect(rotated).toMatch(/Path=\//);
    expect(rotated).not.toMatch(/Secure/i);
  });

  test.each([
    ["refresh_token_not_found", 400],
    ["refresh_token_already_used", 400],
  ])(
    "a refresh refused for good (%s) clears the cookies and signs out",
    async (code, status) => {
      backend.refresh = {
        status,
        body: { code, message: "Invalid Refresh Token" },
      };
      const { thrown, setCookies } = await run(
        async (context, request) => requireUser(context, request),
        { cookie: await sessionCookie({ expiresIn: -60 }) },
      );
      expect(thrownStatus(thrown)).toEqual({
        status: 401,
        data: { kind: "unauthenticated", redirectTo: "/admin?tab=users" },
      });
      expect(
        setCookies.some(
          (c) => c.startsWith(`${COOKIE}=;`) && /Max-Age=0/.test(c),
        ),
      ).toBe(true);
    },
  );

  test.each([
    ["session_not_found", 403],
    ["bad_jwt", 403],
    ["user_not_found", 403],
  ])(
    "a token the server refuses (%s) clears the cookies",
    async (code, status) => {
      backend.user = { status, body: { code, message: "refused" } };
      const { value, setCookies } = await run(
        async (context) => getUser(context),
        {
          cookie: await sessionCookie(),
        },
      );
      expect(value).toBeNull();
      expect(
        setCookies.some(
          (c) => c.startsWith(`${COOKIE}=;`) && /Max-Age=0/.test(c),
        ),
      ).toBe(true);
    },
  );

  test("a retryable failure (503) keeps the cookies and reports an error within the deadline", async () => {
    backend.refresh = { status: 503, body: { message: "upstream down" } };
    // Ordering, not a stopwatch: the deadline's timer is set before this one
    // and runs out first, however busy the machine; supabase-js's own retries
    // would go on for 30 s.
    let pastDeadline = false;
    const reference = setTimeout(() => {
      pastDeadline = true;
    }, AUTH_DEADLINE_MS * 4);
    const { value, thrown, setCookies } = await run(
      async (context, request) => {
        const auth = await getAuth(context);
        return {
          auth,
          guard: await requireUser(context, request).catch((e: unknown) => e),
        };
      },
      { cookie: await sessionCookie({ expiresIn: -60 }) },
    );
    expect(thrown).toBeUndefined();
    expect(value?.auth.user).toBeNull();
    expect(value?.auth.authError).toBe(AUTH_UNAVAILABLE_MESSAGE);
    expect(thrownStatus(value?.guard).status).toBe(503);
    clearTimeout(reference);
    expect(pastDeadline).toBe(false);
    expect(setCookies.filter((c) => c.startsWith(COOKIE))).toEqual([]);
  });

  test("a network error keeps the cookies too", async () => {
    const cookie = await sessionCookie();
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const { value, setCookies } = await run(
      async (context) => getAuth(context),
      { cookie },
    );
    expect(value?.authError).toBe(AUTH_UNAVAILABLE_MESSAGE);
    expect(setCookies.filter((c) => c.startsWith(COOKIE))).toEqual([]);
  });
});

describe("requireAccess", () => {
  test("no session: 401 with the way back to this page", async () => {
    const { thrown } = await run(async (context, request) =>
      requireAccess(context, request, "people"),
    );
    expect(thrownStatus(thrown)).toEqual({
      status: 401,
      data: { kind: "unauthenticated", redirectTo: "/admin?tab=users" },
    });
  });

  test("a regular user is refused both areas with each area's message", async () => {
    const cookie = await sessionCookie();
    const admin = await run(
      async (context, request) => requireAccess(context, request, "people"),
      {
        cookie,
      },
    );
    expect(thrownStatus(admin.thrown)).toEqual({
      status: 403,
      data: { kind: "forbidden", message: ADMIN_DENIED_MESSAGE },
    });
    const author = await run(
      async (context, request) => requireAccess(context, request, "posts"),
      { cookie },
    );
    expect(thrownStatus(author.thrown)).toEqual({
      status: 403,
      data: { kind: "forbidden", message: AUTHOR_DENIED_MESSAGE },
    });
  });

  test("an author may write but not administer", async () => {
    backend.platformUser = [{ is_author: true }];
    const cookie = await sessionCookie();
    const author = await run(
      async (context, request) => requireAccess(context, request, "posts"),
      { cookie },
    );
    expect(author.value).toMatchObject({ role: "author" });
    const admin = await run(
      async (context, request) => requireAccess(context, request, "people"),
      {
        cookie,
      },
    );
    expect(thrownStatus(admin.thrown).status).toBe(403);
  });

  test("an admin may administer and write, roles looked up once per request", async () => {
    backend.team = [{ role: "admin" }];
    const { value } = await run(
      async (context, request) => {
        await requireAccess(context, request, "people");
        return requireAccess(context, request, "posts");
      },
      { cookie: await sessionCookie() },
    );
    expect(value).toMatchObject({ role: "admin" });
    expect(
      backend.calls.filter((c) => c.startsWith("GET /rest/v1/team_members")),
    ).toHaveLength(1);
  });

  test("each team role opens its own tools and no others", async () => {
    const cookie = await sessionCookie();
    const opens = async (capability: "people" | "posts" | "jobs") => {
      const { thrown } = await run(
        async (context, request) => requireAccess(context, request, capability),
        { cookie },
      );
      return thrown === undefined ? 200 : thrownStatus(thrown).status;
    };
    backend.team = [{ role: "editor" }];
    expect([
      await opens("posts"),
      await opens("jobs"),
      await opens("people"),
    ]).toEqual([200, 403, 403]);
    backend.team = [{ role: "hiring" }];
    expect([
      await opens("posts"),
      await opens("jobs"),
      await opens("people"),
    ]).toEqual([403, 200, 403]);
  });

  test("a failed role lookup is a 503, not a denial", async () => {
    const cookie = await sessionCookie();
    backend.team = undefined as never;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === "/auth/v1/user")
        return supabaseReply({ status: 200, body: authUser });
      return supabaseReply({ status: 500, body: { message: "boom" } });
    });
    const { thrown } = await run(
      async (context, request) => requireAccess(context, request, "people"),
      { cookie },
    );
    expect(thrownStatus(thrown).status).toBe(503);
  });
});

describe("currentPath", () => {
  test.each([
    ["/admin?tab=users", "/admin?tab=users"],
    ["/admin.data?_routes=routes%2Fadmin", "/admin"],
    ["/edit/42.data?_routes=routes%2Fedit&x=1", "/edit/42?x=1"],
    ["/_root.data", "/"],
    ["/write?index", "/write"],
  ])("%s is the page %s", (path, expected) => {
    expect(currentPath(new Request(`${SITE}${path}`))).toBe(expected);
  });
});

describe("sign-out helpers", () => {
  const post = (headers: Record<string, string>) =>
    new Request(`${SITE}/sign-out`, { method: "POST", headers });

  test("accepts same-origin posts and refuses cross-site ones", () => {
    expect(isSameOriginPost(post({ Origin: SITE }))).toBe(true);
    expect(isSameOriginPost(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(
      true,
    );
    expect(isSameOriginPost(post({}))).toBe(true);
    expect(isSameOriginPost(post({ Origin: "https://evil.example" }))).toBe(
      false,
    );
    expect(isSameOriginPost(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginPost(post({ Origin: "http://127.0.0.1:3001" }))).toBe(
      false,
    );
    expect(isSameOriginPost(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(
      false,
    );
    expect(isSameOriginPost(post({ "Sec-Fetch-Site": "same-site" }))).toBe(
      false,
    );
  });

  test.each([
    ["/admin", "/auth"],
    ["/write", "/auth"],
    ["/edit/42", "/auth"],
    ["/admin?tab=users", "/auth"],
    ["/blueprints?tag=AI", "/blueprints?tag=AI"],
    ["/administrator", "/administrator"],
    ["/", "/"],
    ["//evil.example", "/"],
    ["https://evil.example/admin", "/"],
    [null, "/"],
  ])("from %j lands on %s", (from, to) => {
    expect(signOutDestination(from)).toBe(to);
  });
});
