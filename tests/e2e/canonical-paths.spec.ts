// One spelling per page: any other spelling the router would match is sent
// to it with a 301, never rendered as a page of its own.
import { expect, test } from "../support/fixtures.ts";

for (const [spelling, canonical] of [
  ["/Company", "/company"],
  ["/company/", "/company"],
  ["/compan%79", "/company"],
  ["/CAREERS/1/", "/careers/1"],
  ["/Company?utm_source=news", "/company?utm_source=news"],
] as const) {
  test(`${spelling} answers 301 to ${canonical} @js-only`, async ({
    request,
  }) => {
    const response = await request.get(spelling, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(canonical);
    expect(await response.text()).toBe("");
  });
}

test("the canonical spelling is the page @js-only", async ({ request }) => {
  const response = await request.get("/company", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers().etag ?? "").toMatch(/^"/);
});
