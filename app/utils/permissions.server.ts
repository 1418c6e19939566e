import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import {
  AUTH_UNAVAILABLE_MESSAGE,
  deniedMessage,
  type AccessErrorData,
  type Roles,
} from "#app/lib/access.ts";
import { isTeamRole, may, type Capability } from "#app/lib/roles.ts";
import {
  getAuthState,
  type AuthState,
  type AuthUser,
} from "#app/utils/session.server.ts";
import {
  getSupabase,
  type TypedSupabaseClient,
} from "#app/utils/supabase.server.ts";

// Who may do what: the visitor's role, read from the database on every
// request with their own token (so a role removed a moment ago already
// fails the next request's guard), and the guard restricted routes call with
// the capability they need (app/lib/roles.ts).

const NO_ROLE: Roles = { role: null };

/** The user's role now: their team role, else author when is_author, else none. */
export async function lookupRoles(
  supabase: TypedSupabaseClient,
  userId: string,
): Promise<Roles> {
  const [team, platformUser] = await Promise.all([
    supabase.from("team_members").select("role").eq("id", userId).maybeSingle(),
    supabase
      .from("platform_users")
      .select("is_author")
      .eq("id", userId)
      .maybeSingle(),
  ]);
  if (team.error || platformUser.error) {
    throw unavailable();
  }
  const teamRole = team.data?.role;
  if (isTeamRole(teamRole)) return { role: teamRole };
  return { role: platformUser.data?.is_author === true ? "author" : null };
}

/** The user, their role (looked up once per request) and any retryable auth error. */
export async function getAuth(
  context: Readonly<RouterContextProvider>,
): Promise<AuthState & Roles> {
  const state = getAuthState(context);
  const roles = state.user ? await getRoles(context) : NO_ROLE;
  return { user: state.user, authError: state.authError, ...roles };
}

export function getRoles(
  context: Readonly<RouterContextProvider>,
): Promise<Roles> {
  const state = getAuthState(context);
  if (!state.user) return Promise.resolve(NO_ROLE);
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
 * The one guard every restricted route calls, with the capability it needs:
 * 401 (sign-in form) without a session, 403 (access-denied view with the
 * area's message) when the visitor's role does not allow it. Row-level
 * security asks the same rules and stays the authority: this only decides
 * what to render.
 */
export async function requireAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
  capability: Capability,
): Promise<{ user: AuthUser } & Roles> {
  const user = await requireUser(context, request);
  const { role } = await getRoles(context);
  if (!may(role, capability)) throw forbidden(deniedMessage(capability));
  return { user, role };
}
