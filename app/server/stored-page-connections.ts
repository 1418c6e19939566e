// Stored pages answered on the connection itself, before Node's HTTP server
// parses the request. Node's HTTP machinery (its parser's callbacks, an
// IncomingMessage and a ServerResponse with their streams and events) costs
// more per request than everything else a stored answer takes: side by side
// on one core, a Node process writing a page's bytes from the socket's own
// data event served 70-72k req/s, nginx with the same headers 52-61k, and a
// bare node:http server 26-34k (decision 175).
//
// So a connection starts here. A request read whole and plainly (GET or HEAD,
// HTTP/1.1, a Host, no body and no header that asks for more than an answer)
// whose page is stored and may be sent as it is gets its answer here. Anything
// else, and everything after it on that connection, goes to Node's HTTP
// server as though never read: its parser, limits, timeouts and the app. No
// request with a body, a framing header or a byte this reader does not expect
// is read here, so where a request ends is never this reader's call.
import type { IncomingHttpHeaders, Server } from "node:http";
import type { Socket } from "node:net";
import {
  storedAnswerHead,
  type WritableAnswer,
} from "./write-stored-answer.ts";

/** The request as the page store and the page-view counter read it. */
export type PlainRequest = {
  method: "GET" | "HEAD";
  url: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
};

export type StoredAnswer = WritableAnswer & { contentType: string };

/**
 * The server build's stored-page answer (app/utils/page-cache.server.ts): a
 * promise of it when the page is being rendered and the request waits for
 * that; null for a request that is to be rendered.
 */
export type AnswerStoredPage = (request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}) => StoredAnswer | Promise<StoredAnswer | null> | null;

/** The server build's page-view counter (app/utils/analytics.server.ts). */
export type CountPageView = (request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
}) => ((status: number, contentType: unknown) => void) | null;

