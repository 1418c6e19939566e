import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import {
  AUTH_UNAVAILABLE_MESSAGE,
  deniedMessage,
  type AccessErrorData,
  type Role,
  type Roles,
} from "#app/lib/access.ts";
import {
  getAuthState,
  type AuthState,
  type AuthUser,
} from "#app/utils/session.server.ts";
import {
  getSupabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";

// Who may do what: the visitor's roles (read once per request with their own
// token) and the guards restricted routes call.

/** Membership and author status, read with the user's own token (RLS lets a user read their rows). */
export async function lookupRoles(
  supabase: TypedSupabaseClient,
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

/** The user, their roles (looked up once per request) and any retryable auth error. */
export async function getAuth(
  context: Readonly<RouterContextProvider>,
): Promise<AuthState & Roles> {
  const state = getAuthState(context);
  const roles = state.user
    ? await getRoles(context)
    : { isTeamMember: false, isAuthor: false };
  return { user: state.user, authError: state.authError, ...roles };
}

export function getRoles(
  context: Readonly<RouterContextProvider>,
): Promise<Roles> {
  const state = getAuthState(context);
  if (!state.user)
    return Promise.resolve({ isTeamMember: false, isAuthor: false });
  state.roles ??= lookupRoles(getSupabase(context), state.user.id);
  return state.roles;
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
  const state = getAuthState(context);
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
