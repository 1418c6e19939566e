import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { notSupported, type ServerContext } from "../context.ts";
import type { Transaction } from "../database.ts";
import { emailTokenHash, referrer } from "./mailer.ts";
import { authError } from "./responses.ts";
import { startSession, tokenResponse } from "./session-tokens.ts";
import { BCRYPT_COST, loadUser } from "./users.ts";

// GoTrue's /verify for the e-mail link types the local server sends
// (invite; signup shares its path): POST with a token_hash (or the code and
// the address) answers a session, GET with the link's token redirects to the
// allowed redirect with the session (or the error) in the fragment.

const LINK_TYPES = new Set(["invite", "signup"]);
const OTHER_TYPES = new Set([
  "recovery",
  "magiclink",
  "email_change",
  "email",
  "sms",
  "phone_change",
]);

class VerifyError extends Error {
  status: number;
  code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const invalidLink = () =>
  new VerifyError(403, "otp_expired", "Email link is invalid or has expired");

type Found = { id: string; banned: boolean; expired: boolean };

async function findByTokenHash(
  ctx: ServerContext,
  tx: Transaction,
  tokenHash: string,
): Promise<Found | null> {
  const row = (
    await tx.query<{
      id: string;
      banned: boolean;
      expired: boolean;
    }>(
      `select id,
         coalesce(banned_until > now(), false) as banned,
         confirmation_sent_at is null or confirmation_sent_at + make_interval(secs => $2) < now() as expired
       from auth.users
       where confirmation_token = $1 and confirmation_token <> '' and deleted_at is null
       limit 1`,
      [tokenHash, ctx.otpExpirySeconds],
    )
  ).rows[0];
  return row ?? null;
}

/** verifyTokenHash + signupVerify: the user confirmed, in one transaction. */
async function confirm(ctx: ServerContext, tokenHash: string, otp: boolean) {
  const userId = await ctx.db.admin(async (tx) => {
    const found = await findByTokenHash(ctx, tx, tokenHash);
    if (!found) {
      throw otp
        ? new VerifyError(403, "otp_expired", "Token has expired or is invalid")
        : invalidLink();
    }
    if (found.banned)
      throw new VerifyError(403, "user_banned", "User is banned");
    if (found.expired) {
      throw otp
        ? new VerifyError(403, "otp_expired", "Token has expired or is invalid")
        : invalidLink();
    }
    const loaded = await loadUser(tx, "id", found.id);
    // An invited user gets a random password until the app lets them choose one.
    const password =
      !loaded?.user.encrypted_password && loaded?.user.invited_at
        ? await bcrypt.hash(randomBytes(48).toString("base64url"), BCRYPT_COST)
        : null;
    await tx.query(
      `update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
         encrypted_password = coalesce($2, encrypted_password),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
         updated_at = now()
       where id = $1`,
      [found.id, password],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
       where user_id = $1 and provider = 'email'`,
      [found.id],
    );
    return found.id;
  });
  return startSession(ctx, userId);
}

function checkType(type: string) {
  if (!type)
    throw new VerifyError(
      400,
      "validation_failed",
      "Verify requires a verification type",
    );
  if (LINK_TYPES.has(type)) return;
  if (OTHER_TYPES.has(type)) throw new Unsupported(type);
  throw new VerifyError(
    400,
    "validation_failed",
    "Invalid email verification type",
  );
}

class Unsupported extends Error {}

function answerError(error: unknown) {
  if (error instanceof VerifyError)
    return authError(error.status, error.code, error.message);
  if (error instanceof Unsupported)
    return notSupported(`Verifying type ${error.message}`);
  throw error;
}

/** POST /verify {type, token_hash} or {type, token, email}. */
export async function verifyPost(
  ctx: ServerContext,
  body: Record<string, unknown>,
) {
  const text = (field: string) =>
    typeof body[field] === "string" ? (body[field] as string) : "";
  const type = text("type");
  const token = text("token");
  const tokenHash = text("token_hash");
  try {
    checkType(type);
    if ((token === "") === (tokenHash === "")) {
      throw new VerifyError(
        400,
        "validation_failed",
        "Verify requires either a token or a token hash",
      );
    }
    if (tokenHash) {
      if (text("email") || text("phone") || text("redirect_to"))
        throw new VerifyError(
          400,
          "validation_failed",
          "Only the token_hash and type should be provided",
        );
      return tokenResponse(ctx, await confirm(ctx, tokenHash, false));
    }
    const email = text("email").trim().toLowerCase();
    if (!email) {
      if (text("phone")) throw new Unsupported("sms");
      throw new VerifyError(
        400,
        "validation_failed",
        "Only an email address or phone number should be provided on verify",
      );
    }
    return tokenResponse(
      ctx,
      await confirm(ctx, emailTokenHash(email, token), true),
    );
  } catch (error) {
    return answerError(error);
  }
}

function redirectTo(location: string) {
  return new Response(null, { status: 303, headers: { location } });
}

/** GET /verify?token=…&type=…&redirect_to=…: the link of the default templates. */
export async function verifyGet(ctx: ServerContext, request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const type = url.searchParams.get("type") ?? "";
  const target = referrer(ctx, request);
  try {
    checkType(type);
    if (!token)
      throw new VerifyError(
        400,
        "validation_failed",
        "Verify requires a token or a token hash",
      );
  } catch (error) {
    return answerError(error);
  }
  // A pkce_ token comes from a flow a browser started with a code challenge;
  // an invite has none.
  if (token.startsWith("pkce_"))
    return notSupported("The PKCE flow of GET /verify");
  const fragment = new URLSearchParams();
  try {
    const session = await confirm(ctx, token, false);
    const answer = (await (await tokenResponse(ctx, session)).json()) as Record<
      string,
      unknown
    >;
    for (const key of [
      "access_token",
      "expires_at",
      "expires_in",
      "refresh_token",
      "token_type",
    ])
      fragment.set(key, String(answer[key]));
    fragment.set("type", type);
  } catch (error) {
    if (!(error instanceof VerifyError)) throw error;
    const location = new URL(target);
    fragment.set(
      "error",
      error.status === 403 ? "access_denied" : "server_error",
    );
    fragment.set("error_code", error.code);
    fragment.set("error_description", error.message);
    fragment.set("sb", "");
    location.hash = fragment.toString();
    return redirectTo(location.toString());
  }
  const location = new URL(target);
  location.hash = fragment.toString();
  return redirectTo(location.toString());
}
