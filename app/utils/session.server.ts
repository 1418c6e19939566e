import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import {
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
} from "@supabase/supabase-js";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { AUTH_UNAVAILABLE_MESSAGE, type Roles } from "#app/lib/access.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { env } from "#app/utils/env.server.ts";
import { withHeaders } from "#app/utils/response-headers.server.ts";
import {
  authCookieOptions,
  getSupabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";

// The visitor's session: its cookies, who it belongs to (asked of Supabase
// once per request by authMiddleware), and sign-in and sign-out within a request.

export type AuthUser = { id: string; email: string | null };

export type AuthState = {
  user: AuthUser | null;
  /** Set when the session could not be checked for a reason that may pass (network, 5xx). */
  authError?: string;
};

/** The request's auth state; permissions.server.ts caches the roles on it. */
export type RequestAuth = AuthState & { roles?: Promise<Roles> };

const authContext = createContext<RequestAuth | null>(null);

// The cookie @supabase/ssr keeps the session in (and its ".0", ".1" chunks).
const AUTH_COOKIE = `sb-${new URL(env.SUPABASE_URL).hostname.split(".")[0]}-auth-token`;

export function isAuthCookieName(name: string) {
  if (!name.startsWith(AUTH_COOKIE)) return false;
  const rest = name.slice(AUTH_COOKIE.length);
  return rest === "" || /^\.\d+$/.test(rest);
}

function requestAuthCookies(request: Request) {
  return parseCookieHeader(request.headers.get("Cookie") ?? "")
    .map(({ name }) => name)
    .filter(isAuthCookieName);
}

/** Whether the request carries a session cookie: the one test for "may be signed in". */
export function hasSessionCookie(request: Request) {
  return requestAuthCookies(request).length > 0;
}

/** Set-Cookie values that delete every auth cookie the request carried. */
export function clearAuthCookieHeaders(request: Request) {
  return requestAuthCookies(request).map((name) =>
    serializeCookieHeader(name, "", { ...authCookieOptions, maxAge: 0 }),
  );
}

/**
 * While Supabase is down, supabase-js keeps retrying a refresh for up to 30
 * seconds. A page cannot wait that long: past this deadline the visitor is
 * told to try again and keeps their cookies, exactly as for any other
 * retryable failure.
 */
export const AUTH_DEADLINE_MS = 5_000;
const DEADLINE_PASSED = Symbol("deadline passed");

async function withDeadline<T>(promise: Promise<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof DEADLINE_PASSED>((resolve) => {
    timer = setTimeout(() => resolve(DEADLINE_PASSED), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks Supabase who the visitor is. Supabase refreshes an expiring access
 * token on the way (the rotated cookies reach the response through
 * supabaseMiddleware) and removes the session itself when the server no
 * longer knows it; any other final refusal is cleared here.
 */
export async function resolveAuth(
  supabase: TypedSupabaseClient,
  deadlineMs = AUTH_DEADLINE_MS,
): Promise<AuthState> {
  const outcome = await withDeadline(supabase.auth.getUser(), deadlineMs);
  if (outcome === DEADLINE_PASSED)
    return { user: null, authError: AUTH_UNAVAILABLE_MESSAGE };
  const { data: result, error } = outcome;
  if (!error && result.user) {
    return { user: { id: result.user.id, email: result.user.email ?? null } };
  }
  if (!error || isAuthSessionMissingError(error)) return { user: null };
  if (isAuthRetryableFetchError(error)) {
    return { user: null, authError: AUTH_UNAVAILABLE_MESSAGE };
  }
  // Revoked, reused or forged tokens: sign this browser out for good. If
  // Supabase already dropped the session there is nothing left to remove.
  const { data: stored } = await supabase.auth.getSession();
  if (stored.session) await supabase.auth.signOut({ scope: "local" });
  return { user: null };
}

function setNoStore(response: Response) {
  return withHeaders(response, (headers) =>
    headers.set("Cache-Control", "private, no-store"),
  );
}

/**
 * Resolves the visitor before any loader runs, so a refreshed session's
 * cookies are known before the document starts streaming. Pages for a
 * signed-in visitor (or one holding auth cookies) are never cached by a
 * shared cache.
 */
export const authMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const hadCookies = hasSessionCookie(request);
  const state: RequestAuth = hadCookies
    ? await resolveAuth(getSupabase(context))
    : { user: null };
  context.set(authContext, state);
  const response = await next();
  if (hadCookies || state.user) {
    return setNoStore(response);
  }
  return response;
};

export function getAuthState(context: Readonly<RouterContextProvider>) {
  const state = context.get(authContext);
  if (!state)
    throw new Error("authMiddleware must run before the auth helpers");
  return state;
}

/** The signed-in user of this request, or null. */
export function getUser(
  context: Readonly<RouterContextProvider>,
): AuthUser | null {
  return getAuthState(context).user;
}

/** Records a sign-in made during this request, so later helpers see the new user. */
export function setSignedInUser(
  context: Readonly<RouterContextProvider>,
  user: AuthUser,
) {
  const state = getAuthState(context);
  state.user = user;
  state.authError = undefined;
  state.roles = undefined;
}

/** Records a sign-out made during this request. */
export function setSignedOut(context: Readonly<RouterContextProvider>) {
  const state = getAuthState(context);
  state.user = null;
  state.roles = undefined;
}

// Pages that make no sense signed out: leaving them lands on the sign-in page.
const SIGNED_IN_AREAS = /^\/(write|admin|edit)(\/|\?|#|$)/;

/** Where sign-out lands: /auth from writing and admin pages, else back where it came from. */
export function signOutDestination(redirectTo: unknown) {
  const path = safeRedirect(redirectTo, "/");
  return SIGNED_IN_AREAS.test(path) ? "/auth" : path;
}
