import type { Transaction } from "../database.ts";

export const BCRYPT_COST = 10;

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
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

/** A user with the identities GoTrue returns alongside it. */
export type LoadedUser = { user: UserRow; identities: IdentityRow[] };

export async function loadUser(
  tx: Transaction,
  where: "id" | "email",
  value: string,
): Promise<LoadedUser | null> {
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

function iso(value: Date | null | undefined) {
  return value ? value.toISOString() : undefined;
}

/** GoTrue's user object, as /user, the token grants and the admin API return it. */
export function userJson({ user, identities }: LoadedUser) {
  const appMetadata = user.raw_app_meta_data ?? {};
  return {
    id: user.id,
    aud: user.aud || "authenticated",
    role: user.role || "authenticated",
    email: user.email ?? "",
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
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
