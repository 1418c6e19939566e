import { randomUUID } from "node:crypto";
import type { ServerContext } from "../context.ts";
import { newEmailToken, referrer, sendInviteMail } from "./mailer.ts";
import { authError, authJson, isRecord } from "./responses.ts";
import { loadUser, userJson } from "./users.ts";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * POST /invite (admin): GoTrue's Invite. A new address gets an account
 * without a password; an invited address not yet confirmed gets a new link
 * (the old one stops working); a confirmed one is refused.
 */
export async function invite(
  ctx: ServerContext,
  request: Request,
  body: Record<string, unknown>,
) {
  const email =
    typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!email || !EMAIL.test(email)) {
    return authError(
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    );
  }
  const metadata = isRecord(body.data) ? body.data : {};
  const redirectTo = referrer(ctx, request);
  const token = newEmailToken(email);
  const invited = await ctx.db.admin(async (tx) => {
    let loaded = await loadUser(tx, "email", email);
    if (loaded?.user.email_confirmed_at) return null;
    if (!loaded) {
      const id = randomUUID();
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
           '{"provider":"email","providers":["email"]}'::jsonb, $3::jsonb, now(), now())`,
        [id, email, JSON.stringify(metadata)],
      );
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1, $2, $3::jsonb, 'email', now(), now())`,
        [
          id,
          id,
          JSON.stringify({
            sub: id,
            email,
            email_verified: false,
            phone_verified: false,
          }),
        ],
      );
      loaded = await loadUser(tx, "id", id);
    }
    const id = loaded!.user.id;
    await tx.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now()
       where id = $1`,
      [id, token.tokenHash],
    );
    // Sent inside the transaction, as GoTrue does: a mail that fails leaves no new token.
    sendInviteMail(
      ctx,
      { email, metadata: loaded!.user.raw_user_meta_data ?? metadata },
      token,
      redirectTo,
    );
    return loadUser(tx, "id", id);
  });
  if (!invited) {
    return authError(
      422,
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  return authJson(200, userJson(invited));
}
