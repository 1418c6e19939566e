import { hasLiveSession, type ServerContext } from "../context.ts";
import { bearerToken, type Claims } from "../jwt.ts";
import { authError, noAuthorization } from "./responses.ts";
import { loadUser, type LoadedUser } from "./users.ts";

/** GoTrue's requireAuthentication + session lookup, for a user's own endpoints. */
export async function authenticate(
  ctx: ServerContext,
  request: Request,
): Promise<
  | { error: Response; claims?: undefined; loaded?: undefined }
  | { error?: undefined; claims: Claims; loaded: LoadedUser }
> {
  const token = bearerToken(request);
  if (!token) return { error: noAuthorization() };
  const verified = await ctx.jwt.verify(token);
  if (!verified.ok) {
    return {
      error: authError(
        403,
        "bad_jwt",
        verified.expired
          ? "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"
          : "invalid JWT: unable to parse or verify signature, signature is invalid",
      ),
    };
  }
  const claims = verified.claims;
  if (typeof claims.sub !== "string" || claims.sub === "") {
    return {
      error: authError(403, "bad_jwt", "invalid claim: missing sub claim"),
    };
  }
  const loaded = await ctx.db.admin((tx) => loadUser(tx, "id", claims.sub!));
  if (!loaded) {
    return {
      error: authError(
        403,
        "user_not_found",
        "User from sub claim in JWT does not exist",
      ),
    };
  }
  if (!(await hasLiveSession(ctx.db, claims))) {
    return {
      error: authError(
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
      ),
    };
  }
  return { claims, loaded };
}
