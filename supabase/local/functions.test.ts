// Contract tests for /functions/v1: the embedded server runs a function's real
// Deno entry with the platform's env, its deno.json resolution, verify_jwt
// from config.toml and EdgeRuntime.waitUntil.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { forgeToken } from "./forged-token.ts";
import { startTestServer, type TestServer } from "./test-support.ts";

let server: TestServer;
let supabaseDir: string;

const ECHO = `import { greeting } from "greeting";

let finishedTasks = 0;

Deno.serve(async (request) => {
  const body = await request.json();
  if (body.fail) return Response.json({ error: "refused" }, { status: 400 });
  if (body.later) {
    EdgeRuntime.waitUntil(
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => finishedTasks++),
    );
  }
  return Response.json({
    received: body,
    greeting,
    deno: typeof Deno.version.deno,
    finishedTasks,
    url: Deno.env.get("SUPABASE_URL"),
    anonKey: Deno.env.get("SUPABASE_ANON_KEY"),
    serviceRoleKey: Deno.env.get("SUPABASE_SERVICE_ROLE_KEY"),
    publishableKeys: JSON.parse(Deno.env.get("SUPABASE_PUBLISHABLE_KEYS") ?? "null"),
    secretKeys: JSON.parse(Deno.env.get("SUPABASE_SECRET_KEYS") ?? "null"),
    apikey: request.headers.get("apikey"),
  });
});
`;

// Reads at most 64 KB, as the forms' functions do, and refuses more with its
// own 413: before reading when the length is declared, else once it is past.
const BODY_LIMITED = `const LIMIT = 64 * 1024;

Deno.serve(async (request) => {
  const tooLarge = () => Response.json({ error: "Body over 64 KB" }, { status: 413 });
  const declared = request.headers.get("content-length");
  if (Number(declared ?? 0) > LIMIT) return tooLarge();
  const reader = request.body!.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LIMIT) {
      await reader.cancel();
      return tooLarge();
    }
  }
  const stream = new ReadableStream({
    start(controller) {
      for (const part of ["streamed ", "in ", "parts"])
        controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "x-received": String(size), "x-declared": declared ?? "none" },
  });
});
`;

async function writeFunction(name: string, files: Record<string, string>) {
  await mkdir(path.join(supabaseDir, "functions", name), { recursive: true });
  for (const [file, text] of Object.entries(files))
    await writeFile(path.join(supabaseDir, "functions", name, file), text);
}

beforeAll(async () => {
  supabaseDir = await mkdtemp(path.join(tmpdir(), "supabase-local-functions-"));
  // The import map is the function's own deno.json, as the CLI bundles it.
  const files = {
    "index.ts": ECHO,
    "greeting.ts": `export const greeting = "hello";\n`,
    "deno.json": JSON.stringify({ imports: { greeting: "./greeting.ts" } }),
  };
  await writeFunction("open", files);
  await writeFunction("guarded", files);
  await writeFunction("unlisted", files);
  await writeFunction("limited", { "index.ts": BODY_LIMITED });
  // No deno.json: the bare "greeting" import cannot resolve, as on deploy.
  await writeFunction("unmapped", { "index.ts": ECHO });
  await writeFile(
    path.join(supabaseDir, "config.toml"),
    [
      "[functions.open]",
      "verify_jwt = false",
      "[functions.guarded]",
      "verify_jwt = true",
      "[functions.unmapped]",
      "verify_jwt = false",
      "[functions.limited]",
      "verify_jwt = false",
    ].join("\n"),
  );
  server = await startTestServer({
    functionsDir: path.join(supabaseDir, "functions"),
  });
});

afterAll(async () => {
  await server?.close();
  await rm(supabaseDir, { recursive: true, force: true });
});

async function accessToken() {
  const client = await server.signedIn("reader");
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

const post = (name: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ name: "Ada" }),
  });

