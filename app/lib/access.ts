import { BRAND_NAME } from "#app/content/site.ts";

// What a restricted route throws when it will not render its content. Shared
// by the server guard (app/utils/auth.server.ts) and the boundary that turns
// it into the sign-in form or the access-denied view, so both agree on shape.

export type Role = "author" | "admin";

export type Roles = { isTeamMember: boolean; isAuthor: boolean };

export const ADMIN_DENIED_MESSAGE =
  "This area is restricted to team members only.";
export const AUTHOR_DENIED_MESSAGE =
  "This area is restricted to authors and team members only.";
export const DEFAULT_DENIED_MESSAGE = `This area is restricted to ${BRAND_NAME} team members only. If you believe this is an error, please contact support.`;

export const AUTH_UNAVAILABLE_MESSAGE =
  "We could not check your session right now. Please try again in a moment.";

export function deniedMessage(role?: Role) {
  if (role === "admin") return ADMIN_DENIED_MESSAGE;
  if (role === "author") return AUTHOR_DENIED_MESSAGE;
  return DEFAULT_DENIED_MESSAGE;
}

export type AccessErrorData =
  | { kind: "unauthenticated"; redirectTo: string }
  | { kind: "forbidden"; message: string }
  | { kind: "unavailable"; message: string };

export function isAccessErrorData(value: unknown): value is AccessErrorData {
  if (typeof value !== "object" || value === null || !("kind" in value))
    return false;
  const { kind } = value as { kind: unknown };
  return (
    kind === "unauthenticated" || kind === "forbidden" || kind === "unavailable"
  );
}
