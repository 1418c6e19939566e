import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import {
  GeneralErrorBoundary,
  refusalPage,
  type StatusHandler,
} from "#app/components/error-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { SignInForm } from "#app/components/sign-in-form.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { isAccessErrorData } from "#app/lib/access.ts";

export function AccessDenied({ message }: { message: string }) {
  return (
    <Container size={520} py={120}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>Access Denied</Title>
          <Text size="lg" data-testid="access-denied-message">
            {message}
          </Text>
          <SignOutButton />
        </Stack>
      </Paper>
    </Container>
  );
}

/** A guard's refusal (see permissions.server.ts), shown for what it is. */
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

/** The guards' statuses: 401 the sign-in form, 403 access denied, 503 retry. */
const orRefusal: StatusHandler = (info) =>
  accessHandler(info) ?? refusalPage(info);

export const accessStatusHandlers: Record<number, StatusHandler> = {
  401: orRefusal,
  403: orRefusal,
  503: orRefusal,
};

/**
 * Render it from the ErrorBoundary of every restricted route: it turns the
 * guard's 401 into the sign-in form (coming back here afterwards), its 403
 * into the access-denied view and its 503 into a retry message.
 */
export function AccessBoundary() {
  return <GeneralErrorBoundary statusHandlers={accessStatusHandlers} />;
}
