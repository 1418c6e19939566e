import { randomBytes, randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { Transaction } from "./database.ts";
import { empty, json, readJson } from "./http.ts";
import { bearerToken, type Claims } from "./jwt.ts";
import { hasLiveSession, notSupported, type ServerContext } from "./context.ts";

// GoTrue's default: one-hour access tokens.
const ACCESS_TOKEN_SECONDS = 3600;
const BCRYPT_COST = 10;
// Compared against when the e-mail is unknown, so that answer takes as long
// as a wrong password and the timing does not tell which e-mails have accounts.
const DUMMY_HASH = bcrypt.hashSync("no account has this password", BCRYPT_COST);

const API_VERSION_HEADERS = { "x-supabase-api-version": "2024-01-01" };

type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
};

type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
};

type RefreshTokenRow = {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
};

function authError(status: number, code: string, message: string) {
  return json(status, { code, message }, API_VERSION_HEADERS);
}

function authJson(status: number, body: unknown) {
  return json(status, body, API_VERSION_HEADERS);
}

function iso(value: Date | null | undefined) {
  return value ? value.toISOString() : undefined;
}

export function createAuthService(ctx: ServerContext) {
  const issuer = `${ctx.url}/auth/v1`;

  async function loadUser(
    tx: Transaction,
    where: "id" | "email",
    value: string,
  ) {
    const condition = where === "id" ? "id = $1" : "lower(email) = lower($1)";
    const user = (
      await tx.query<UserRow>(
        `select * from auth.users where ${condition} and deleted_at is null limit 1`,
        [value],
      )
    ).rows[0];
    if (!user) return null;
    const identities = (
      await tx.query<IdentityRow>(
        `select * from auth.identities where user_id = $1 order by created_at`,
        [user.id],
      )
    ).rows;
    return { user, identities };
  }

  function userJson({
    user,
    identities,
  }: {
    user: UserRow;
    identities: IdentityRow[];
  }) {
    const appMetadata = user.raw_app_meta_data ?? {};
    return {
      id: user.id,
      aud: user.aud || "authenticated",
      role: user.role || "authenticated",
      email: user.email ?? "",
      email_confirmed_at: iso(user.email_confirmed_at),
      phone: user.phone ?? "",
      confirmed_at: iso(user.confirmed_at),
      last_sign_in_at: iso(user.last_sign_in_at),
      app_metadata: { provider: "email", providers: ["email"], ...appMetadata },
      user_metadata: user.raw_user_meta_data ?? {},
      identities: identities.map((identity) => ({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: iso(identity.last_sign_in_at),
        created_at: iso(identity.created_at),
        updated_at: iso(identity.updated_at),
        email: identity.email ?? undefined,
      })),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
      is_anonymous: user.is_anonymous,
    };
  }

  async function accessToken(
    user: UserRow,
    sessionId: string,
    signedInAt: number,
  ) {
    const now = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      iss: issuer,
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

  async function tokenResponse(
    loaded: { user: UserRow; identities: IdentityRow[] },
    sessionId: string,
    refreshToken: string,
    signedInAt: number,
  ) {
    const { token, expiresAt } = await accessToken(
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

  async function insertRefreshToken(
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

  async function passwordGrant(body: Record<string, unknown>) {
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
    const sessionId = randomUUID();
    const signedInAt = Math.floor(Date.now() / 1000);
    const { refreshToken, fresh } = await ctx.db.admin(async (tx) => {
      await tx.query(
        `insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`,
        [sessionId, loaded.user.id],
      );
      const refreshToken = await insertRefreshToken(
        tx,
        loaded.user.id,
        sessionId,
        null,
      );
      await tx.query(
        `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`,
        [loaded.user.id],
      );
      await tx.query(
        `update auth.identities set last_sign_in_at = now() where user_id = $1`,
        [loaded.user.id],
      );
      const fresh = await loadUser(tx, "id", loaded.user.id);
      return { refreshToken, fresh };
    });
    return tokenResponse(fresh ?? loaded, sessionId, refreshToken, signedInAt);
  }

  async function refreshGrant(body: Record<string, unknown>) {
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
    return tokenResponse(
      outcome.loaded,
      outcome.sessionId,
      outcome.refreshToken,
      outcome.signedInAt,
    );
  }

  /** GoTrue's requireAuthentication + session lookup. */
  async function authenticate(request: Request): Promise<
    | { error: Response; claims?: undefined; loaded?: undefined }
    | {
        error?: undefined;
        claims: Claims;
        loaded: { user: UserRow; identities: IdentityRow[] };
      }
  > {
    const token = bearerToken(request);
    if (!token) {
      return {
        error: authError(
          401,
          "no_authorization",
          "This endpoint requires a valid Bearer token",
        ),
      };
    }
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

  async function logout(request: Request, scope: string) {
    if (!["global", "local", "others"].includes(scope)) {
      return authError(
        400,
        "validation_failed",
        `Unsupported logout scope "${scope}"`,
      );
    }
    const auth = await authenticate(request);
    if (auth.error) return auth.error;
    const sessionId =
      typeof auth.claims.session_id === "string"
        ? auth.claims.session_id
        : null;
    const userId = auth.loaded.user.id;
    await ctx.db.admin(async (tx) => {
      if (scope === "global" || !sessionId) {
        await tx.query(`delete from auth.sessions where user_id = $1`, [
          userId,
        ]);
      } else if (scope === "local") {
        await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
      } else {
        await tx.query(
          `delete from auth.sessions where user_id = $1 and id <> $2`,
          [userId, sessionId],
        );
      }
    });
    return empty(204, API_VERSION_HEADERS);
  }

  async function requireAdmin(request: Request) {
    const token = bearerToken(request);
    if (!token) {
      return authError(
        401,
        "no_authorization",
        "This endpoint requires a valid Bearer token",
      );
    }
    const verified = await ctx.jwt.verify(token);
    if (!verified.ok) {
      return authError(
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature",
      );
    }
    if (
      verified.claims.role !== "service_role" &&
      verified.claims.role !== "supabase_admin"
    ) {
      return authError(403, "not_admin", "User not allowed");
    }
    return null;
  }

  async function adminCreateUser(body: Record<string, unknown>) {
    const email =
      typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!email) {
      if (typeof body.phone === "string" && body.phone)
        return notSupported("Phone users");
      return authError(
        400,
        "validation_failed",
        "Unable to validate email address: invalid format",
      );
    }
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return authError(
        400,
        "validation_failed",
        "Unable to validate email address: invalid format",
      );
    }
    const password = typeof body.password === "string" ? body.password : null;
    if (password !== null && password.length < 6) {
      return authError(
        422,
        "weak_password",
        "Password should be at least 6 characters.",
      );
    }
    const hash =
      password === null ? null : await bcrypt.hash(password, BCRYPT_COST);
    const id = typeof body.id === "string" && body.id ? body.id : randomUUID();
    const confirmed = body.email_confirm === true;
    const userMetadata = isRecord(body.user_metadata) ? body.user_metadata : {};
    const appMetadata = {
      provider: "email",
      providers: ["email"],
      ...(isRecord(body.app_metadata) ? body.app_metadata : {}),
    };
    const created = await ctx.db.admin(async (tx) => {
      const exists = await tx.query(
        `select 1 from auth.users where lower(email) = $1`,
        [email],
      );
      if (exists.rows.length > 0) return null;
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now())`,
        [
          id,
          email,
          hash,
          confirmed,
          JSON.stringify(appMetadata),
          JSON.stringify(userMetadata),
        ],
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
            email_verified: confirmed,
            phone_verified: false,
          }),
        ],
      );
      return loadUser(tx, "id", id);
    });
    if (!created) {
      return authError(
        422,
        "email_exists",
        "A user with this email address has already been registered",
      );
    }
    return authJson(200, userJson(created));
  }

  async function adminUpdateUser(id: string, body: Record<string, unknown>) {
    const password = typeof body.password === "string" ? body.password : null;
    const hash =
      password === null ? null : await bcrypt.hash(password, BCRYPT_COST);
    const updated = await ctx.db.admin(async (tx) => {
      const current = await loadUser(tx, "id", id);
      if (!current) return null;
      await tx.query(
        `update auth.users set
           encrypted_password = coalesce($2, encrypted_password),
           email_confirmed_at = case when $3::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $4::jsonb,
           raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $5::jsonb,
           updated_at = now()
         where id = $1`,
        [
          id,
          hash,
          body.email_confirm === true,
          JSON.stringify(
            isRecord(body.user_metadata) ? body.user_metadata : {},
          ),
          JSON.stringify(isRecord(body.app_metadata) ? body.app_metadata : {}),
        ],
      );
      return loadUser(tx, "id", id);
    });
    if (!updated) return authError(404, "user_not_found", "User not found");
    return authJson(200, userJson(updated));
  }

  async function adminListUsers(url: URL) {
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const perPage = Math.min(
      1000,
      Math.max(1, Number(url.searchParams.get("per_page") ?? 50) || 50),
    );
    const { users, total } = await ctx.db.admin(async (tx) => {
      const ids = (
        await tx.query<{ id: string }>(
          `select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
          [perPage, (page - 1) * perPage],
        )
      ).rows;
      const total = (
        await tx.query<{ n: number }>(
          `select count(*)::int as n from auth.users where deleted_at is null`,
        )
      ).rows[0]?.n;
      const users = [];
      for (const { id } of ids) {
        const loaded = await loadUser(tx, "id", id);
        if (loaded) users.push(userJson(loaded));
      }
      return { users, total: total ?? 0 };
    });
    return json(
      200,
      { users, aud: "authenticated" },
      { ...API_VERSION_HEADERS, "x-total-count": String(total) },
    );
  }

  return async function handleAuth(
    request: Request,
    subpath: string,
  ): Promise<Response> {
    const url = new URL(request.url);
    let body: Record<string, unknown> = {};
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.method !== "DELETE"
    ) {
      try {
        const parsed = await readJson(request);
        if (parsed !== undefined && !isRecord(parsed)) {
          return authError(
            400,
            "bad_json",
            "Could not parse request body as JSON: expected an object",
          );
        }
        body = parsed ?? {};
      } catch (error) {
        return authError(
          400,
          "bad_json",
          `Could not parse request body as JSON: ${(error as Error).message}`,
        );
      }
    }

    if (subpath === "/token" && request.method === "POST") {
      const grantType = url.searchParams.get("grant_type");
      if (grantType === "password") return passwordGrant(body);
      if (grantType === "refresh_token") return refreshGrant(body);
      return notSupported(`POST /auth/v1/token?grant_type=${grantType ?? ""}`);
    }
    if (subpath === "/user" && request.method === "GET") {
      const auth = await authenticate(request);
      if (auth.error) return auth.error;
      return authJson(200, userJson(auth.loaded));
    }
    if (subpath === "/logout" && request.method === "POST") {
      return logout(request, url.searchParams.get("scope") ?? "global");
    }
    if (subpath === "/health" && request.method === "GET") {
      return authJson(200, {
        version: "local",
        name: "GoTrue",
        description: "local Supabase server",
      });
    }
    if (subpath === "/admin/users" || subpath.startsWith("/admin/users/")) {
      const denied = await requireAdmin(request);
      if (denied) return denied;
      const id = subpath.slice("/admin/users/".length);
      if (subpath === "/admin/users" && request.method === "POST")
        return adminCreateUser(body);
      if (subpath === "/admin/users" && request.method === "GET")
        return adminListUsers(url);
      if (id && !id.includes("/")) {
        if (!/^[0-9a-f-]{36}$/i.test(id))
          return authError(404, "user_not_found", "User not found");
        if (request.method === "GET") {
          const loaded = await ctx.db.admin((tx) => loadUser(tx, "id", id));
          return loaded
            ? authJson(200, userJson(loaded))
            : authError(404, "user_not_found", "User not found");
        }
        if (request.method === "PUT") return adminUpdateUser(id, body);
        if (request.method === "DELETE") {
          const deleted = await ctx.db.admin(async (tx) => {
            const result = await tx.query(
              `delete from auth.users where id = $1`,
              [id],
            );
            return (result.affectedRows ?? 0) > 0;
          });
          return deleted
            ? authJson(200, {})
            : authError(404, "user_not_found", "User not found");
        }
      }
    }
    return notSupported(`${request.method} /auth/v1${subpath}`);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
