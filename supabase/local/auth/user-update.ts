import bcrypt from "bcryptjs";
import { notSupported, type ServerContext } from "../context.ts";
import { authenticate } from "./authenticate.ts";
import { authError, authJson, isRecord } from "./responses.ts";
import { BCRYPT_COST, loadUser, userJson } from "./users.ts";

// supabase/config.toml's minimum_password_length, as hosted GoTrue applies it.
export const MIN_PASSWORD_LENGTH = 12;

/**
 * PUT /user: GoTrue's UserUpdate for the fields the app changes (the
 * password and user_metadata). A new password signs out the user's other
 * sessions, as UpdatePassword does.
 */
export async function updateUser(
  ctx: ServerContext,
  request: Request,
  body: Record<string, unknown>,
) {
  const auth = await authenticate(ctx, request);
  if (auth.error) return auth.error;
  for (const field of ["email", "phone", "nonce", "app_metadata"]) {
    if (body[field] !== undefined) return notSupported(`PUT /user ${field}`);
  }
  const password = typeof body.password === "string" ? body.password : null;
  const metadata = isRecord(body.data) ? body.data : null;
  const { user } = auth.loaded;
  if (password !== null) {
    if (password.length < MIN_PASSWORD_LENGTH) {
      return authError(
        422,
        "weak_password",
        `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      );
    }
    if (
      user.encrypted_password &&
      (await bcrypt.compare(password, user.encrypted_password))
    ) {
      return authError(
        422,
        "same_password",
        "New password should be different from the old password.",
      );
    }
  }
  const hash =
    password === null ? null : await bcrypt.hash(password, BCRYPT_COST);
  const updated = await ctx.db.admin(async (tx) => {
    await tx.query(
      `update auth.users set encrypted_password = coalesce($2, encrypted_password),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($3::jsonb, '{}'::jsonb),
         updated_at = now()
       where id = $1`,
      [user.id, hash, metadata === null ? null : JSON.stringify(metadata)],
    );
    if (hash !== null) {
      await tx.query(
        `delete from auth.sessions where user_id = $1 and id <> $2`,
        [user.id, auth.claims.session_id],
      );
    }
    return loadUser(tx, "id", user.id);
  });
  return authJson(200, userJson(updated ?? auth.loaded));
}
