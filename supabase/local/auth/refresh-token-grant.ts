import type { ServerContext } from "../context.ts";
import { authError } from "./responses.ts";
import { insertRefreshToken, tokenResponse } from "./session-tokens.ts";
import { loadUser } from "./users.ts";

type RefreshTokenRow = {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
};

/**
 * POST /token?grant_type=refresh_token: rotates the token; its parent may be
 * presented again within the reuse interval (answered with the active token),
 * later reuse revokes the session's whole family.
 */
export async function refreshTokenGrant(
  ctx: ServerContext,
  body: Record<string, unknown>,
) {
  const presented =
    typeof body.refresh_token === "string" ? body.refresh_token : "";
  if (!presented)
    return authError(400, "validation_failed", "refresh_token required");
  const outcome = await ctx.db.admin(async (tx) => {
    const row = (
      await tx.query<RefreshTokenRow>(
        `select id, token, user_id, revoked, updated_at, session_id from auth.refresh_tokens where token = $1`,
        [presented],
      )
    ).rows[0];
    if (!row || !row.session_id) return { error: "not_found" as const };
    const session = (
      await tx.query<{ created_at: Date }>(
        `select created_at from auth.sessions where id = $1`,
        [row.session_id],
      )
    ).rows[0];
    if (!session) return { error: "not_found" as const };
    let refreshToken: string;
    if (row.revoked) {
      const active = (
        await tx.query<{ token: string }>(
          `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
          [row.session_id],
        )
      ).rows[0];
      const withinInterval =
        Date.now() - row.updated_at.getTime() <= ctx.refreshReuseIntervalMs;
      if (!active || !withinInterval) {
        // Reuse outside the grace window means the token leaked: end the session's family.
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`,
          [row.session_id],
        );
        return { error: "reused" as const };
      }
      refreshToken = active.token;
    } else {
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`,
        [row.id],
      );
      refreshToken = await insertRefreshToken(
        tx,
        row.user_id,
        row.session_id,
        row.token,
      );
      await tx.query(
        `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
        [row.session_id],
      );
    }
    const loaded = await loadUser(tx, "id", row.user_id);
    if (!loaded) return { error: "not_found" as const };
    return {
      loaded,
      sessionId: row.session_id,
      refreshToken,
      signedInAt: Math.floor(session.created_at.getTime() / 1000),
    };
  });
  if ("error" in outcome) {
    // A revoked family is committed above before answering with the error.
    return outcome.error === "reused"
      ? authError(
          400,
          "refresh_token_already_used",
          "Invalid Refresh Token: Already Used",
        )
      : authError(
          400,
          "refresh_token_not_found",
          "Invalid Refresh Token: Refresh Token Not Found",
        );
  }
  return tokenResponse(ctx, outcome);
}
