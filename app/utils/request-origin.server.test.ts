import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { crossSitePostMiddleware } from "./request-origin.server.ts";

const SITE = "http://127.0.0.1:3000";

async function answer(method: string, headers: Record<string, string>) {
  let reached = false;
  const response = await crossSitePostMiddleware(
    {
      request: new Request(`${SITE}/contact-us`, { method, headers }),
      context: new RouterContextProvider(),
      params: {},
      unstable_pattern: "/contact-us",
    } as unknown as Parameters<typeof crossSitePostMiddleware>[0],
    async () => {
      reached = true;
      return new Response("ok");
    },
  );
  return { status: (response as Response).status, reached };
}

describe("posts from another site", () => {
  test("without Origin, Sec-Fetch-Site: cross-site is refused before the route", async () => {
    expect(await answer("POST", { "Sec-Fetch-Site": "cross-site" })).toEqual({
      status: 403,
      reached: false,
    });
    expect(await answer("POST", { "Sec-Fetch-Site": "same-site" })).toEqual({
      status: 403,
      reached: false,
    });
    expect(
      await answer("POST", { Origin: "https://evil.example" }),
    ).toMatchObject({ status: 403, reached: false });
  });

  test("the site's own posts, a script's and every GET go through", async () => {
    for (const [method, headers] of [
      ["POST", { Origin: SITE }],
      ["POST", { "Sec-Fetch-Site": "same-origin" }],
      ["POST", {}],
      ["GET", { "Sec-Fetch-Site": "cross-site" }],
    ] as const) {
      expect(await answer(method, headers)).toEqual({
        status: 200,
        reached: true,
      });
    }
  });
});
