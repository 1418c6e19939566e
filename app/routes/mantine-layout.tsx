import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router";
import { theme } from "#app/lib/theme.ts";

/**
 * The pages built from Mantine components (forms, sign-in, admin, the
 * editor) sit under this pathless layout, so the provider and its runtime
 * load only with them and not on the marketing and blog pages, which keep
 * under the JavaScript budget (tests/js-budget.ts). A child's
 * ErrorBoundary renders inside this Outlet, so AccessBoundary gets the
 * provider too.
 */
export default function MantineLayout() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Outlet />
    </MantineProvider>
  );
}
