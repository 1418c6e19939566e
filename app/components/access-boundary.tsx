import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import {
  GeneralErrorBoundary,
  refusalPage,
  type StatusHandler,
} from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { SignInForm } from "#app/components/sign-in-form.tsx";
import { PlatformSignIn } from "#app/components/platform-sign-in.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { useToolsFrame } from "#app/components/tools-frame.ts";
import { isAccessErrorData } from "#app/lib/access.ts";

export function AccessDenied({ message }: { message: string }) {
  // Inside the team's app the header's Sign Out is this view's way out.
  const { inFrame, signOutInHeader } = useToolsFrame();
  return (
    <Container size={520} py={inFrame ? 48 : 120}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Access Denied</Title>
          <Text size="lg" data-testid="access-denied-message">
            {message}
          </Text>
          {signOutInHeader ? null : <SignOutButton />}
          <PlatformSignIn context="denied" />
        </Stack>
      </Paper>
    </Container>
  );
}

/** A guard's refusal (see permissions.server.ts), shown for what it is; null for anything else. */
const accessHandler: StatusHandler = ({ error }) => {
  const access = error.data;
  if (!isAccessErrorData(access)) return null;
  switch (access.kind) {
    case "unauthenticated":
      return <SignInForm redirectTo={access.redirectTo} />;
    case "forbidden":
      return <AccessDenied message={access.message} />;
    case "unavailable":
      return (
        <ErrorPage
          title="Error"
          message={access.message}
          actions={[{ to: ".", label: "Try again" }]}
        />
      );
  }
};

const GUARD_STATUSES = [401, 403, 503];

/**
 * Render it from the ErrorBoundary of every restricted route: it turns the
 * guard's 401 into the sign-in form (coming back here afterwards), its 403
 * into the access-denied view and its 503 into a retry message. The route's
 * own `statusHandlers` show everything else it throws (its 404, its
 * backend's 503).
 */
export function AccessBoundary({
  statusHandlers = {},
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const handlers = { ...statusHandlers };
  for (const status of GUARD_STATUSES) {
    const own = statusHandlers[status] ?? refusalPage;
    handlers[status] = (info) => accessHandler(info) ?? own(info);
  }
  return <GeneralErrorBoundary statusHandlers={handlers} />;
}
