import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { withHeaders } from "#app/utils/response-headers.server.ts";

// Server-Timing shows in the browser's network panel and in any RUM tool, so
// a slow page says whether the time went to Supabase or to rendering.

type Timings = { supabaseMs: number; supabaseCalls: number };

const timingContext = createContext<Timings | null>(null);

/** Adds the duration of one Supabase call to the request's total. */
export function recordSupabaseTime(
  context: Readonly<RouterContextProvider>,
  ms: number,
) {
  const timings = context.get(timingContext);
  if (!timings) return;
  timings.supabaseMs += ms;
  timings.supabaseCalls += 1;
}

export function serverTimingHeader(totalMs: number, timings: Timings) {
  const parts = [`total;dur=${totalMs.toFixed(1)}`];
  if (timings.supabaseCalls > 0) {
    // Calls made in parallel overlap, so this can exceed the wall time spent waiting.
    parts.push(
      `supabase;dur=${timings.supabaseMs.toFixed(1)};desc="${timings.supabaseCalls} calls"`,
    );
  }
  return parts.join(", ");
}

/**
 * Outermost middleware: times everything the server does for a request up
 * to the response headers (a streamed body may still be rendering after).
 */
export const serverTimingMiddleware: MiddlewareFunction<Response> = async (
  { context },
  next,
) => {
  const started = performance.now();
  const timings: Timings = { supabaseMs: 0, supabaseCalls: 0 };
  context.set(timingContext, timings);
  const response = await next();
  const header = serverTimingHeader(performance.now() - started, timings);
  return withHeaders(response, (headers) =>
    headers.append("Server-Timing", header),
  );
};
