// The production HTTP server: what react-router-serve does (compression,
// static files, request log, React Router), plus what it cannot be told to
// do: answer stored pages before everything else, send other spellings of a
// page's path to its own, refuse methods no page takes before React Router
// (which answers them with a 500 and a stack trace in the log), and bound how
// long one request may hold a connection.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
} from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import morgan from "morgan";
import type { ServerBuild } from "react-router";
import type { PageView } from "#app/utils/analytics.server.ts";
import type { StoredAnswer } from "#app/utils/page-cache.server.ts";
import { createCanonicalPath } from "./canonical-path.ts";

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
 * The production server's request listener: the one path every request
 * takes. A stored page is answered first, its bytes compressed and its
 * headers made by the store (app/utils/page-cache.server.ts), so none of
 * Express's route matching, static-file lookups, compression or request log
 * runs for it. Only a canonical path is ever stored, so anything else is
 * then sent to its canonical spelling (canonical-path.ts) or handed to
 * Express and React Router. Page views are counted here for both.
 */
export function createRequestListener(
  build: ServerBuild,
  clientDirectory: string,
): RequestListener {
  const app = createApp(build, clientDirectory);
  const canonicalTarget = createCanonicalPath(build.routes);
  const { answerStoredPage, countPageView } = build.entry.module as {
    answerStoredPage?: (request: IncomingMessage) => StoredAnswer | null;
    countPageView?: (request: IncomingMessage) => PageView | null;
  };
  return (request, response) => {
    const view = countPageView?.(request) ?? null;
    const stored = answerStoredPage?.(request) ?? null;
    if (stored) {
      response.writeHead(stored.status, stored.headers);
      response.end(stored.body ?? undefined);
      view?.(stored.status, stored.contentType);
      return;
    }
    const moved =
      request.method === "GET" || request.method === "HEAD"
        ? canonicalTarget(request.url ?? "/")
        : null;
    if (moved) {
      response.writeHead(301, {
        Location: moved,
        "Cache-Control": "public, max-age=86400",
      });
      response.end();
      return;
    }
    if (view) {
      response.once("finish", () =>
        view(response.statusCode, response.getHeader("content-type")),
      );
    }
    app(request, response);
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

/** The production server: Node's HTTP server with the listener above. */
export function createSiteServer(
  build: ServerBuild,
  clientDirectory: string,
  timeouts: typeof TIMEOUTS = TIMEOUTS,
) {
  return createServer(
    serverOptions(timeouts),
    createRequestListener(build, clientDirectory),
  );
}
