// Contract tests for /storage/v1 through the real supabase-js client: uploads
// (multipart and raw), public URLs, RLS-checked downloads, removal and the
// error bodies hosted Storage answers with, against the project's bucket policies.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { StorageApiError, type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadKeyMaterial } from "./keys.ts";
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

describe("byte ranges (as browsers ask for video)", () => {
  async function publicImage() {
    const path = imagePath();
    const { error } = await author.storage
      .from("blog-images")
      .upload(path, pngFile());
    expect(error).toBeNull();
    return `${server.url}/storage/v1/object/public/blog-images/${path}`;
  }

  test("a range is 206 with Content-Range and only its bytes; no range is the whole object, and says ranges are accepted", async () => {
    const url = await publicImage();
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    await whole.arrayBuffer();
    for (const [range, from, to] of [
      ["bytes=0-9", 0, 9],
      ["bytes=10-", 10, PNG.length - 1],
      ["bytes=-5", PNG.length - 5, PNG.length - 1],
      ["bytes=60-100000", 60, PNG.length - 1],
    ] as const) {
      const part = await fetch(url, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range")).toBe(
        `bytes ${from}-${to}/${PNG.length}`,
      );
      expect(part.headers.get("content-length")).toBe(String(to - from + 1));
      expect(part.headers.get("content-type")).toBe("image/png");
      expect(
        Buffer.from(await part.arrayBuffer()).equals(
          PNG.subarray(from, to + 1),
        ),
      ).toBe(true);
    }
  });

  test("a range past the end or malformed is 416 invalid_range, as Storage answers", async () => {
    const url = await publicImage();
    for (const range of [
      `bytes=${PNG.length}-`,
      "bytes=9-3",
      "bytes=-0",
      "bytes=-",
      "items=0-1",
      "bytes=0-1,4-5",
    ]) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range).toBe(416);
      expect(await response.json()).toEqual({
        statusCode: "416",
        code: "InvalidRange",
        error: "invalid_range",
        message: "invalid range provided",
      });
    }
  });
});

