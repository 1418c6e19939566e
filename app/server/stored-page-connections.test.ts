import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { serverOptions, TIMEOUTS } from "./http-server.ts";
import {
  answerStoredPagesFirst,
  readPlainRequest,
} from "./stored-page-connections.ts";

const body = Buffer.from("<!doctype html><title>stored</title>");

/** What the store holds: `/page`, `/wait` (once rendered) and, answered 304, `/same`. */
function stored(method: string, url: string) {
  if (url !== "/page" && url !== "/same" && url !== "/wait") return null;
  return url === "/same"
    ? {
        status: 304,
        headers: ["etag", '"abc-br"', "cache-control", "no-cache"],
        extra: [],
        contentType: "text/html; charset=utf-8",
        body: null,
      }
    : {
        status: 200,
        headers: [
          "content-type",
          "text/html; charset=utf-8",
          "etag",
          '"abc-br"',
          "content-length",
          String(body.length),
        ],
        extra: ["server-timing", "total;dur=0.04"],
        contentType: "text/html; charset=utf-8",
        body: method === "HEAD" ? null : body,
      };
}

/** Node's server alone: a stored page through writeHead, anything else echoed with its body. */
function nodeListener(request: IncomingMessage, response: ServerResponse) {
  const answer = stored(request.method ?? "GET", request.url ?? "/");
  if (answer && (request.method === "GET" || request.method === "HEAD")) {
    response.writeHead(answer.status, [...answer.headers, ...answer.extra]);
    response.end(answer.body ?? undefined);
    return;
  }
  let text = "";
  request.on("data", (chunk: Buffer) => (text += chunk.toString()));
  request.on("end", () => {
    response.setHeader("content-type", "text/plain");
    response.end(`${request.method} ${request.url} ${text}`);
  });
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The same server with stored pages answered on the connection, and the views it counted there. */
async function withReader(timeouts = TIMEOUTS) {
  const server = createServer(serverOptions(timeouts), nodeListener);
  const views: string[] = [];
  answerStoredPagesFirst(server, {
    // `/wait` is being rendered; `/gone` too, but what that makes is not stored.
    answer: (request) => {
      const { method = "GET", url = "/" } = request;
      if (url !== "/wait" && url !== "/gone") return stored(method, url);
      return new Promise((resolve) =>
        setTimeout(() => resolve(stored(method, url)), 50),
      );
    },
    countPageView: (request) => (status) =>
      views.push(`${request.method} ${request.url} ${status}`),
  });
  return { server, port: await listen(server), views };
}

/**
 * Sends each part of `raw` on one connection, 30 ms apart, and reads until
 * the server closes it or `quietMs` pass without a byte.
 */
function exchange(port: number, parts: string[], quietMs = 300) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString("latin1"));
    };
    const socket = connect(port, "127.0.0.1", async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      quiet = setTimeout(done, quietMs);
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    });
    socket.on("error", reject);
    socket.on("close", done);
  });
}

