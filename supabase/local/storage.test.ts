// Contract tests for /storage/v1 through the real supabase-js client: uploads
// (multipart and raw), public URLs, RLS-checked downloads, removal and the
// error bodies of docs/SUPABASE_WIRE.md, against the project's bucket policies.
import { randomUUID } from "node:crypto";
import { StorageApiError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO, startTestServer, type TestServer } from "./test-support.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let server: TestServer;
let anon: SupabaseClient;
let author: SupabaseClient;
let reader: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = server.anon();
  [author, reader, admin] = await Promise.all([
    server.signedIn("author"),
    server.signedIn("reader"),
    server.signedIn("admin"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

function imagePath(userId: string = DEMO.author.id) {
  return `${userId}/${randomUUID()}.png`;
}

function pngFile() {
  return new Blob([new Uint8Array(PNG)], { type: "image/png" });
}

describe("blog-images", () => {
  test("an author uploads, the public URL serves the bytes with type and cache control", async () => {
    const path = imagePath();
    const { data, error } = await author.storage
      .from("blog-images")
      .upload(path, pngFile(), { cacheControl: "3600", upsert: false });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path,
      fullPath: `blog-images/${path}`,
      id: expect.any(String),
    });

    const { publicUrl } = author.storage
      .from("blog-images")
      .getPublicUrl(path).data;
    expect(publicUrl).toBe(
      `${server.url}/storage/v1/object/public/blog-images/${path}`,
    );
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=3600");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test("every Storage answer says nosniff: a missing object and a refusal too", async () => {
    const missing = await fetch(
      `${server.url}/storage/v1/object/public/blog-images/no/such.png`,
    );
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
    // An anonymous upload to blog-images: Storage itself refuses it.
    const refused = await fetch(
      `${server.url}/storage/v1/object/blog-images/anonymous.png`,
      {
        method: "POST",
        headers: { apikey: server.publishableKey, "content-type": "image/png" },
        body: new Uint8Array(PNG),
      },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a raw Buffer body keeps its content type and cache control", async () => {
    const path = imagePath();
    const { error } = await author.storage
      .from("blog-images")
      .upload(path, PNG, { contentType: "image/png", cacheControl: "60" });
    expect(error).toBeNull();
    const response = await fetch(
      author.storage.from("blog-images").getPublicUrl(path).data.publicUrl,
    );
    expect(response.headers.get("cache-control")).toBe("max-age=60");
  });

  test("uploading the same path again is a duplicate (409 in the body)", async () => {
    const path = imagePath();
    await author.storage.from("blog-images").upload(path, pngFile());
    const { error } = await author.storage
      .from("blog-images")
      .upload(path, pngFile());
    expect(error).toBeInstanceOf(StorageApiError);
    expect(error).toMatchObject({
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    const upsert = await author.storage
      .from("blog-images")
      .upload(path, pngFile(), { upsert: true });
    // No update policy on blog-images: even an upsert cannot overwrite.
    expect(upsert.error).toMatchObject({ statusCode: "403" });
  });

  test("RLS denies uploads by non-authors and outside the caller's folder", async () => {
    const asReader = await reader.storage
      .from("blog-images")
      .upload(imagePath(DEMO.reader.id), pngFile());
    expect(asReader.error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    const elsewhere = await author.storage
      .from("blog-images")
      .upload(imagePath(DEMO.admin.id), pngFile());
    expect(elsewhere.error).toMatchObject({ statusCode: "403" });
    const asAnon = await anon.storage
      .from("blog-images")
      .upload(imagePath(), pngFile());
    expect(asAnon.error).toMatchObject({ statusCode: "403" });
  });

  test("bucket limits: disallowed MIME type and oversized files are refused", async () => {
    const wrongType = await author.storage
      .from("blog-images")
      .upload(
        `${DEMO.author.id}/${randomUUID()}.txt`,
        new Blob(["hello"], { type: "text/plain" }),
      );
    expect(wrongType.error).toMatchObject({ statusCode: "415" });
    const tooBig = await author.storage
      .from("blog-images")
      .upload(
        imagePath(),
        new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: "image/png" }),
      );
    expect(tooBig.error).toMatchObject({ statusCode: "413" });
  });

  test("remove returns the deleted objects and the public URL stops serving", async () => {
    const path = imagePath();
    await author.storage.from("blog-images").upload(path, pngFile());
    const byReader = await reader.storage.from("blog-images").remove([path]);
    expect(byReader).toMatchObject({ data: [], error: null });
    const { data, error } = await author.storage
      .from("blog-images")
      .remove([path]);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ name: path, bucket_id: "blog-images" }),
    ]);
    const response = await fetch(
      author.storage.from("blog-images").getPublicUrl(path).data.publicUrl,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "404" });
  });

  test("an invalid key is refused", async () => {
    const { error } = await author.storage
      .from("blog-images")
      .upload(`${DEMO.author.id}/../x.png`, pngFile());
    expect(error).not.toBeNull();
  });
});

describe("cv-uploads", () => {
  test("anyone uploads a CV; only team members and the service role read it", async () => {
    const name = `${Date.now()}-cv.pdf`;
    const uploaded = await anon.storage
      .from("cv-uploads")
      .upload(name, PDF, { contentType: "application/pdf" });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.path).toBe(name);

    const asAnon = await anon.storage.from("cv-uploads").download(name);
    expect(asAnon.error).toMatchObject({ statusCode: "404" });
    const asReader = await reader.storage.from("cv-uploads").download(name);
    expect(asReader.error).toMatchObject({ statusCode: "404" });

    const asAdmin = await admin.storage.from("cv-uploads").download(name);
    expect(asAdmin.error).toBeNull();
    expect(Buffer.from(await asAdmin.data!.arrayBuffer()).equals(PDF)).toBe(
      true,
    );
    const asService = await server
      .service()
      .storage.from("cv-uploads")
      .download(name);
    expect(asService.error).toBeNull();

    const publicUrl = await fetch(
      anon.storage.from("cv-uploads").getPublicUrl(name).data.publicUrl,
    );
    expect(publicUrl.status).toBe(400);

    const listed = await admin.storage.from("cv-uploads").list();
    expect(listed.data?.map((entry) => entry.name)).toContain(name);
  });

  test("a CV under a folder or a second upload to the same name is refused", async () => {
    const nested = await anon.storage
      .from("cv-uploads")
      .upload(`folder/${Date.now()}-cv.pdf`, PDF, {
        contentType: "application/pdf",
      });
    expect(nested.error).toMatchObject({ statusCode: "403" });
    const name = `${Date.now()}-again.pdf`;
    await anon.storage
      .from("cv-uploads")
      .upload(name, PDF, { contentType: "application/pdf" });
    const again = await anon.storage
      .from("cv-uploads")
      .upload(name, PDF, { contentType: "application/pdf" });
    expect(again.error).not.toBeNull();
  });
});

describe("missing objects and buckets", () => {
  test("a missing object is 404 in the body", async () => {
    const { error } = await admin.storage
      .from("cv-uploads")
      .download("does-not-exist.pdf");
    expect(error).toMatchObject({ statusCode: "404" });
    const raw = await fetch(
      `${server.url}/storage/v1/object/blog-images/nothing/here.png`,
      {
        headers: { apikey: server.publishableKey },
      },
    );
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      statusCode: "404",
      error: "not_found",
      message: "Object not found",
    });
  });

  test("a missing bucket is 404 in the body", async () => {
    const { error } = await author.storage
      .from("no-such-bucket")
      .upload("x.png", pngFile());
    expect(error).toMatchObject({
      statusCode: "404",
      message: "Bucket not found",
    });
  });
});