describe("agent-videos (seeded from supabase/storage/agent-videos)", () => {
  const committed = (name: string) =>
    readFileSync(new URL(`../storage/agent-videos/${name}`, import.meta.url));

  test("the server seeds each video into the public bucket, served by its public URL", async () => {
    for (const [name, type] of [
      ["data-engineer.mp4", "video/mp4"],
      ["ml-engineer.webm", "video/webm"],
    ] as const) {
      const response = await fetch(
        `${server.url}/storage/v1/object/public/agent-videos/${name}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("max-age=86400");
      expect(
        Buffer.from(await response.arrayBuffer()).equals(committed(name)),
      ).toBe(true);
    }
  });

  test("nobody but the service role writes into the bucket", async () => {
    const video = new Blob([new Uint8Array(committed("data-analyst.mp4"))], {
      type: "video/mp4",
    });
    for (const client of [anon, author, admin]) {
      const { error } = await client.storage
        .from("agent-videos")
        .upload(`${randomUUID()}.mp4`, video);
      expect(error).toMatchObject({ statusCode: "403" });
    }
  });

  test("a restart leaves seeded videos alone and puts back a missing one", async () => {
    const first = await startTestServer();
    const bucket = (running: TestServer) =>
      running.service().storage.from("agent-videos");
    const ids = async (running: TestServer) => {
      const { data, error } = await bucket(running).list();
      expect(error).toBeNull();
      return Object.fromEntries(
        (data ?? []).map((entry) => [entry.name, entry.id]),
      );
    };
    const before = await ids(first);
    expect(Object.keys(before).sort()).toEqual(
      ["data-analyst", "data-engineer", "ml-engineer"]
        .flatMap((slug) => [`${slug}.mp4`, `${slug}.webm`])
        .sort(),
    );
    const removed = await bucket(first).remove(["data-analyst.webm"]);
    expect(removed.error).toBeNull();
    await first.stop();
    const second = await startTestServer({}, first.dataDir);
    try {
      const after = await ids(second);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      expect(after["data-engineer.mp4"]).toBe(before["data-engineer.mp4"]);
      const response = await fetch(
        `${second.url}/storage/v1/object/public/agent-videos/data-analyst.webm`,
      );
      expect(
        Buffer.from(await response.arrayBuffer()).equals(
          committed("data-analyst.webm"),
        ),
      ).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe("signed URLs (createSignedUrl)", () => {
  // A CV name as the application form makes it: a timestamp, a hyphen, the
  // visitor's file name (spaces and all).
  async function storedCv() {
    const name = `${Date.now()}-My CV ${randomUUID().slice(0, 8)}.pdf`;
    const { error } = await anon.storage
      .from("cv-uploads")
      .upload(name, PDF, { contentType: "application/pdf" });
    expect(error).toBeNull();
    return name;
  }

  function tokenOf(signedUrl: string) {
    return new URL(signedUrl).searchParams.get("token") ?? "";
  }

  test("a team member signs a CV; the URL alone serves it as an attachment, nosniff, until its expiry", async () => {
    const name = await storedCv();
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await admin.storage
      .from("cv-uploads")
      .createSignedUrl(name, 60, { download: "Jane Doe CV.pdf" });
    expect(error).toBeNull();
    const signedUrl = data?.signedUrl ?? "";
    expect(signedUrl).toMatch(
      new RegExp(
        `^${server.url}/storage/v1/object/sign/cv-uploads/${encodeURI(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+&download=Jane\\+Doe\\+CV\\.pdf$`,
      ),
    );
    const [, payload = ""] = tokenOf(signedUrl).split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    expect(claims).toMatchObject({
      url: `cv-uploads/${name}`,
      scope: "download",
    });
    expect(claims.exp - claims.iat).toBe(60);
    expect(claims.iat).toBeGreaterThanOrEqual(before);

    // No apikey, no Authorization: the token is the whole permission.
    const response = await fetch(signedUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=Jane%20Doe%20CV.pdf; filename*=UTF-8''Jane%20Doe%20CV.pdf",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-robots-tag")).toBe("none");
    expect(response.headers.get("expires")).toBe(
      new Date(claims.exp * 1000).toUTCString(),
    );

    // download=true: an attachment with no name of its own.
    const unnamed = await admin.storage
      .from("cv-uploads")
      .createSignedUrl(name, 60, { download: true });
    const plain = await fetch(unnamed.data?.signedUrl ?? "");
    expect(plain.headers.get("content-disposition")).toBe("attachment;");
  });

  test("a signed URL stops working once it expires", async () => {
    const name = await storedCv();
    const { data } = await admin.storage
      .from("cv-uploads")
      .createSignedUrl(name, 5);
    const signedUrl = data?.signedUrl ?? "";
    // Five seconds, not one: on a busy machine the first fetch alone could
    // take a second and find the URL expired already.
    expect((await fetch(signedUrl)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6_100));
    const expired = await fetch(signedUrl);
    expect(expired.status).toBe(400);
    expect(expired.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await expired.json()).toEqual({
      statusCode: "400",
      code: "InvalidJWT",
      error: "InvalidJWT",
      message: '"exp" claim timestamp check failed',
    });
  });

  test("a token for another object, a tampered one or one for uploads is refused", async () => {
    const [name, other] = await Promise.all([storedCv(), storedCv()]);
    const { data } = await admin.storage
      .from("cv-uploads")
      .createSignedUrl(name, 60);
    const token = tokenOf(data?.signedUrl ?? "");
    const signedPath = (object: string, value: string) =>
      `${server.url}/storage/v1/object/sign/cv-uploads/${encodeURI(object)}?token=${value}`;

    const elsewhere = await fetch(signedPath(other, token));
    expect(await elsewhere.json()).toMatchObject({
      statusCode: "400",
      code: "InvalidSignature",
      message: "Invalid signature",
    });

    const [header, payload, signature = ""] = token.split(".");
    const claims = JSON.parse(
      Buffer.from(payload ?? "", "base64url").toString(),
    );
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, url: `cv-uploads/${other}` }),
    ).toString("base64url");
    const tampered = await fetch(
      signedPath(other, `${header}.${forgedPayload}.${signature}`),
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ code: "InvalidJWT" });

    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await (await fetch(signedPath(name, flipped))).json()).toMatchObject(
      { code: "InvalidJWT" },
    );

    const secret = new TextEncoder().encode(
      loadKeyMaterial(server.dataDir).jwtSecret,
    );
    const uploadToken = await new SignJWT({
      url: `cv-uploads/${name}`,
      scope: "upload",
      upsert: false,
    })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(secret);
    expect(
      await (await fetch(signedPath(name, uploadToken))).json(),
    ).toMatchObject({
      code: "InvalidSignature",
      message: "Token is not scoped for download",
    });

    const missing = await fetch(
      `${server.url}/storage/v1/object/sign/cv-uploads/${encodeURI(name)}`,
    );
    expect(await missing.json()).toMatchObject({ code: "InvalidRequest" });
  });

  test("only a caller who may read the object gets a signed URL for it", async () => {
    const name = await storedCv();
    for (const client of [anon, reader, author]) {
      const { data, error } = await client.storage
        .from("cv-uploads")
        .createSignedUrl(name, 60);
      expect(data).toBeNull();
      expect(error).toMatchObject({ statusCode: "404" });
    }
    const zero = await admin.storage
      .from("cv-uploads")
      .createSignedUrl(name, 0);
    expect(zero.error).toMatchObject({ statusCode: "400" });
    const gone = await admin.storage
      .from("cv-uploads")
      .createSignedUrl("no-such-cv.pdf", 60);
    expect(gone.error).toMatchObject({ statusCode: "404" });
  });
});
