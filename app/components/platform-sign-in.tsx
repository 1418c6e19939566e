import { Anchor, Text } from "@mantine/core";
import { useRouteLoaderData } from "react-router";
import {
  PLATFORM_SIGN_IN_COPY,
  PLATFORM_SIGN_IN_PATH,
} from "#app/content/auth.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/** The platform's sign-in address, on the host the root loader names. */
export function usePlatformSignInUrl() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return `${root?.platformUrl ?? ""}${PLATFORM_SIGN_IN_PATH}`;
}

/**
 * Where a customer goes instead: under the team's sign-in form, and on the
 * access-denied view a platform user reaches after signing in here.
 */
export function PlatformSignIn({ context }: { context: "sign-in" | "denied" }) {
  const href = usePlatformSignInUrl();
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="platform-sign-in">
      {context === "sign-in" ? (
        <>
          {PLATFORM_SIGN_IN_COPY.teamOnly}{" "}
          {PLATFORM_SIGN_IN_COPY.customers}{" "}
        </>
      ) : (
        <>{PLATFORM_SIGN_IN_COPY.denied} </>
      )}
      <Anchor href={href} fw={600} size="sm">
        {PLATFORM_SIGN_IN_COPY.link}
      </Anchor>
    </Text>
  );
}
