import { notSupported, type ServerContext } from "../context.ts";
import { readJson } from "../http.ts";
import { adminUsers, requireAdmin } from "./admin-users.ts";
import { authenticate } from "./authenticate.ts";
import { invite } from "./invite.ts";
import { logout } from "./logout.ts";
import { passwordGrant } from "./password-grant.ts";
import { refreshTokenGrant } from "./refresh-token-grant.ts";
import { authError, authJson, isRecord } from "./responses.ts";
import { updateUser } from "./user-update.ts";
import { userJson } from "./users.ts";
import { verifyGet, verifyPost } from "./verify.ts";

/** GoTrue's JSON body rule: absent is {}, anything but an object is bad_json. */
async function readBody(
  request: Request,
): Promise<{ body: Record<string, unknown> } | { error: Response }> {
  if (
    request.method === "GET" ||
    request.method === "HEAD" ||
    request.method === "DELETE"
  ) {
    return { body: {} };
  }
  try {
    const parsed = await readJson(request);
    if (parsed !== undefined && !isRecord(parsed)) {
      return {
        error: authError(
          400,
          "bad_json",
          "Could not parse request body as JSON: expected an object",
        ),
      };
    }
    return { body: parsed ?? {} };
  } catch (error) {
    return {
      error: authError(
        400,
        "bad_json",
        `Could not parse request body as JSON: ${(error as Error).message}`,
      ),
    };
  }
}

/** /auth/v1: the part of GoTrue the app, its tests and supabase-js call. */
export function createAuthService(ctx: ServerContext) {
  return async function handleAuth(
    request: Request,
    subpath: string,
  ): Promise<Response> {
    const url = new URL(request.url);
    const read = await readBody(request);
    if ("error" in read) return read.error;
    const { body } = read;

    if (subpath === "/token" && request.method === "POST") {
      const grantType = url.searchParams.get("grant_type");
      if (grantType === "password") return passwordGrant(ctx, body);
      if (grantType === "refresh_token") return refreshTokenGrant(ctx, body);
      return notSupported(`POST /auth/v1/token?grant_type=${grantType ?? ""}`);
    }
    if (subpath === "/user" && request.method === "GET") {
      const auth = await authenticate(ctx, request);
      if (auth.error) return auth.error;
      return authJson(200, userJson(auth.loaded));
    }
    if (subpath === "/user" && request.method === "PUT") {
      return updateUser(ctx, request, body);
    }
    if (subpath === "/verify" && request.method === "POST") {
      return verifyPost(ctx, body);
    }
    if (subpath === "/verify" && request.method === "GET") {
      return verifyGet(ctx, request);
    }
    if (subpath === "/invite" && request.method === "POST") {
      return (await requireAdmin(ctx, request)) ?? invite(ctx, request, body);
    }
    if (subpath === "/logout" && request.method === "POST") {
      return logout(ctx, request, url.searchParams.get("scope") ?? "global");
    }
    if (subpath === "/admin/users" || subpath.startsWith("/admin/users/")) {
      const answer = await adminUsers(ctx, request, subpath, body);
      if (answer) return answer;
    }
    return notSupported(`${request.method} /auth/v1${subpath}`);
  };
}
