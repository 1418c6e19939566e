// Every action that needs a role knows who is asking before it reads a
// byte of the body: each is sent a post whose body never arrives (its
// Content-Length promises a megabyte, a kilobyte of `<` is written and no
// more), and each answers anyway, from the headers. With a cookie that has
// the session's name and a junk value (anyone can derive the name from the
// page's CSP) the answer is 401; with a real session of the wrong role, 403.
import { request as httpRequest } from "node:http";
import { expect, test, uniqueClientIp } from "../support/fixtures.ts";
import { signInRequest, type Account } from "../support/auth-helpers.ts";
import { BASE_URL, SUPABASE_URL } from "../support/e2e-env.ts";

const SOME_ID = "b0000000-0000-4000-8000-000000000001";
const JUNK_SESSION = `sb-${new URL(SUPABASE_URL).hostname.split(".")[0]}-auth-token=base64-junk`;

const AUTHOR_ACTIONS = [
  "/write",
  `/edit/${SOME_ID}`,
  "/write/image",
  `/edit/${SOME_ID}/preview-links`,
  `/edit/${SOME_ID}/revisions`,
  `/edit/${SOME_ID}/newsletter`,
  `/blueprints/${SOME_ID}/delete`,
];
const ADMIN_ACTIONS = [
  "/admin",
  "/admin/inbox",
  `/admin/inbox/contact/${SOME_ID}/delete`,
  "/admin/jobs",
  `/admin/jobs/${SOME_ID}`,
  `/admin/applications/${SOME_ID}`,
  "/admin/newsletter",
  "/admin/people",
];

/** The status of a post whose body is promised and never sent. */
function postWithoutItsBody(path: string, cookie: string, ip: string) {
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      `${BASE_URL}${path}`,
      {
        method: "POST",
        headers: {
          Origin: BASE_URL,
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(1024 * 1024),
          "fly-client-ip": ip,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      },
    );
    request.on("error", reject);
    request.write(`intent=publish&title=t&content=${"<".repeat(1024)}`);
  });
}

async function sessionCookie(
  request: Parameters<typeof signInRequest>[0],
  account: Account,
) {
  await signInRequest(request, account, "/");
  const { cookies } = await request.storageState();
  return cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

test.describe("who is asking comes before the body", () => {
  for (const path of [...AUTHOR_ACTIONS, ...ADMIN_ACTIONS]) {
    test(`${path}: a junk session cookie is refused with 401 before the body arrives`, async ({}, testInfo) => {
      expect(
        await postWithoutItsBody(
          path,
          JUNK_SESSION,
          uniqueClientIp(testInfo.workerIndex),
        ),
      ).toBe(401);
    });
  }

  test("a reader posting to an author's action, and an author to an admin's: 403 before the body arrives", async ({
    playwright,
  }, testInfo) => {
    const ip = uniqueClientIp(testInfo.workerIndex);
    const as = async (account: Account) => {
      const context = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { "fly-client-ip": ip },
      });
      const cookie = await sessionCookie(context, account);
      await context.dispose();
      return cookie;
    };
    const reader = await as("reader");
    for (const path of AUTHOR_ACTIONS) {
      expect(await postWithoutItsBody(path, reader, ip), path).toBe(403);
    }
    const author = await as("author");
    for (const path of ADMIN_ACTIONS) {
      expect(await postWithoutItsBody(path, author, ip), path).toBe(403);
    }
  });
});
