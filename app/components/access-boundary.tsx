import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
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

type AccessBoundaryProps = {
  /** What to render for errors that are not about access; defaults to a generic error page. */
  fallback?: (error: unknown) => ReactNode;
};

/**
 * Render it from the ErrorBoundary of every restricted route: it turns the
 * guard's 401 into the sign-in form (coming back here afterwards), its 403
 * into the access-denied view and its 503 into a retry message.
 */
export function AccessBoundary({ fallback }: AccessBoundaryProps) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isAccessErrorData(error.data)) {
    const access = error.data;
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
  }
  if (fallback) return fallback(error);
  const message =
    isRouteErrorResponse(error) &&
    typeof error.data === "object" &&
    error.data !== null &&
    "message" in error.data &&
    typeof error.data.message === "string"
      ? error.data.message
      : "We could not show this page right now. Please try again in a moment.";
  return (
    <ErrorPage
      title="Error"
      message={message}
      actions={[{ to: "/", label: "Go Home" }]}
    />
  );
}
