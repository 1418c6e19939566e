import { z } from "zod";
import { isTeamRole, type TeamRole } from "#app/lib/roles.ts";
import type { AuthUser } from "#app/utils/session.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// Accepting an invitation with the visitor's own client: Supabase Auth's
// verify turns the e-mail's token hash into a session (its cookies reach the
// response as a sign-in's do), the person's password is set on it, and
// accept_invitation() gives the invited role to that account alone.

export type InvitationStatus = {
  state: "pending" | "accepted" | "expired" | "revoked";
  email: string;
  role: TeamRole;
  expiresAt: string;
};

const StatusSchema = z.object({
  state: z.enum(["pending", "accepted", "expired", "revoked"]),
  email: z.string(),
  role: z.string(),
  expires_at: z.string(),
});

/** The invitation's state, null when there is none, "error" when it could not be read. */
export async function invitationStatus(
  supabase: TypedSupabaseClient,
  id: string,
): Promise<InvitationStatus | null | "error"> {
  const { data, error } = await supabase.rpc("invitation_status", {
    p_id: id,
  });
  if (error) return "error";
  const rows = z.array(StatusSchema).safeParse(data);
  if (!rows.success) return "error";
  const row = rows.data[0];
  if (!row || !isTeamRole(row.role)) return null;
  return {
    state: row.state,
    email: row.email,
    role: row.role,
    expiresAt: row.expires_at,
  };
}

export type Acceptance =
  | { ok: true; role: TeamRole; user: AuthUser }
  | {
      ok: false;
      reason:
        | "link-used"
        | "weak-password"
        | "expired"
        | "revoked"
        | "accepted"
        | "failed";
    };

export async function acceptInvitation(
  supabase: TypedSupabaseClient,
  {
    id,
    email,
    tokenHash,
    password,
    current,
  }: {
    id: string;
    email: string;
    tokenHash: string;
    password: string;
    /** Already signed in as the invited address: a retry after the link was used. */
    current: AuthUser | null;
  },
): Promise<Acceptance> {
  let user = current?.email?.toLowerCase() === email ? current : null;
  if (!user) {
    const verified = await supabase.auth.verifyOtp({
      token_hash: tokenHash,
      type: "invite",
    });
    if (verified.error || !verified.data.user) {
      return {
        ok: false,
        reason: verified.error?.code === "otp_expired" ? "link-used" : "failed",
      };
    }
    user = {
      id: verified.data.user.id,
      email: verified.data.user.email ?? null,
    };
  }
  const updated = await supabase.auth.updateUser({ password });
  if (updated.error && updated.error.code !== "same_password") {
    return {
      ok: false,
      reason:
        updated.error.code === "weak_password" ? "weak-password" : "failed",
    };
  }
  const accepted = await supabase.rpc("accept_invitation", { p_id: id });
  if (accepted.error) {
    const hint = accepted.error.hint;
    return {
      ok: false,
      reason:
        hint === "expired" || hint === "revoked" || hint === "accepted"
          ? hint
          : "failed",
    };
  }
  const role = accepted.data;
  if (!isTeamRole(role)) return { ok: false, reason: "failed" };
  return { ok: true, role, user };
}
