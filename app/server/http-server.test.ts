import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
} from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createRequestListener,
  methodGuard,
  serverOptions,
  SOCKET_ADDRESS_HEADER,
} from "./http-server.ts";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** The guard and the timeouts in front of a route that reads its body. */
async function start(timeouts = {}) {
  const app = express();
  app.use(methodGuard);
  app.all("/{*splat}", (request, response) => {
    request.resume();
    request.on("end", () => response.send(`read by ${request.method}`));
  });
  server = createServer(serverOptions(timeouts), app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("methodGuard", () => {
  test("lets pages' methods through, answers OPTIONS and refuses the rest with 405", async () => {
    const port = await start();
    // fetch() refuses to send TRACE, so plain http.request it is.
    const send = (method: string) =>
      new Promise<{ status: number; allow?: string; body: string }>(
        (resolve, reject) => {
          const outgoing = request(
            { host: "127.0.0.1", port, path: "/company", method },
            (incoming) => {
              let body = "";
              incoming.on("data", (chunk: Buffer) => (body += chunk));
              incoming.on("end", () =>
                resolve({
                  status: incoming.statusCode ?? 0,
                  allow: incoming.headers.allow,
                  body,
                }),
              );
            },
          );
          outgoing.on("error", reject);
          outgoing.end();
        },
      );
    for (const method of ["GET", "POST"]) {
      expect((await send(method)).body).toBe(`read by ${method}`);
    }
    expect((await send("HEAD")).status).toBe(200);
    const options = await send("OPTIONS");
    expect(options.status).toBe(204);
    expect(options.allow).toBe("GET, HEAD, POST, OPTIONS");
    for (const method of ["PUT", "DELETE", "PATCH", "PROPFIND", "TRACE"]) {
      const refused = await send(method);
      expect(refused.status, method).toBe(405);
      expect(refused.allow).toBe("GET, HEAD, POST, OPTIONS");
      expect(refused.body).not.toMatch(/\n\s+at /);
    }
  });
});

describe("serverOptions", () => {
  test("production bounds a request to a minute, its headers to 20 s", () => {
    expect(serverOptions()).toMatchObject({
      requestTimeout: 60_000,
      headersTimeout: 20_000,
      keepAliveTimeout: 5_000,
    });
  });

  test("a body trickling in is cut off at the request timeout", async () => {
    const port = await start({
      requestMs: 1_500,
      headersMs: 1_000,
      keepAliveMs: 500,
    });
    // The body would take 200 s at this pace: a 408 at all is the cut-off.
    const socket = connect(port, "127.0.0.1");
    socket.write(
      "POST /contact-us HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n",
    );
    // One byte every 200 ms: never idle long, never done.
    const trickle = setInterval(() => socket.write("a"), 200);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    await new Promise((resolve) => socket.on("close", resolve));
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("the socket's address", () => {
  test("replaces a forged address header before the store or the app reads it", async () => {
    const build = {
      routes: {},
      entry: {
        module: {
          answerStoredPage: (request: IncomingMessage) => ({
            status: 200,
            headers: {},
            body: Buffer.from(String(request.headers[SOCKET_ADDRESS_HEADER])),
          }),
        },
      },
    } as unknown as ServerBuild;
    server = createServer(createRequestListener(build, tmpdir()));
    await new Promise<void>((resolve) =>
      server!.listen(0, "127.0.0.1", resolve),
    );
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const response = await fetch(`http://127.0.0.1:${address.port}/`, {
      headers: { [SOCKET_ADDRESS_HEADER]: "203.0.113.9" },
    });
    expect(await response.text()).toBe("127.0.0.1");
  });

  test("names the header the app reads", async () => {
    const { SOCKET_ADDRESS_HEADER: appHeader } =
      await import("#app/utils/client-ip.server.ts");
    expect(appHeader).toBe(SOCKET_ADDRESS_HEADER);
  });
});

describe("createRequestListener", () => {
  test("answers a stored page, sends other spellings of a page to its own, and hands the rest to the app, counting only the canonical", async () => {
    const counted: string[] = [];
    const client = mkdtempSync(join(tmpdir(), "listener-"));
    writeFileSync(join(client, "page.txt"), "from the app");
    const route = (
      id: string,
      parentId: string | undefined,
      path?: string,
    ) => ({
      id,
      parentId,
      path,
    });
    const build = {
      routes: {
        root: route("root", undefined, ""),
        company: route("company", "root", "company"),
        other: route("other", "root", "*"),
      },
      entry: {
        module: {
          countPageView: (request: IncomingMessage) => (status: number) =>
            counted.push(`${request.url} ${status}`),
          answerStoredPage: (request: { url?: string }) =>
            request.url === "/company"
              ? {
                  status: 200,
                  headers: { "content-type": "text/plain", etag: '"a"' },
                  body: Buffer.from("from the store"),
                }
              : null,
        },
      },
    } as unknown as ServerBuild;
    try {
      server = createServer(createRequestListener(build, client));
      await new Promise<void>((resolve) =>
        server!.listen(0, "127.0.0.1", resolve),
      );
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("no port");
      const origin = `http://127.0.0.1:${address.port}`;
      const stored = await fetch(`${origin}/company`);
      expect(await stored.text()).toBe("from the store");
      expect(stored.headers.get("etag")).toBe('"a"');
      // As sent: fetch would resolve the dot segments itself.
      for (const spelling of [
        "/Company",
        "/company/",
        "/compan%79",
        "/page.txt/../company",
      ]) {
        const moved = await new Promise<{ status?: number; location?: string }>(
          (resolve, reject) =>
            request({ port: address.port, host: "127.0.0.1", path: spelling })
              .on("response", (response) => {
                response.resume();
                resolve({
                  status: response.statusCode,
                  location: response.headers.location,
                });
              })
              .on("error", reject)
              .end(),
        );
        expect(moved, spelling).toEqual({ status: 301, location: "/company" });
      }
      const query = await fetch(`${origin}/COMPANY?utm_source=x`, {
        redirect: "manual",
      });
      expect(query.headers.get("location")).toBe("/company?utm_source=x");
      expect(await (await fetch(`${origin}/page.txt`)).text()).toBe(
        "from the app",
      );
      // What the dashboard reads: a 301 is never a page view.
      await vi.waitFor(() =>
        expect(counted).toEqual(["/company 200", "/page.txt 200"]),
      );
    } finally {
      rmSync(client, { recursive: true, force: true });
    }
  });
});