const steady = (text: string) => text.replace(/^Date: .*$/gm, "Date: (now)");
const get = (path: string, more = "") =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\n${more}\r\n`;

describe("readPlainRequest", () => {
  test("reads a plain GET or HEAD and where it ends", () => {
    const text = `${get("/page", "Accept-Encoding: br\r\nCookie: a=1\r\n")}HEAD /page HTTP/1.1\r\nhost: x\r\n\r\n`;
    const first = readPlainRequest(text, 0);
    expect(first).toEqual({
      method: "GET",
      url: "/page",
      headers: { host: "x", "accept-encoding": "br", cookie: "a=1" },
      end: text.indexOf("HEAD"),
    });
    expect(readPlainRequest(text, first!.end)).toMatchObject({
      method: "HEAD",
      end: text.length,
    });
  });

  test("leaves to Node anything with a body, a framing or protocol header, or a byte it does not expect", () => {
    for (const text of [
      "POST /page HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\na",
      get("/page", "Content-Length: 0\r\n"),
      get("/page", "Transfer-Encoding: chunked\r\n"),
      get("/page", "Expect: 100-continue\r\n"),
      get("/page", "Upgrade: websocket\r\nConnection: Upgrade\r\n"),
      get("/page", "Connection: close\r\n"),
      get("/page", "Host: y\r\n"),
      get("/page", "Folded: a\r\n b\r\n"),
      get("/page", "Bad Name: a\r\n"),
      get("/page", "X: a\u0000b\r\n"),
      get("/page", "X: a\nY: b\r\n"),
      "GET /page HTTP/1.0\r\n\r\n",
      "GET /page HTTP/1.1\r\n\r\n",
      "GET http://x/page HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /page HTTP/1.1\r\nHost: x\r\n",
      `${get("/page", `X: ${"a".repeat(17_000)}\r\n`)}`,
    ]) {
      expect(readPlainRequest(text, 0), JSON.stringify(text)).toBeNull();
    }
  });
});

describe("answerStoredPagesFirst", () => {
  test("every exchange goes out byte for byte as Node's server alone sends it, stored pages or not", async () => {
    const reader = await withReader();
    const alone = await listen(createServer(serverOptions(), nodeListener));
    const exchanges = [
      [get("/page") + get("/page").replace("GET", "HEAD") + get("/same")],
      [get("/page"), get("/page", "Accept-Encoding: br\r\n")],
      [get("/page") + get("/page", "Connection: close\r\n")],
      [
        get("/page") +
          "POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\na=1" +
          get("/page"),
      ],
      [get("/other") + get("/page")],
      [get("/wait") + get("/page"), get("/wait")],
      [get("/page") + get("/gone") + get("/page")],
      [get("/page"), get("/page?q=1"), get("/page")],
      ["GET /page HTTP/1.1\r\nHo", "st: x\r\n\r\n", get("/page")],
      [
        get("/page") +
          "GET /page HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" +
          get("/page"),
      ],
      ["GET /page HTTP/1.0\r\n\r\n"],
      [get("/page"), "GET /page HTTP/1.1\r\nBad Name: y\r\nHost: x\r\n\r\n"],
      ["GET /page HTTP/1.1\r\n\r\n"],
    ];
    for (const parts of exchanges) {
      const [read, expected] = await Promise.all([
        exchange(reader.port, parts),
        exchange(alone, parts),
      ]);
      expect(steady(read), JSON.stringify(parts)).toBe(steady(expected));
      expect(read, JSON.stringify(parts)).toMatch(/^HTTP\/1\.1 /);
    }
  });

  test("counts a view for each page it answers, and leaves the rest to the server's own counting", async () => {
    const { port, views } = await withReader();
    await exchange(port, [
      get("/page") + get("/same") + get("/other") + get("/page"),
    ]);
    expect(views).toEqual(["GET /page 200", "GET /same 304"]);
    await exchange(port, [get("/wait") + get("/gone") + get("/page")]);
    expect(views.slice(2)).toEqual(["GET /wait 200"]);
  });

  test("a connection idles out as on Node's server: a 408 when silent past its headers timeout, closed between requests after its keep-alive", async () => {
    const timeouts = { requestMs: 3_000, headersMs: 600, keepAliveMs: 300 };
    const reader = await withReader(timeouts);
    const alone = await listen(
      createServer(serverOptions(timeouts), nodeListener),
    );
    /** What the server sent, and how long until it closed the connection. */
    const closed = (port: number, raw: string) =>
      new Promise<{ text: string; ms: number }>((resolve, reject) => {
        let text = "";
        const socket = connect(port, "127.0.0.1", () => socket.write(raw));
        const started = performance.now();
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("error", reject);
        socket.on("close", () =>
          resolve({ text: steady(text), ms: performance.now() - started }),
        );
      });
    // Node looks for silent connections once per checking interval, so its
    // 408 comes up to that much after the timeout; the reader's never later.
    const [silent, silentAlone] = await Promise.all([
      closed(reader.port, ""),
      closed(alone, ""),
    ]);
    // Lower bounds only: a busy machine makes a close later, never earlier.
    // That neither waits on far past its timeout is the test's own timeout.
    expect(silent.text).toBe(silentAlone.text);
    expect(silent.ms).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    const [kept, keptAlone] = await Promise.all([
      closed(reader.port, get("/page")),
      closed(alone, get("/page")),
    ]);
    expect(kept.text).toBe(keptAlone.text);
    expect(kept.ms).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
    expect(keptAlone.ms).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
    expect(silent.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("a body trickling in after a stored page is cut off at the request timeout", async () => {
    const { port } = await withReader({
      requestMs: 1_500,
      headersMs: 1_000,
      keepAliveMs: 500,
    });
    // The body would take 200 s at this pace: a 408 at all is the cut-off.
    const socket = connect(port, "127.0.0.1");
    socket.write(
      `${get("/page")}POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n`,
    );
    const trickle = setInterval(() => socket.write("a"), 200);
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise((resolve) => socket.on("close", resolve));
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*HTTP\/1\.1 408/);
  });

  test("closing the server ends the connections it holds between requests at once", async () => {
    const { server, port } = await withReader({
      ...TIMEOUTS,
      keepAliveMs: 60_000,
    });
    const socket = connect(port, "127.0.0.1", () => socket.write(get("/page")));
    await new Promise((resolve) => socket.once("data", resolve));
    // Closed by the server's close, long before its keep-alive timeout:
    // a third of that is ample on any machine.
    const first = await new Promise<string>((resolve) => {
      const keptAlive = setTimeout(() => resolve("still open"), 20_000);
      socket.on("close", () => {
        clearTimeout(keptAlive);
        resolve("closed");
      });
      server.close();
    });
    expect(first).toBe("closed");
  });
});
