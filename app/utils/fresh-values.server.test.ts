import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";

// Production mode, where the policy is enforced: a 304's policy is what the
// browser applies to the copy it keeps.
Object.assign(process.env, {
  NODE_ENV: "production",
  SITE_URL: "http://site.test",
  PLATFORM_URL: "https://platform.example.com",
  SESSION_SECRET: "fresh-values-test-session-secret-0123456789",
  HONEYPOT_SECRET: "fresh-values-test-honeypot",
});
const {
  createFreshValuesMiddleware,
  letKeptCopiesRevalidate,
  markFreshValues,
  NONCE_PLACEHOLDER,
  REVALIDATION_CHECK_MS,
  SUBMISSION_KEY_PLACEHOLDER,
  submissionStored,
} = await import("#app/utils/fresh-values.server.ts");
const { formPageTag, keptCopies, templateDigest } =
  await import("#app/utils/form-page-tag.server.ts");
const { createPageCacheMiddleware } =
  await import("#app/utils/page-cache.server.ts");
const { nonceContext, securityMiddleware } =
  await import("#app/utils/security.server.ts");

const ORIGIN = "http://site.test";

/** A form page as the app renders it: the nonce in its attributes, placeholders for the rest. */
function formPage(nonce: string, heading: string) {
  return `<!doctype html><html><body><h1>${heading}</h1><input name="submissionKey" value="${SUBMISSION_KEY_PLACEHOLDER}"><script nonce="${nonce}">1</script></body></html>`;
}

type Stored = (key: string) => Promise<boolean | null>;

/** The root middleware's order: security, fresh values, page cache, then the render. */
function site(stored: Stored = async () => false) {
  const isStored = vi.fn(stored);
  const chain: MiddlewareFunction<Response>[] = [
    securityMiddleware,
    createFreshValuesMiddleware(isStored),
    createPageCacheMiddleware(new Map()),
  ];
  async function get(path: string, headers: Record<string, string> = {}) {
    const context = new RouterContextProvider();
    const request = new Request(`${ORIGIN}${path}`, { headers });
    const run = async (index: number): Promise<Response> => {
      const middleware = chain[index];
      if (!middleware) {
        markFreshValues(context);
        // As the company and contact pages' loaders do, and not a job's.
        if (!request.url.includes("/careers/"))
          letKeptCopiesRevalidate(context);
        const { pathname } = new URL(request.url);
        return new Response(formPage(context.get(nonceContext), pathname), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      }
      return (await middleware(
        {
          request,
          context,
          params: {},
          url: new URL(request.url),
          pattern: "",
        } as unknown as Parameters<typeof middleware>[0],
        () => run(index + 1),
      )) as Response;
    };
    const response = await run(0);
    const body = await response.text();
    return {
      response,
      body,
      etag: response.headers.get("ETag"),
      key: /name="submissionKey" value="([^"]*)"/.exec(body)?.[1],
      nonce: /<script nonce="([^"]*)"/.exec(body)?.[1],
      policyNonce: /'nonce-([^']*)'/.exec(
        response.headers.get("Content-Security-Policy") ?? "",
      )?.[1],
    };
  }
  return { get, isStored };
}

describe("form page ETag", () => {
  test("names the template, nonce and key of the copy, signed", () => {
    const copy = {
      template: templateDigest(200, "<html></html>"),
      nonce: "AAAAAAAAAAAAAAAAAAAAAA==",
      submissionKey: crypto.randomUUID(),
    };
    const tag = formPageTag(copy);
    expect(tag).toMatch(/^"f\.[\w-]{27}\.[\w+/=]{24}\.[\w-]{36}\.[\w-]{43}"$/);
    expect(keptCopies(tag)).toEqual([copy]);
    expect(keptCopies(`"other", W/${tag}`)).toEqual([copy]);
  });

  test("a tag the server did not sign, or with parts it never makes, names nothing", () => {
    const copy = {
      template: templateDigest(200, "<html></html>"),
      nonce: "AAAAAAAAAAAAAAAAAAAAAA==",
      submissionKey: crypto.randomUUID(),
    };
    const tag = formPageTag(copy);
    const mac = tag.slice(-44, -1);
    const forged = tag.replace(
      mac,
      (mac[0] === "A" ? "B" : "A") + mac.slice(1),
    );
    expect(keptCopies(forged)).toEqual([]);
    // Another copy's MAC on this copy's parts.
    const other = formPageTag({ ...copy, submissionKey: crypto.randomUUID() });
    expect(keptCopies(tag.replace(mac, other.slice(-44, -1)))).toEqual([]);
    for (const nonce of [
      "AAAAAAAAAAAAAAAAAAAAA'==",
      "AAAAAAAAAAAAAAAAAAAAAA=;",
      "AAAA",
    ]) {
      expect(keptCopies(formPageTag({ ...copy, nonce }))).toEqual([]);
    }
    expect(
      keptCopies(formPageTag({ ...copy, submissionKey: "not-a-uuid" })),
    ).toEqual([]);
    expect(keptCopies(null)).toEqual([]);
    expect(keptCopies("*")).toEqual([]);
  });
});

