import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { env } from "#app/utils/env.server.ts";
import { createStylesheetInliner } from "#app/utils/inline-css.server.ts";
import { NonceProvider } from "#app/utils/nonce-provider.tsx";
import { createNonce, nonceContext } from "#app/utils/security.server.ts";
import {
  pageJsonLdContext,
  siteJsonLdHtml,
} from "#app/utils/site-json-ld.server.ts";

// The production server answers stored pages before Express and React Router
// with it (app/server/http-server.ts); it has to come from the build, whose
// page store the root middleware fills.
export { answerStoredPage } from "#app/utils/page-cache.server.ts";
// The same request listener counts page views with them, stored or rendered,
// and hands the last ones to Postgres when the process stops.
export { countPageView, flushAnalytics } from "#app/utils/analytics.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }
  const nonce = loadContext.get(nonceContext) || createNonce();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document in one piece; browsers get the shell
    // as soon as it is ready and the rest as it streams.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // The page's stylesheets go into its head, and the site's JSON-LD
          // at its end: see inline-css.server.ts and site-json-ld.server.ts.
          const body = createStylesheetInliner(
            {
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                callback();
              },
            },
            undefined,
            siteJsonLdHtml(env.SITE_URL, loadContext.get(pageJsonLdContext)),
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a visitor navigating away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error);
};
