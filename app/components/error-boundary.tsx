import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  useRouteError,
  type ErrorResponse,
} from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";

export type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

type GeneralErrorBoundaryProps = {
  /** A thrown response whose status has no handler of its own. */
  defaultStatusHandler?: StatusHandler;
  statusHandlers?: Record<number, StatusHandler>;
  /** Anything thrown that is not a response: a bug or a failure nobody caught. */
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
};

export const GENERIC_ERROR_MESSAGE =
  "We could not show this page right now. Please try again in a moment.";

/** The message a route gave with a refusal (4xx), if any. */
export function errorMessage(error: ErrorResponse): string | null {
  const data: unknown = error.data;
  return error.status < 500 &&
    typeof data === "object" &&
    data !== null &&
    "message" in data &&
    typeof data.message === "string"
    ? data.message
    : null;
}

/** A refusal's own message (or the generic one) with a way home. */
export const refusalPage: StatusHandler = ({ error }) => (
  <ErrorPage
    title="Error"
    message={errorMessage(error) ?? GENERIC_ERROR_MESSAGE}
    actions={[{ to: "/", label: "Go Home" }]}
  />
);

const genericPage = () => (
  <ErrorPage
    title="Error"
    message={GENERIC_ERROR_MESSAGE}
    actions={[{ to: "/", label: "Go Home" }]}
  />
);

/**
 * Every route's ErrorBoundary renders this: loaders and actions throw
 * responses (404, 401/403/503 from the guards, 5xx from a failed backend)
 * and each route says how it shows a status, instead of each boundary
 * re-deciding what it caught.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = refusalPage,
  statusHandlers,
  unexpectedErrorHandler = genericPage,
}: GeneralErrorBoundaryProps) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
    return handler({ error });
  }
  return unexpectedErrorHandler(error);
}