describe("freshValuesMiddleware", () => {
  test("each copy of a stored form page has a key, nonce and tag of its own", async () => {
    const { get } = site();
    const first = await get("/company");
    const second = await get("/company");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    for (const copy of [first, second]) {
      expect(copy.response.status).toBe(200);
      expect(copy.response.headers.get("Cache-Control")).toBe(
        "private, no-cache",
      );
      expect(copy.policyNonce).toBe(copy.nonce);
      expect(copy.etag).toContain(`.${copy.nonce}.${copy.key}.`);
    }
    expect(second.key).not.toBe(first.key);
    expect(second.nonce).not.toBe(first.nonce);
  });

  test("a revalidation of an unused copy gets a 304 with that copy's nonce in its policy", async () => {
    const { get, isStored } = site();
    const first = await get("/company");
    const again = await get("/company", { "If-None-Match": first.etag! });
    expect(again.response.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.etag).toBe(first.etag);
    expect(again.policyNonce).toBe(first.nonce);
    expect(again.response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(again.response.headers.get("Cache-Control")).toBe(
      "private, no-cache",
    );
    expect(again.response.headers.has("Content-Length")).toBe(false);
    expect(isStored).toHaveBeenCalledWith(first.key, expect.anything());
  });

  test("a copy whose key was used, or whose check failed, is sent again with a key of its own", async () => {
    for (const stored of [
      async () => true,
      async () => null,
    ] satisfies Stored[]) {
      const { get } = site(stored);
      const first = await get("/company");
      const again = await get("/company", { "If-None-Match": first.etag! });
      expect(again.response.status).toBe(200);
      expect(again.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.key).not.toBe(first.key);
      expect(again.etag).not.toBe(first.etag);
      expect(again.policyNonce).toBe(again.nonce);
    }
  });

  test("a forged tag or another template's copy gets the page, without asking the backend", async () => {
    const { get, isStored } = site();
    const first = await get("/company");
    const copy = keptCopies(first.etag)[0]!;
    const attacker = "QUFBQUFBQUFBQUFBQUFBQQ==";
    const forged = first.etag!.replace(copy.nonce, attacker);
    const refused = await get("/company", { "If-None-Match": forged });
    expect(refused.response.status).toBe(200);
    expect(refused.policyNonce).not.toBe(attacker);

    // A good tag, but of another template (another page, or this one
    // before a deploy changed it).
    expect(templateDigest(200, formPage(NONCE_PLACEHOLDER, "/company"))).toBe(
      copy.template,
    );
    const elsewhere = await get("/contact-us", {
      "If-None-Match": first.etag!,
    });
    expect(elsewhere.response.status).toBe(200);
    expect(isStored).not.toHaveBeenCalled();
  });

  test("a page whose loader does not let its copies revalidate (a job's) is not tagged", async () => {
    const { get, isStored } = site();
    const first = await get("/careers/engineer");
    const second = await get("/careers/engineer");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    for (const copy of [first, second]) {
      expect(copy.response.status).toBe(200);
      expect(copy.etag).toBeNull();
      expect(copy.key).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(second.key).not.toBe(first.key);
    // Not even a tag this server signed for another page gets a 304 here.
    const company = await get("/company");
    const again = await get("/careers/engineer", {
      "If-None-Match": company.etag!,
    });
    expect(again.response.status).toBe(200);
    expect(again.key).not.toBe(company.key);
    expect(isStored).not.toHaveBeenCalled();
  });

  test("a page rendered for one request (a query, a session) is not tagged", async () => {
    const { get } = site();
    const rendered = await get("/company?contact=1");
    expect(rendered.response.status).toBe(200);
    expect(rendered.etag).toBeNull();
    expect(rendered.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(rendered.policyNonce).toBe(rendered.nonce);
  });
});

describe("submissionStored", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const ask = () =>
    submissionStored(crypto.randomUUID(), new RouterContextProvider());
  const answer = (status: number, body: unknown) =>
    vi.fn(async () =>
      Response.json(body, {
        status,
        headers: { "Content-Range": "0-0/*" },
      }),
    );

  test("says what the backend answers", async () => {
    vi.stubGlobal("fetch", answer(200, false));
    expect(await ask()).toBe(false);
    vi.stubGlobal("fetch", answer(200, true));
    expect(await ask()).toBe(true);
  });

  test("cannot tell when the backend fails, refuses or does not answer in time", async () => {
    vi.stubGlobal(
      "fetch",
      answer(500, { code: "XX000", message: "down", details: null }),
    );
    expect(await ask()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    expect(await ask()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener("abort", () =>
              reject(init.signal?.reason),
            ),
          ),
      ),
    );
    const started = performance.now();
    expect(await ask()).toBeNull();
    expect(performance.now() - started).toBeLessThan(
      REVALIDATION_CHECK_MS + 500,
    );
  });
});
