import { randomBytes } from "node:crypto";
import type { ServerContext } from "../context.ts";
import type { Transaction } from "../database.ts";
import type { Claims } from "../jwt.ts";
import { authJson } from "./responses.ts";
import { userJson, type LoadedUser, type UserRow } from "./users.ts";

// GoTrue's default: one-hour access tokens.
const ACCESS_TOKEN_SECONDS = 3600;

async function accessToken(
  ctx: ServerContext,
  user: UserRow,
  sessionId: string,
  signedInAt: number,
) {
  const now = Math.floor(Date.now() / 1000);
  const claims: Claims = {
    iss: `${ctx.url}/auth/v1`,
    sub: user.id,
    aud: "authenticated",
    exp: now + ACCESS_TOKEN_SECONDS,
    iat: now,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: {
      provider: "email",
      providers: ["email"],
      ...(user.raw_app_meta_data ?? {}),
    },
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || "authenticated",
    aal: "aal1",
    amr: [{ method: "password", timestamp: signedInAt }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return {
    token: await ctx.jwt.sign(claims),
    expiresAt: now + ACCESS_TOKEN_SECONDS,
  };
}

/** The answer of both token grants: a new access token beside the refresh token. */
export async function tokenResponse(
  ctx: ServerContext,
  loaded: LoadedUser,
  sessionId: string,
  refreshToken: string,
  signedInAt: number,
) {
  const { token, expiresAt } = await accessToken(
    ctx,
    loaded.user,
    sessionId,
    signedInAt,
  );
  return authJson(200, {
    access_token: token,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(loaded),
  });
}

export async function insertRefreshToken(
  tx: Transaction,
  userId: string,
  sessionId: string,
  parent: string | null,
) {
  const token = randomBytes(16).toString("base64url");
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
    [token, userId, sessionId, parent],
  );
  return token;
}
