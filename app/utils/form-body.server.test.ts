import { describe, expect, test } from "vitest";
import { readFormBody } from "#app/utils/form-body.server.ts";

const LIMITS = {
  maxFields: 4,
  maxFieldBytes: 100,
  maxTotalBytes: 1000,
  maxFiles: 1,
};

function post(body: BodyInit, headers?: HeadersInit) {
  return new Request("http://localhost/form", {
    method: "POST",
    body,
    headers,
  });
}

/** A url-encoded body sent in small chunks, as a slow client would. */
function chunked(text: string) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16)
        controller.enqueue(bytes.slice(at, at + 16));
      controller.close();
    },
  });
}

describe("readFormBody", () => {
  test("reads a url-encoded form within its limits", async () => {
    const body = await readFormBody(
      post(new URLSearchParams({ name: "Ada", email: "a@example.com" })),
      LIMITS,
    );
    expect(body.problem).toBeNull();
    expect(body.multipart).toBe(false);
    expect(body.formData.get("name")).toBe("Ada");
  });

  test("a url-encoded body past the total keeps the fields read before it", async () => {
    const request = new Request("http://localhost/form", {
      method: "POST",
      body: chunked(`name=Ada&message=${"x".repeat(2000)}`),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    const body = await readFormBody(request, LIMITS);
    expect(body.problem).toBe("too-large");
    expect(body.formData.get("name")).toBe("Ada");
    expect(body.formData.get("message")).toBeNull();
  });

  test("too many fields or one too large a field is too large", async () => {
    const many = new URLSearchParams();
    for (let i = 0; i < 5; i++) many.append(`f${i}`, "v");
    expect((await readFormBody(post(many), LIMITS)).problem).toBe("too-large");
    const long = new URLSearchParams({ message: "x".repeat(101) });
    expect((await readFormBody(post(long), LIMITS)).problem).toBe("too-large");
  });

  test("a declared length past the total is refused unread", async () => {
    const body = await readFormBody(
      post("name=Ada", {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "5000",
      }),
      LIMITS,
    );
    expect(body.problem).toBe("too-large");
    expect([...body.formData]).toEqual([]);
  });

  test("multipart: text fields and one file, a second file refused with the fields kept", async () => {
    const one = new FormData();
    one.append("name", "Ada");
    one.append("cv", new File(["pdf"], "cv.pdf", { type: "application/pdf" }));
    const read = await readFormBody(post(one), LIMITS);
    expect(read.problem).toBeNull();
    expect(read.multipart).toBe(true);
    expect((read.formData.get("cv") as File).name).toBe("cv.pdf");

    one.append("cv", new File(["pdf"], "b.pdf", { type: "application/pdf" }));
    const two = await readFormBody(post(one), LIMITS);
    expect(two.problem).toBe("too-many-files");
    expect(two.formData.get("name")).toBe("Ada");
  });

  test("a body of another type is unreadable", async () => {
    const body = await readFormBody(
      post("{}", { "Content-Type": "application/json" }),
      LIMITS,
    );
    expect(body.problem).toBe("unreadable");
  });
});
