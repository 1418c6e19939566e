import type { ServerContext } from "../context.ts";
import { empty } from "../http.ts";
import { authenticate } from "./authenticate.ts";
import { API_VERSION_HEADERS, authError } from "./responses.ts";

/** POST /logout?scope=global|local|others: deletes sessions, which ends their tokens. */
export async function logout(
  ctx: ServerContext,
  request: Request,
  scope: string,
) {
  if (!["global", "local", "others"].includes(scope)) {
    return authError(
      400,
      "validation_failed",
      `Unsupported logout scope "${scope}"`,
    );
  }
  const auth = await authenticate(ctx, request);
  if (auth.error) return auth.error;
  const sessionId =
    typeof auth.claims.session_id === "string" ? auth.claims.session_id : null;
  const userId = auth.loaded.user.id;
  await ctx.db.admin(async (tx) => {
    if (scope === "global" || !sessionId) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
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
