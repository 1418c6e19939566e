import type { ReactNode } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import {
  errorMessage,
  GENERIC_ERROR_MESSAGE,
  GeneralErrorBoundary,
} from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { SiteLayout } from "#app/components/site-layout.tsx";
import { Toast } from "#app/components/toast.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import appStyles from "#app/styles/app.css?url";
import { authMiddleware } from "#app/utils/session.server.ts";
import { env } from "#app/utils/env.server.ts";
import { useNonce } from "#app/utils/nonce-provider.tsx";
import { storePagesMiddleware } from "#app/utils/page-cache.server.ts";
import { securityMiddleware } from "#app/utils/security.server.ts";
import { crossSitePostMiddleware } from "#app/utils/request-origin.server.ts";
import { serverTimingMiddleware } from "#app/utils/server-timing.server.ts";
import { supabaseMiddleware } from "#app/utils/supabase.server.ts";
import { getToast } from "#app/utils/toast.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  serverTimingMiddleware,
  securityMiddleware,
  crossSitePostMiddleware,
  storePagesMiddleware,
  supabaseMiddleware,
  authMiddleware,
];

// A precedence makes React put this stylesheet ahead of the module preloads
// in <head>: the production server writes its text there
// (app/utils/inline-css.server.ts), and the dev server fetches it first.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appStyles, precedence: "base" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  return data(
    {
      siteUrl: env.SITE_URL,
      platformUrl: env.PLATFORM_URL,
      toast: toast ? { ...toast, id: crypto.randomUUID() } : null,
    },
    { headers: headers ?? undefined },
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    // The site is light only; the attribute selects Mantine's light
    // variables without its provider, which only the pages built from
    // Mantine components load (app/routes/mantine-layout.tsx).
    <html lang="en" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A route under a layout whose handle has `appLayout` draws its own frame (the team's app). */
function useAppLayout() {
  return useMatches().some(
    (match) =>
      typeof match.handle === "object" &&
      match.handle !== null &&
      "appLayout" in match.handle &&
      match.handle.appLayout === true,
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const appLayout = useAppLayout();
  return (
    <>
      {appLayout ? (
        <Outlet />
      ) : (
        <SiteLayout>
          <Outlet />
        </SiteLayout>
      )}
      <Toast toast={toast} />
    </>
  );
}

const ERROR_ACTIONS = [
  { to: "/", label: "Go Home" },
  {
    to: "/blueprints",
    label: "Explore Blueprints",
    variant: "secondary" as const,
  },
];

function RootErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <>
      <title>{title}</title>
      <ErrorPage title={title} message={message} actions={ERROR_ACTIONS} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The stack only helps a developer; production visitors never see it.
  const stack =
    import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <SiteLayout>
      <GeneralErrorBoundary
        statusHandlers={{
          404: () => (
            <RootErrorPage
              title="404 Page Not Found"
              message="The page you are looking for does not exist or has moved."
            />
          ),
        }}
        // A refusal of the visitor's request (4xx) says why when the route gave a reason.
        defaultStatusHandler={({ error }) => (
          <RootErrorPage
            title="Something went wrong"
            message={errorMessage(error) ?? GENERIC_ERROR_MESSAGE}
          />
        )}
        unexpectedErrorHandler={() => (
          <RootErrorPage
            title="Something went wrong"
            message={GENERIC_ERROR_MESSAGE}
          />
        )}
      />
      {stack ? (
        <pre style={{ padding: "1rem", overflow: "auto" }}>{stack}</pre>
      ) : null}
    </SiteLayout>
  );
}
