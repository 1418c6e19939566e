import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { notSupported, type ServerContext } from "../context.ts";
import { json } from "../http.ts";
import { bearerToken } from "../jwt.ts";
import {
  API_VERSION_HEADERS,
  authError,
  authJson,
  isRecord,
  noAuthorization,
} from "./responses.ts";
import { BCRYPT_COST, loadUser, userJson } from "./users.ts";

/** The admin API is for the service role (and supabase_admin) only. */
export async function requireAdmin(ctx: ServerContext, request: Request) {
  const token = bearerToken(request);
  if (!token) return noAuthorization();
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

function userNotFound() {
  return authError(404, "user_not_found", "User not found");
}

async function createUser(ctx: ServerContext, body: Record<string, unknown>) {
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

async function listUsers(ctx: ServerContext, url: URL) {
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

async function getUser(ctx: ServerContext, id: string) {
  const loaded = await ctx.db.admin((tx) => loadUser(tx, "id", id));
  return loaded ? authJson(200, userJson(loaded)) : userNotFound();
}

async function deleteUser(ctx: ServerContext, id: string) {
  const deleted = await ctx.db.admin(async (tx) => {
    const result = await tx.query(`delete from auth.users where id = $1`, [id]);
    return (result.affectedRows ?? 0) > 0;
  });
  return deleted ? authJson(200, {}) : userNotFound();
}

/**
 * The part of the admin API the app and the tests call: create, list, read
 * and delete users (supabase-js auth.admin.createUser, listUsers,
 * getUserById, deleteUser, which reads the user before it deletes).
 * Undefined for a method or path below /admin/users the local server does not
 * emulate (once the caller is an admin), which answers 501.
 */
export async function adminUsers(
  ctx: ServerContext,
  request: Request,
  subpath: string,
  body: Record<string, unknown>,
): Promise<Response | undefined> {
  const denied = await requireAdmin(ctx, request);
  if (denied) return denied;
  if (subpath === "/admin/users") {
    if (request.method === "POST") return createUser(ctx, body);
    if (request.method === "GET") return listUsers(ctx, new URL(request.url));
  }
  const id = subpath.slice("/admin/users/".length);
  if (!id || id.includes("/")) return undefined;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return userNotFound();
  if (request.method === "GET") return getUser(ctx, id);
  if (request.method === "DELETE") return deleteUser(ctx, id);
  return undefined;
}
