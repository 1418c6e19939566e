import { randomBytes, randomUUID } from "node:crypto";
import type { ServerContext } from "../context.ts";
import type { Transaction } from "../database.ts";
import type { Claims } from "../jwt.ts";
import { authJson } from "./responses.ts";
import { loadUser, userJson, type LoadedUser, type UserRow } from "./users.ts";

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
  {
    loaded,
    sessionId,
    refreshToken,
    signedInAt,
  }: {
    loaded: LoadedUser;
    sessionId: string;
    refreshToken: string;
    signedInAt: number;
  },
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

/** A new session for the user, as a sign-in or a verified e-mail link makes it. */
export async function startSession(ctx: ServerContext, userId: string) {
  const sessionId = randomUUID();
  const signedInAt = Math.floor(Date.now() / 1000);
  const { refreshToken, fresh } = await ctx.db.admin(async (tx) => {
    await tx.query(
      `insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`,
      [sessionId, userId],
    );
    const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
    await tx.query(
      `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`,
      [userId],
    );
    await tx.query(
      `update auth.identities set last_sign_in_at = now() where user_id = $1`,
      [userId],
    );
    return { refreshToken, fresh: await loadUser(tx, "id", userId) };
  });
  if (!fresh) throw new Error(`user ${userId} vanished while signing in`);
  return { loaded: fresh, sessionId, refreshToken, signedInAt };
}
