import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { Route } from "./+types/mantine-layout";
import { theme } from "#app/lib/theme.ts";
import mantineStyles from "#app/styles/mantine.css?url";
import { SubmissionKeyProvider } from "#app/components/submission-key.tsx";
import {
  HONEYPOT_FROM_PLACEHOLDER,
  markFreshValues,
  SUBMISSION_KEY_PLACEHOLDER,
} from "#app/utils/fresh-values.server.ts";
import { honeypot } from "#app/utils/honeypot.server.ts";

// Only these pages use Mantine's component styles; the others get its reset
// and the variables they use from app/styles/app.css.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles, precedence: "base" },
];

/**
 * The pages built from Mantine components (forms, sign-in, admin, the
 * editor) sit under this pathless layout, so the provider and its runtime
 * load only with them and not on the marketing and blog pages, which keep
 * under the JavaScript budget (tests/tools/js-budget.ts). Every form with a
 * honeypot is among them, so the honeypot's provider and its fields (from
 * this loader rather than root's, so the other pages do not carry them in
 * their hydration data) live here too. A child's ErrorBoundary renders
 * inside this Outlet, so AccessBoundary's sign-in form gets both. The
 * honeypot's time and the submission key are placeholders each response
 * fills with its own (app/utils/fresh-values.server.ts), so a page replayed
 * from the cache still gives every visitor theirs.
 */
export async function loader({ context }: Route.LoaderArgs) {
  markFreshValues(context);
  return {
    honeypotInputProps: {
      ...(await honeypot.getInputProps()),
      encryptedValidFrom: HONEYPOT_FROM_PLACEHOLDER,
    },
    submissionKey: SUBMISSION_KEY_PLACEHOLDER,
  };
}

export default function MantineLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <HoneypotProvider {...loaderData.honeypotInputProps}>
        <SubmissionKeyProvider value={loaderData.submissionKey}>
          <Outlet />
        </SubmissionKeyProvider>
      </HoneypotProvider>
    </MantineProvider>
  );
}
