import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router";
import type { Route } from "./+types/mantine-layout";
import { theme } from "#app/lib/theme.ts";
import mantineStyles from "#app/styles/mantine.css?url";

// Only these pages use Mantine's component styles; the others get its reset
// and the variables they use from app/styles/app.css.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles, precedence: "base" },
];

/**
 * The pages built from Mantine components (forms, sign-in, admin, the
 * editor) sit under this pathless layout, so the provider and its runtime
 * load only with them and not on the marketing and blog pages, which keep
 * under the JavaScript budget (tests/tools/js-budget.ts). A child's
 * ErrorBoundary renders inside this Outlet, so AccessBoundary's sign-in form
 * gets the provider too.
 */
export default function MantineLayout() {
  return (
    // The theme's CSS variables and Mantine's global classes come from the
    // stylesheets in <head> (app.css, mantine.css), not from <style>
    // elements the provider would write into <body>, where HTML allows none.
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <Outlet />
    </MantineProvider>
  );
}