// Node's own limit on a request's head; a longer one is Node's to refuse.
const MAX_HEAD = 16 * 1024;
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
// A field name is a token (RFC 9110 §5.1).
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What no value may hold: a control character other than a tab (a CR or LF
// included). Values may hold obs-text, which Node accepts too.
const CONTROL = /[\0-\x08\x0a-\x1f\x7f]/;
// Headers that make a request more than a plain GET: a body, a switch of
// protocol, an interim answer.
const NOT_PLAIN = new Set([
  "content-length",
  "transfer-encoding",
  "expect",
  "upgrade",
  "http2-settings",
]);

const isSpace = (code: number) => code === 0x20 || code === 0x09;

/**
 * The request whose head starts at `from` in `text` (the connection's bytes
 * as latin1), and where it ends, if it is one this reader answers; null for
 * anything else, a head not yet whole included.
 */
export function readPlainRequest(
  text: string,
  from: number,
): {
  method: "GET" | "HEAD";
  url: string;
  headers: IncomingHttpHeaders;
  end: number;
} | null {
  const headEnd = text.indexOf("\r\n\r\n", from);
  if (headEnd === -1 || headEnd - from > MAX_HEAD) return null;
  const head = text.slice(from, headEnd);
  let lineEnd = head.indexOf("\r\n");
  const start = REQUEST_LINE.exec(
    lineEnd === -1 ? head : head.slice(0, lineEnd),
  );
  if (!start) return null;
  const headers: IncomingHttpHeaders = Object.create(null);
  while (lineEnd !== -1) {
    const lineStart = lineEnd + 2;
    lineEnd = head.indexOf("\r\n", lineStart);
    const end = lineEnd === -1 ? head.length : lineEnd;
    const colon = head.indexOf(":", lineStart);
    if (colon === -1 || colon >= end) return null;
    const field = head.slice(lineStart, colon);
    if (!TOKEN.test(field)) return null;
    const name = field.toLowerCase();
    if (headers[name] !== undefined || NOT_PLAIN.has(name)) return null;
    let valueStart = colon + 1;
    let valueEnd = end;
    while (valueStart < valueEnd && isSpace(head.charCodeAt(valueStart)))
      valueStart++;
    while (valueEnd > valueStart && isSpace(head.charCodeAt(valueEnd - 1)))
      valueEnd--;
    const value = head.slice(valueStart, valueEnd);
    if (CONTROL.test(value)) return null;
    headers[name] = value;
  }
  if (!headers.host) return null;
  const connection = headers.connection;
  if (connection !== undefined && connection.toLowerCase() !== "keep-alive")
    return null;
  return {
    method: start[1] as "GET" | "HEAD",
    url: start[2]!,
    headers,
    end: headEnd + 4,
  };
}

// What Node's server sends a connection that sent no request in time.
const REQUEST_TIMEOUT =
  "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/**
 * Puts the stored-page reader in front of `server`'s own handling of each
 * connection, with the server's own timeouts: a connection that sends no
 * request within its headers timeout gets Node's 408; one whose pages were
 * answered here idles out after its keep-alive timeout (and the margin Node
 * adds to it). Closing the server ends the connections held between
 * requests.
 */
export function answerStoredPagesFirst(
  server: Server,
  {
    answer,
    countPageView,
  }: {
    answer: AnswerStoredPage;
    countPageView?: CountPageView;
  },
) {
  const keepAliveMs = server.keepAliveTimeout;
  const idleMs =
    keepAliveMs +
    ((server as { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer ??
      0);
  const [nodeConnection] = server.listeners("connection") as ((
    socket: Socket,
  ) => void)[];
  if (!nodeConnection) throw new Error("the server handles no connections");
  server.removeListener("connection", nodeConnection);
  // Connections between requests, none of them handed over yet.
  const reading = new Set<Socket>();
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  // Node's server.close() calls this too. A connection still sending its
  // last answer is ended once that is out.
  server.closeIdleConnections = () => {
    for (const socket of reading) {
      if (socket.writableLength > 0) socket.end();
      else socket.destroy();
    }
    closeIdleConnections();
  };

  server.on("connection", (socket: Socket) => {
    let answered = false;
    const failed = () => socket.destroy();
    const idle = () => {
      if (answered) socket.destroy();
      else socket.end(REQUEST_TIMEOUT, "latin1");
    };
    const ended = () => socket.end();
    const handOver = (rest: string) => {
      socket.removeListener("data", read);
      socket.removeListener("timeout", idle);
      socket.removeListener("end", ended);
      socket.removeListener("error", failed);
      socket.setTimeout(0);
      reading.delete(socket);
      socket.pause();
      if (rest) socket.unshift(Buffer.from(rest, "latin1"));
      nodeConnection.call(server, socket);
      socket.resume();
    };
    const write = (request: PlainRequest, stored: StoredAnswer) => {
      const view = countPageView?.(request);
      const { shared, own } = storedAnswerHead(stored, keepAliveMs);
      socket.cork();
      socket.write(shared.bytes);
      socket.write(own, "latin1");
      if (stored.body) socket.write(stored.body);
      socket.uncork();
      view?.(stored.status, stored.contentType);
    };
    // The requests in `text` from `at` on, in order. A request's head split
    // across reads, or anything after a request that is not answered here,
    // goes over whole: nothing is kept between reads.
    const serve = (text: string, at: number) => {
      while (at < text.length) {
        const plain = readPlainRequest(text, at);
        const request: PlainRequest | null = plain && {
          method: plain.method,
          url: plain.url,
          headers: plain.headers,
          socket,
        };
        const stored = request && answer(request);
        if (stored instanceof Promise) {
          // The page is being rendered: this connection's next bytes wait
          // for its answer, as a pipelined request waits on Node's server.
          const from = at;
          socket.pause();
          reading.delete(socket);
          void stored.then(
            (ready) => {
              if (socket.destroyed) return;
              if (!ready || !socket.writable) {
                handOver(text.slice(from));
                return;
              }
              reading.add(socket);
              write(request!, ready);
              serve(text, plain!.end);
              if (reading.has(socket)) socket.resume();
            },
            () => handOver(text.slice(from)),
          );
          return;
        }
        if (!plain || !request || !stored) {
          handOver(text.slice(at));
          return;
        }
        write(request, stored);
        at = plain.end;
        // A client that does not read what it asked for: Node's server holds
        // the rest of its requests until it does.
        if (socket.writableLength > socket.writableHighWaterMark) {
          handOver(text.slice(at));
          return;
        }
      }
      answered = true;
      socket.setTimeout(idleMs);
    };
    const read = (chunk: Buffer) => serve(chunk.toString("latin1"), 0);
    reading.add(socket);
    socket.on("close", () => reading.delete(socket));
    socket.on("error", failed);
    socket.on("end", ended);
    socket.on("timeout", idle);
    socket.setTimeout(server.headersTimeout);
    socket.on("data", read);
  });
}
