import { data } from "react-router";

// Not found and a backend that failed, thrown the same way by every loader
// and shown by the route's ErrorBoundary, which says per status what the
// visitor sees (GeneralErrorBoundary, decision 013).

/** The body of a `backendFailed` response, as the page's boundary reads it. */
export type BackendFailure = { message: string | null };

export function notFound(headers?: HeadersInit) {
  return data(null, { status: 404, headers });
}

/** `message` is one a visitor may read; without it the page uses its own words. */
export function backendFailed(message?: string, headers?: HeadersInit) {
  return data<BackendFailure>(
    { message: message ?? null },
    { status: 503, headers },
  );
}
