import { BRAND_NAME } from "#app/content/site.ts";
import type { Capability, Role } from "#app/lib/roles.ts";

// What a restricted route throws when it will not render its content. Shared
// by the server guard (app/utils/auth.server.ts) and the boundary that turns
// it into the sign-in form or the access-denied view, so both agree on shape.

/** The role a person holds now (app/lib/roles.ts), or null for none. */
export type Roles = { role: Role | null };

export const ADMIN_DENIED_MESSAGE =
  "This area is restricted to team members only.";
export const AUTHOR_DENIED_MESSAGE =
  "This area is restricted to authors and team members only.";
export const DEFAULT_DENIED_MESSAGE = `This area is restricted to ${BRAND_NAME} team members only. If you believe this is an error, please contact support.`;

export const AUTH_UNAVAILABLE_MESSAGE =
  "We could not check your session right now. Please try again in a moment.";

/** Writing is the authors' area; every other tool is the team's. */
export function deniedMessage(capability?: Capability) {
  if (capability === undefined) return DEFAULT_DENIED_MESSAGE;
  return capability === "posts" ? AUTHOR_DENIED_MESSAGE : ADMIN_DENIED_MESSAGE;
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
