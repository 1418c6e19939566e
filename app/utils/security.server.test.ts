import { expect, test } from "vitest";
import { applySecurityHeaders } from "./security.server.ts";

test("the site's Referrer-Policy is a default: a route that sends its own keeps it", () => {
  const plain = new Headers();
  applySecurityHeaders(plain, "nonce");
  expect(plain.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");

  const redirect = new Headers({ "Referrer-Policy": "no-referrer" });
  applySecurityHeaders(redirect, "nonce");
  expect(redirect.get("Referrer-Policy")).toBe("no-referrer");
  expect(redirect.get("X-Content-Type-Options")).toBe("nosniff");
});
