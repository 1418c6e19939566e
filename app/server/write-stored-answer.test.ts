import { createServer, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { afterEach, expect, test } from "vitest";
import { serverOptions, TIMEOUTS } from "./http-server.ts";
import {
  createStoredAnswerWriter,
  type WritableAnswer,
} from "./write-stored-answer.ts";

const body = Buffer.from("<!doctype html><title>stored</title>");
const headers = [
  "content-type",
  "text/html; charset=utf-8",
  "content-security-policy",
  `default-src 'self'; script-src 'self' 'sha256-${"A".repeat(43)}='`,
  "etag",
  '"abc-br"',
  "content-length",
  String(body.length),
];
const notModified = ["etag", '"abc-br"', "cache-control", "no-cache"];

function answerFor(method: string, url: string): WritableAnswer {
  return url === "/same"
    ? { status: 304, headers: notModified, extra: [], body: null }
    : {
        status: 200,
        headers,
        extra: ["age", "3", "server-timing", "total;dur=0.04"],
        body: method === "HEAD" ? null : body,
      };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(write: (r: ServerResponse, a: WritableAnswer) => void) {
  const server = createServer(serverOptions(), (request, response) =>
    write(response, answerFor(request.method ?? "GET", request.url ?? "/")),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Sends `raw` on one connection and reads until the server closes it. */
function exchange(port: number, raw: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

/** The parts that differ from one moment to the next. */
function steady(text: string) {
  return text.replace(/^Date: .*$/gm, "Date: (now)");
}

const byWriteHead = (response: ServerResponse, answer: WritableAnswer) => {
  response.writeHead(answer.status, [...answer.headers, ...answer.extra]);
  response.end(answer.body ?? undefined);
};

test("a stored answer goes out byte for byte as writeHead would send it, kept alive, pipelined, HEAD, 304 and close alike", async () => {
  const write = createStoredAnswerWriter(TIMEOUTS.keepAliveMs);
  const [mine, nodes] = await Promise.all([serve(write), serve(byWriteHead)]);
  const pipelined =
    "GET /page HTTP/1.1\r\nHost: x\r\n\r\n" +
    "HEAD /page HTTP/1.1\r\nHost: x\r\n\r\n" +
    "GET /same HTTP/1.1\r\nHost: x\r\n\r\n" +
    "GET /page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const http10 = "GET /page HTTP/1.0\r\n\r\n";
  for (const raw of [pipelined, http10]) {
    const [written, expected] = await Promise.all([
      exchange(mine, raw),
      exchange(nodes, raw),
    ]);
    expect(steady(written)).toBe(steady(expected));
  }
  const answers = steady(await exchange(mine, pipelined)).split(
    /(?=HTTP\/1\.1 )/,
  );
  expect(answers.map((answer) => answer.split("\r\n")[0])).toEqual([
    "HTTP/1.1 200 OK",
    "HTTP/1.1 200 OK",
    "HTTP/1.1 304 Not Modified",
    "HTTP/1.1 200 OK",
  ]);
  expect(answers[0]).toContain("Keep-Alive: timeout=5\r\n");
  expect(answers[0]).toContain("age: 3\r\nserver-timing: total;dur=0.04\r\n");
  expect(answers[0]!.endsWith(`\r\n\r\n${body.toString()}`)).toBe(true);
  expect(answers[1]!.endsWith("\r\n\r\n")).toBe(true);
  expect(answers[3]).toContain("Connection: close\r\n");
});

test("a header value that could split the answer is refused, as writeHead refuses it", async () => {
  const write = createStoredAnswerWriter(TIMEOUTS.keepAliveMs);
  const response = {
    shouldKeepAlive: true,
    sendDate: true,
    _header: null,
    getHeaderNames: () => [],
  } as unknown as ServerResponse;
  expect(() =>
    write(response, {
      status: 200,
      headers: ["x-note", "one\r\nset-cookie: two"],
      extra: [],
      body,
    }),
  ).toThrow(/Invalid character/);
});
