import { MantineProvider } from "@mantine/core";
import { Outlet, useRouteLoaderData } from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { theme } from "#app/lib/theme.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import mantineStyles from "#app/styles/mantine.css?url";
import type { Route } from "./+types/mantine-layout";

// Only these pages use Mantine's component styles; the others get its reset
// and the variables they use from app/styles/app.css.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles, precedence: "base" },
];

/**
 * The pages built from Mantine components (forms, sign-in, admin, the
 * editor) sit under this pathless layout, so the provider and its runtime
 * load only with them and not on the marketing and blog pages, which keep
 * under the JavaScript budget (tests/js-budget.ts). Every form with a
 * honeypot is among them, so the honeypot's provider lives here too. A
 * child's ErrorBoundary renders inside this Outlet, so AccessBoundary's
 * sign-in form gets both.
 */
export default function MantineLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <HoneypotProvider {...root?.honeypotInputProps}>
        <Outlet />
      </HoneypotProvider>
    </MantineProvider>
  );
}
