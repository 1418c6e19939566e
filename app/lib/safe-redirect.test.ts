import { describe, expect, test } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  test.each([
    ["/admin", "/admin"],
    ["/write", "/write"],
    ["/edit/42?tab=1#top", "/edit/42?tab=1#top"],
    ["/blueprints?tag=AI%20agents", "/blueprints?tag=AI%20agents"],
    ["/search?q=100%25", "/search?q=100%25"],
    ["/a/../admin", "/admin"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  test.each([
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "http://evil.example/admin",
    "javascript:alert(1)",
    "data:text/html,hi",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "evil.example",
    "admin",
    "",
    " /admin",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "%2F%2Fevil.example",
    "%2F%5Cevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%2525252F%2525252Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%00",
    `/${"a".repeat(3000)}`,
  ])("falls back for %j", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  // Each passes a check made before normalisation, and comes out of URL
  // normalisation as a protocol-relative "//evil.example/…".
  test.each([
    "/a/..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/x/../..//evil.example/path",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/a/b/../..//evil.example?x=1",
    "/a/..//evil.example#frag",
    "/..//evil.example",
    "/././/evil.example",
  ])("falls back for %j, which normalises to another site", (input) => {
    const result = safeRedirect(input, "/fallback");
    expect(result).toBe("/fallback");
  });

  test("what it returns is itself safe, whatever goes in", () => {
    const pieces = [
      "/",
      "//",
      ".",
      "..",
      "%2e",
      "%2f",
      "%5c",
      "a",
      "evil.example",
      "?",
      "#",
    ];
    const seen = new Set<string>();
    // Every sequence of up to five pieces that starts with a slash.
    const grow = (prefix: string, depth: number) => {
      const result = safeRedirect(prefix, "/fallback");
      seen.add(result);
      expect(result.startsWith("/"), `${prefix} -> ${result}`).toBe(true);
      expect(result.startsWith("//"), `${prefix} -> ${result}`).toBe(false);
      expect(new URL(result, "http://site.test").origin).toBe(
        "http://site.test",
      );
      expect(safeRedirect(result, "/other"), `${prefix} -> ${result}`).toBe(
        result,
      );
      if (depth < 5)
        for (const piece of pieces) grow(prefix + piece, depth + 1);
    };
    grow("/", 1);
    expect(seen.size).toBeGreaterThan(100);
  });

  test("falls back for values that are not strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
    expect(safeRedirect(new File([], "x"), "/admin")).toBe("/admin");
    expect(safeRedirect(["/admin"], "/x")).toBe("/x");
  });
});
