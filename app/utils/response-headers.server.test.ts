import { describe, expect, it } from "vitest";
import { withHeaders } from "#app/utils/response-headers.server.ts";

describe("withHeaders", () => {
  it("changes a response's own headers when they are mutable", () => {
    const response = new Response("body", { status: 201 });
    const result = withHeaders(response, (headers) =>
      headers.set("X-Test", "1"),
    );
    expect(result).toBe(response);
    expect(result.headers.get("X-Test")).toBe("1");
  });

  it("copies a response whose headers are immutable, keeping status and body", () => {
    const response = Response.redirect("https://example.com/next", 302);
    expect(() => response.headers.set("X-Test", "1")).toThrow();
    const result = withHeaders(response, (headers) =>
      headers.append("X-Test", "2"),
    );
    expect(result).not.toBe(response);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("https://example.com/next");
    expect(result.headers.get("X-Test")).toBe("2");
  });
});
