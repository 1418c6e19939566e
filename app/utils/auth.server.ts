import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import {
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type SupabaseClient,
} from "@supabase/supabase-js";
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import {
  AUTH_UNAVAILABLE_MESSAGE,
  deniedMessage,
  type AccessErrorData,
  type Role,
} from "#app/lib/access.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { env } from "#app/utils/env.server.ts";
import { authCookieOptions, getSupabase } from "#app/utils/supabase.server.ts";
import { withHeaders } from "#app/utils/response-headers.server.ts";

export type AuthUser = { id: string; email: string | null };

export type Roles = { isTeamMember: boolean; isAuthor: boolean };

export type AuthState = {
  user: AuthUser | null;
  /** Set when the session could not be checked for a reason that may pass (network, 5xx). */
  authError?: string;
};

type RequestAuth = AuthState & { roles?: Promise<Roles> };

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
  supabase: SupabaseClient,
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

/** Membership and author status, read with the user's own token (RLS lets a user read their rows). */
export async function lookupRoles(
  supabase: SupabaseClient,
  userId: string,
): Promise<Roles> {
  const [team, platformUser] = await Promise.all([
    supabase.from("team_members").select("id").eq("id", userId).maybeSingle(),
    supabase
      .from("platform_users")
      .select("is_author")
      .eq("id", userId)
      .maybeSingle(),
  ]);
  if (team.error || platformUser.error) {
    throw unavailable();
  }
  const isTeamMember = team.data !== null;
  return {
    isTeamMember,
    isAuthor: isTeamMember || platformUser.data?.is_author === true,
  };
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
  const hadCookies = requestAuthCookies(request).length > 0;
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

function getState(context: Readonly<RouterContextProvider>) {
  const state = context.get(authContext);
  if (!state)
    throw new Error("authMiddleware must run before the auth helpers");
  return state;
}

/** The signed-in user of this request, or null. */
export function getUser(
  context: Readonly<RouterContextProvider>,
): AuthUser | null {
  return getState(context).user;
}

/** The user, their roles (looked up once per request) and any retryable auth error. */
export async function getAuth(
  context: Readonly<RouterContextProvider>,
): Promise<AuthState & Roles> {
  const state = getState(context);
  const roles = state.user
    ? await getRoles(context)
    : { isTeamMember: false, isAuthor: false };
  return { user: state.user, authError: state.authError, ...roles };
}

export function getRoles(
  context: Readonly<RouterContextProvider>,
): Promise<Roles> {
  const state = getState(context);
  if (!state.user)
    return Promise.resolve({ isTeamMember: false, isAuthor: false });
  state.roles ??= lookupRoles(getSupabase(context), state.user.id);
  return state.roles;
}

/** Records a sign-in made during this request, so later helpers see the new user. */
export function setSignedInUser(
  context: Readonly<RouterContextProvider>,
  user: AuthUser,
) {
  const state = getState(context);
  state.user = user;
  state.authError = undefined;
  state.roles = undefined;
}

/** Records a sign-out made during this request. */
export function setSignedOut(context: Readonly<RouterContextProvider>) {
  const state = getState(context);
  state.user = null;
  state.roles = undefined;
}

/**
 * The page the visitor asked for. A script-driven navigation fetches
 * "/admin.data?_routes=..." (the root's data is "/_root.data"); the way back
 * after sign-in must be the page itself.
 */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data"))
    pathname = pathname.slice(0, -".data".length) || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return `${pathname}${url.search}`;
}

export function unauthenticated(redirectTo: string) {
  return data<AccessErrorData>(
    { kind: "unauthenticated", redirectTo },
    { status: 401 },
  );
}

export function forbidden(message: string) {
  return data<AccessErrorData>({ kind: "forbidden", message }, { status: 403 });
}

export function unavailable(message = AUTH_UNAVAILABLE_MESSAGE) {
  return data<AccessErrorData>(
    { kind: "unavailable", message },
    { status: 503, headers: { "Retry-After": "5" } },
  );
}

/**
 * The guard for pages that need a session. Without one it throws a 401 that
 * the route's ErrorBoundary (<AccessBoundary/>) renders as the sign-in form,
 * sending the visitor back to this page afterwards.
 */
export async function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<AuthUser> {
  const state = getState(context);
  if (state.user) return state.user;
  if (state.authError) throw unavailable(state.authError);
  throw unauthenticated(currentPath(request));
}

/**
 * The one guard every restricted route calls: 401 (sign-in form) without a
 * session, 403 (access-denied view with the area's message) without the role.
 * Admin means listed in team_members; author means is_author or admin.
 * Row-level security stays the authority: this only decides what to render.
 */
export async function requireRole(
  context: Readonly<RouterContextProvider>,
  request: Request,
  role: Role,
): Promise<{ user: AuthUser } & Roles> {
  const user = await requireUser(context, request);
  const roles = await getRoles(context);
  const allowed = role === "admin" ? roles.isTeamMember : roles.isAuthor;
  if (!allowed) throw forbidden(deniedMessage(role));
  return { user, ...roles };
}

/**
 * For resource routes, which React Router's own action origin check does not
 * cover: a browser sends Origin (or at least Sec-Fetch-Site) with every form
 * post, so a post from another site is refused here even before SameSite=Lax
 * keeps the session cookie off it.
 */
export function isSameOriginPost(request: Request) {
  const allowed = new Set([
    new URL(request.url).origin,
    new URL(env.SITE_URL).origin,
  ]);
  const origin = request.headers.get("Origin");
  if (origin !== null) return allowed.has(origin);
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return (
    fetchSite === null || fetchSite === "same-origin" || fetchSite === "none"
  );
}

// Pages that make no sense signed out: leaving them lands on the sign-in page.
const SIGNED_IN_AREAS = /^\/(write|admin|edit)(\/|\?|#|$)/;

/** Where sign-out lands: /auth from writing and admin pages, else back where it came from. */
export function signOutDestination(redirectTo: unknown) {
  const path = safeRedirect(redirectTo, "/");
  return SIGNED_IN_AREAS.test(path) ? "/auth" : path;
}
