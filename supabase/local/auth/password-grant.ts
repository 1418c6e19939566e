import bcrypt from "bcryptjs";
import { notSupported, type ServerContext } from "../context.ts";
import { authError } from "./responses.ts";
import { startSession, tokenResponse } from "./session-tokens.ts";
import { BCRYPT_COST, loadUser } from "./users.ts";

// Compared against when the e-mail is unknown, so that answer takes as long
// as a wrong password and the timing does not tell which e-mails have accounts.
const DUMMY_HASH = bcrypt.hashSync("no account has this password", BCRYPT_COST);

/** POST /token?grant_type=password: a new session for a confirmed, unbanned user. */
export async function passwordGrant(
  ctx: ServerContext,
  body: Record<string, unknown>,
) {
  const email = typeof body.email === "string" ? body.email.trim() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email) {
    if (typeof body.phone === "string" && body.phone)
      return notSupported("Phone sign-in");
    return authError(400, "validation_failed", "missing email or phone");
  }
  const loaded = await ctx.db.admin((tx) => loadUser(tx, "email", email));
  const hash = loaded?.user.encrypted_password;
  const compared = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  const matches = !!hash && !!password && compared;
  if (!loaded || !matches) {
    return authError(400, "invalid_credentials", "Invalid login credentials");
  }
  if (!loaded.user.email_confirmed_at) {
    return authError(400, "email_not_confirmed", "Email not confirmed");
  }
  if (
    loaded.user.banned_until &&
    loaded.user.banned_until.getTime() > Date.now()
  ) {
    return authError(400, "user_banned", "User is banned");
  }
  return tokenResponse(ctx, await startSession(ctx, loaded.user.id));
}