describe("functions", () => {
  test("invoke runs the Deno entry with the caller's headers and the platform env", async () => {
    const { data, error } = await server
      .anon()
      .functions.invoke("open", { body: { name: "Ada" } });
    expect(error).toBeNull();
    expect(data).toEqual({
      received: { name: "Ada" },
      greeting: "hello",
      deno: "string",
      finishedTasks: 0,
      url: server.url,
      ...(server.legacyKeys
        ? {
            anonKey: server.publishableKey,
            serviceRoleKey: server.secretKey,
            publishableKeys: null,
            secretKeys: null,
          }
        : {
            publishableKeys: { default: server.publishableKey },
            secretKeys: { default: server.secretKey },
          }),
      apikey: server.publishableKey,
    });
  });

  test("a non-2xx answer is a FunctionsHttpError", async () => {
    const { error } = await server
      .anon()
      .functions.invoke("open", { body: { fail: true } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(400);
  });

  test("an unknown function is 404", async () => {
    const { error } = await server
      .anon()
      .functions.invoke("does-not-exist", { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(404);
  });

  test("a function whose imports do not resolve with its own config fails to boot", async () => {
    const response = await post("unmapped");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "WORKER_ERROR" });
  });

  test("waitUntil work runs after the response was sent", async () => {
    const first = await server
      .anon()
      .functions.invoke("open", { body: { later: true } });
    expect(first.data).toMatchObject({ finishedTasks: 0 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const second = await server.anon().functions.invoke("open", { body: {} });
    expect(second.data).toMatchObject({ finishedTasks: 1 });
  });
});

/**
 * A POST framed as a client chooses: chunked when `chunks` has no declared
 * length, and with `Expect: 100-continue` (curl's default above 1 MB) waiting
 * for the go-ahead before the body, as curl does.
 */
function rawPost(
  name: string,
  chunks: Buffer[],
  { chunked = false, expectContinue = false } = {},
) {
  const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/functions/v1/${name}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/octet-stream",
          ...(chunked ? {} : { "content-length": String(size) }),
          ...(expectContinue ? { expect: "100-continue" } : {}),
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString(),
          }),
        );
      },
    );
    request.on("error", reject);
    const send = () => {
      for (const chunk of chunks) request.write(chunk);
      request.end();
    };
    if (expectContinue) request.on("continue", send);
    else send();
  });
}

describe("the gateway forwards a body however it is framed", () => {
  test("a chunked body reaches the function whole, with its length", async () => {
    const response = await rawPost(
      "limited",
      [Buffer.alloc(10_000, 1), Buffer.alloc(20_000, 2)],
      { chunked: true },
    );
    expect(response.status).toBe(200);
    expect(response.headers["x-received"]).toBe("30000");
    expect(response.headers["x-declared"]).toBe("30000");
    // The function's streamed answer comes back whole, framed once.
    expect(response.body).toBe("streamed in parts");
  });

  test("the function's own 413 reaches the caller, whatever the framing", async () => {
    const big = [Buffer.alloc(1_000_000), Buffer.alloc(1_500_000)];
    for (const framing of [
      { chunked: true },
      { expectContinue: true },
      { chunked: true, expectContinue: true },
      {},
    ]) {
      const response = await rawPost("limited", big, framing);
      expect(response.status, JSON.stringify(framing)).toBe(413);
      expect(JSON.parse(response.body)).toEqual({ error: "Body over 64 KB" });
    }
  });
});

describe("verify_jwt", () => {
  test("true: a request without Authorization is 401 before the function runs", async () => {
    const response = await post("guarded", { apikey: server.publishableKey });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      msg: "Error: Missing authorization header",
    });
  });

  test("true: a token that does not verify, or whose session ended, is 401", async () => {
    const token = await accessToken();
    const [header, payload] = token.split(".");
    const signedOut = await accessToken();
    await fetch(`${server.url}/auth/v1/logout?scope=local`, {
      method: "POST",
      headers: {
        apikey: server.publishableKey,
        authorization: `Bearer ${signedOut}`,
      },
    });
    for (const authorization of [
      "Bearer not-a-jwt",
      `Bearer ${header}.${payload}.forged`,
      `Basic ${token}`,
      `Bearer ${forgeToken({
        sub: "a0000000-0000-4000-8000-000000000003",
        role: "authenticated",
        aud: "authenticated",
        exp: Math.floor(Date.now() / 1000) + 600,
      })}`,
      `Bearer ${signedOut}`,
    ]) {
      const response = await post("guarded", { authorization });
      expect(response.status, authorization).toBe(401);
    }
  });

  test("true: a valid JWT reaches the function", async () => {
    const response = await post("guarded", {
      authorization: `Bearer ${await accessToken()}`,
    });
    expect(response.status).toBe(200);
  });

  test("a function missing from config.toml verifies JWTs, as the CLI defaults", async () => {
    expect((await post("unlisted")).status).toBe(401);
  });

  test("false: the function is reached without Authorization or apikey", async () => {
    const response = await post("open");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ apikey: null });
  });
});
