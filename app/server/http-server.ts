// The production HTTP server: what react-router-serve does (compression,
// static files, request log, React Router), plus what it cannot be told to
// do: answer stored pages before everything else (on the connection itself,
// stored-page-connections.ts, or here on one handed to Node's HTTP server),
// refuse methods no page takes before React Router (which answers them with a
// 500 and a stack trace in the log), and bound how long one request may hold
// a connection.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import morgan from "morgan";
import type { ServerBuild } from "react-router";
import {
  answerStoredPagesFirst,
  type AnswerStoredPage,
  type CountPageView,
  type StoredAnswer,
} from "./stored-page-connections.ts";
import { createStoredAnswerWriter } from "./write-stored-answer.ts";

/** Every page and form takes these; anything else never reaches a route. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOW = [...ALLOWED_METHODS, "OPTIONS"].join(", ");

/**
 * Limits on one request (Node's defaults let a body trickle in for 300 s):
 * the whole request, its headers, and an idle kept-alive connection. A 5 MB
 * CV still has a minute at 700 kbit/s.
 */
export const TIMEOUTS: {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
} = { requestMs: 60_000, headersMs: 20_000, keepAliveMs: 5_000 };

/** OPTIONS says what is allowed; other methods are refused with 405. */
export const methodGuard: RequestHandler = (request, response, next) => {
  if ((ALLOWED_METHODS as readonly string[]).includes(request.method)) {
    next();
    return;
  }
  response.setHeader("Allow", ALLOW);
  response.setHeader("Cache-Control", "no-store");
  if (request.method === "OPTIONS") {
    response.status(204).end();
    return;
  }
  response
    .status(405)
    .type("text/plain")
    .send(`Method Not Allowed: this site answers ${ALLOW}.`);
};

/**
 * The header the app reads the socket's address from when no proxy header is
 * trusted (app/utils/client-ip.server.ts): whatever a client sent under this
 * name is replaced, so it cannot be forged.
 */
export const SOCKET_ADDRESS_HEADER = "x-socket-address";

export const socketAddress: RequestHandler = (request, _response, next) => {
  request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  next();
};

export function createApp(build: ServerBuild, clientDirectory: string) {
  const app = express();
  app.disable("x-powered-by");
  app.use(methodGuard);
  app.use(socketAddress);
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(clientDirectory, "assets"), {
      immutable: true,
      maxAge: "1y",
    }),
  );
  app.use(express.static(clientDirectory));
  app.use(express.static("public", { maxAge: "1h" }));
  app.use(morgan("tiny"));
  app.all(
    "/{*splat}",
    createRequestHandler({ build, mode: process.env.NODE_ENV }),
  );
  return app;
}

/**
 * The production server's request listener. A stored page is answered here,
 * before Express: its bytes are already compressed for the request's
 * Accept-Encoding and its headers made by the store, so none of Express's
 * route matching, static-file lookups, compression or request log runs for
 * it (they cost a stored page most of its time, decision 084). Everything
 * else goes on to Express and React Router. Page views are counted here for
 * both (decision 160).
 */
export function createRequestListener(
  build: ServerBuild,
  clientDirectory: string,
  timeouts: typeof TIMEOUTS = TIMEOUTS,
): RequestListener {
  const app = createApp(build, clientDirectory);
  const write = createStoredAnswerWriter(timeouts.keepAliveMs);
  const { answerStoredPage, countPageView } = build.entry.module as {
    answerStoredPage?: AnswerStoredPage;
    countPageView?: CountPageView;
  };
  if (!answerStoredPage && !countPageView) return app;
  const respond = (
    request: IncomingMessage,
    response: ServerResponse,
    view: ReturnType<CountPageView>,
    stored: StoredAnswer | null,
  ) => {
    if (!stored) {
      if (view) {
        response.once("finish", () =>
          view(response.statusCode, response.getHeader("content-type")),
        );
      }
      app(request, response);
      return;
    }
    write(response, stored);
    view?.(stored.status, stored.contentType);
  };
  return (request, response) => {
    // Both paths pass here, so a page view is counted once whichever answers.
    const view = countPageView?.(request) ?? null;
    const stored = answerStoredPage?.(request) ?? null;
    if (stored instanceof Promise) {
      void stored.then(
        (after) => respond(request, response, view, after),
        () => respond(request, response, view, null),
      );
      return;
    }
    respond(request, response, view, stored);
  };
}

/** Options for `http.createServer` that enforce `timeouts`. */
export function serverOptions(timeouts: typeof TIMEOUTS = TIMEOUTS) {
  return {
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // How often Node checks the two request timeouts (30 s by default, which
    // would let a slow request run up to that much past its limit).
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
  } satisfies ServerOptions;
}

/**
 * The production server: stored pages answered on the connection
 * (stored-page-connections.ts), everything else by Node's HTTP server with
 * the request listener above, within `timeouts`.
 */
export function createSiteServer(
  build: ServerBuild,
  clientDirectory: string,
  timeouts: typeof TIMEOUTS = TIMEOUTS,
) {
  const server = createServer(
    serverOptions(timeouts),
    createRequestListener(build, clientDirectory, timeouts),
  );
  const { answerStoredPage, countPageView } = build.entry.module as {
    answerStoredPage?: AnswerStoredPage;
    countPageView?: CountPageView;
  };
  if (answerStoredPage) {
    answerStoredPagesFirst(server, { answer: answerStoredPage, countPageView });
  }
  return server;
}
