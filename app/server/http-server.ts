// The production server's one request listener (createRequestListener),
// which Node's HTTP server runs for every request (app/server/production.ts).
import type {
  IncomingMessage,
  RequestListener,
  ServerOptions,
} from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import morgan from "morgan";
import {
  generatePath,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { PageView } from "#app/utils/analytics.server.ts";
import type { StoredAnswer } from "#app/utils/page-cache.server.ts";

/** Every page and form takes these; anything else never reaches a route. */
const ALLOW = "GET, HEAD, POST, OPTIONS";

/** OPTIONS says what is allowed; other methods are refused with 405. */
export const methodGuard: RequestHandler = (request, response, next) => {
  if (/^(GET|HEAD|POST)$/.test(request.method)) return next();
  response.set({ Allow: ALLOW, "Cache-Control": "no-store" });
  if (request.method === "OPTIONS") return void response.status(204).end();
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

function tree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      ...route,
      children: tree(routes, route!.id),
    })) as RouteObject[];
}

/**
 * One spelling per page. React Router matches a path whatever its case, its
 * trailing slash or its %XX-encoded letters, and the URL parser resolves dot
 * segments before it, so `/Company`, `/company/`, `/compan%79` and
 * `/blueprints/../company` are all the company page; each would otherwise be
 * a page of its own to the page store, to a CDN and to analytics. This is the
 * spelling the route table writes (its literal segments as written, its
 * parameters encoded), or null when the target is spelled so or is no path.
 */
export function createCanonicalPath(routes: ServerBuild["routes"]) {
  const routeTree = tree(routes);
  return function canonicalTarget(target: string): string | null {
    const queryAt = target.indexOf("?");
    const raw = queryAt === -1 ? target : target.slice(0, queryAt);
    const parsed = raw.startsWith("/") && URL.parse(`http://site${raw}`);
    if (!parsed) return null;
    let path = parsed.pathname.replace(/\/{2,}/g, "/");
    const data = path.endsWith(".data") ? ".data" : "";
    path = path.slice(0, path.length - data.length);
    if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
    const matches = matchRoutes(routeTree, path) ?? [];
    const last = matches.at(-1);
    // A page the route table names: its own spelling. Anything else (the
    // not-found route's splat, a static file) keeps its letters as sent.
    if (last && last.route.path !== "*") {
      const pattern = matches
        .map((match) => match.route.path)
        .filter(Boolean)
        .join("/");
      // generatePath encodes each parameter as it writes it.
      path = generatePath(`/${pattern}`, last.params);
    }
    const canonical = path + data;
    if (canonical === raw) return null;
    return queryAt === -1 ? canonical : canonical + target.slice(queryAt);
  };
}

/**
 * The one path every request takes: the page store's answer
 * (app/utils/page-cache.server.ts), written as it is, with none of Express's
 * routing, static files, compression or request log; else a 301 to the
 * canonical spelling (only canonical paths are ever stored or counted); else
 * what react-router-serve does, behind a guard that refuses methods no page
 * takes (React Router answers them with a 500 and a stack trace). Page views
 * are counted here for the first and the last.
 */
export function createRequestListener(
  build: ServerBuild,
  clientDirectory: string,
): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  app.use(methodGuard);
  // A tagged response (a page the store answers) is already in its encoding.
  app.use(
    compression({
      filter: (req, res) =>
        !res.hasHeader("ETag") && compression.filter(req, res),
    }),
  );
  const assets = path.join(clientDirectory, "assets");
  app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y" }));
  app.use(express.static(clientDirectory));
  app.use(express.static("public", { maxAge: "1h" }));
  app.use(morgan("tiny"));
  app.all(
    "/{*splat}",
    createRequestHandler({ build, mode: process.env.NODE_ENV }),
  );
  const canonicalTarget = createCanonicalPath(build.routes);
  const { answerStoredPage, countPageView } = build.entry.module as {
    answerStoredPage?: (request: IncomingMessage) => StoredAnswer | null;
    countPageView?: (request: IncomingMessage) => PageView | null;
  };
  return (request, response) => {
    request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    const view = countPageView?.(request) ?? null;
    const stored = answerStoredPage?.(request) ?? null;
    if (stored) {
      response.writeHead(stored.status, stored.headers);
      response.end(stored.body ?? undefined);
      return view?.(stored.status, stored.headers["content-type"]);
    }
    const moved = /^(GET|HEAD)$/.test(request.method ?? "")
      ? canonicalTarget(request.url ?? "/")
      : null;
    if (moved) {
      response.writeHead(301, {
        Location: moved,
        "Cache-Control": "public, max-age=86400",
      });
      return response.end();
    }
    if (view) {
      response.once("finish", () =>
        view(response.statusCode, response.getHeader("content-type")),
      );
    }
    app(request, response);
  };
}

/**
 * Options for `http.createServer` that limit one request (Node's defaults let
 * a body trickle in for 300 s): the whole request, its headers, and an idle
 * kept-alive connection. A 5 MB CV still has a minute at 700 kbit/s.
 */
export function serverOptions({
  requestMs = 60_000,
  headersMs = 20_000,
  keepAliveMs = 5_000,
} = {}) {
  return {
    requestTimeout: requestMs,
    headersTimeout: headersMs,
    keepAliveTimeout: keepAliveMs,
    // How often Node checks the two request timeouts (30 s by default, which
    // would let a slow request run up to that much past its limit).
    connectionsCheckingInterval: Math.min(1_000, headersMs),
  } satisfies ServerOptions;
}
