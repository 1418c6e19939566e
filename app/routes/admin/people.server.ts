import { z } from "zod";
import { isTeamRole, type TeamRole } from "#app/lib/roles.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// The team and its roles, read and changed with the admin's own token:
// row-level security lets only an admin do either, and the database keeps
// the last admin (private.keep_an_admin) and revokes the preview links of
// whoever loses the right to edit a post.

export type TeamMemberRow = {
  id: string;
  name: string;
  role: TeamRole;
};

const MemberSchema = z.object({
  id: z.string(),
  role: z.string(),
  created_at: z.string(),
});

const NameSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
});

/**
 * How the team's tools name a person: by their account's address, which only
 * Supabase Auth sets (the database holds a platform_users row to it), with
 * the name they chose beside it; as private.person_label() names them in
 * the audit log (docs/decisions/250).
 */
export function personLabel(username: string | null, email: string | null) {
  const name = username?.trim() || null;
  if (email) return name ? `${email} (${name})` : email;
  return name;
}

/** The team, oldest first (a handful of people: one read, no paging). */
export async function listTeam(
  supabase: TypedSupabaseClient,
): Promise<TeamMemberRow[] | null> {
  const team = await supabase
    .from("team_members")
    .select("id, role, created_at")
    .order("created_at")
    .order("id");
  const rows = z.array(MemberSchema).safeParse(team.data);
  if (team.error || !rows.success) return null;
  const ids = rows.data.map((row) => row.id);
  const names =
    ids.length === 0
      ? { data: [], error: null }
      : await supabase
          .from("platform_users")
          .select("id, username, email")
          .in("id", ids);
  const named = z.array(NameSchema).safeParse(names.data);
  if (names.error || !named.success) return null;
  const nameOf = new Map(
    named.data.map((row) => [row.id, personLabel(row.username, row.email)]),
  );
  return rows.data.flatMap((row) =>
    isTeamRole(row.role)
      ? [{ id: row.id, name: nameOf.get(row.id) || row.id, role: row.role }]
      : [],
  );
}

export type TeamChange =
  "done" | "last-admin" | "no-account" | "already-on-team" | "failed";

/** The database's refusal to leave the team without an admin. */
function outcomeOf(error: { code?: string; hint?: string } | null) {
  if (!error) return null;
  if (error.code === "P0001" && error.hint === "last_admin")
    return "last-admin" as const;
  return "failed" as const;
}

/** An e-mail address as an exact, case-insensitive ilike pattern. */
function exactly(email: string) {
  return email.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function addToTeam(
  supabase: TypedSupabaseClient,
  email: string,
  role: TeamRole,
): Promise<TeamChange> {
  const found = await supabase
    .from("platform_users")
    .select("id")
    .ilike("email", exactly(email))
    .limit(1)
    .maybeSingle();
  if (found.error) return "failed";
  if (!found.data) return "no-account";
  const { error } = await supabase
    .from("team_members")
    .insert({ id: found.data.id, role });
  if (error?.code === "23505") return "already-on-team";
  return outcomeOf(error) ?? "done";
}

export async function changeRole(
  supabase: TypedSupabaseClient,
  userId: string,
  role: TeamRole,
): Promise<TeamChange> {
  const { data, error } = await supabase
    .from("team_members")
    .update({ role })
    .eq("id", userId)
    .select("id");
  const refused = outcomeOf(error);
  if (refused) return refused;
  return data && data.length > 0 ? "done" : "failed";
}

export async function removeFromTeam(
  supabase: TypedSupabaseClient,
  userId: string,
): Promise<TeamChange> {
  const { data, error } = await supabase
    .from("team_members")
    .delete()
    .eq("id", userId)
    .select("id");
  const refused = outcomeOf(error);
  if (refused) return refused;
  return data && data.length > 0 ? "done" : "failed";
}

// Invitations: the row is stored first (the database refuses a second
// pending one for the address, or a team member's), then Supabase Auth makes
// the account and mails the link with the server's key; a send that fails
// takes its unsent row back out.

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export type InvitationRow = {
  id: string;
  email: string;
  role: TeamRole;
  state: InvitationState;
  sentAt: string | null;
  expiresAt: string;
};

const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  sent_at: z.string().nullable(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

/** As private.invitation_state() says it, from the same times. */
export function invitationState(
  row: {
    accepted_at: string | null;
    revoked_at: string | null;
    expires_at: string;
  },
  now = Date.now(),
): InvitationState {
  if (row.accepted_at) return "accepted";
  if (row.revoked_at) return "revoked";
  return Date.parse(row.expires_at) <= now ? "expired" : "pending";
}

/** The invitations worth showing: the 50 newest, sent ones only. */
export async function listInvitations(
  supabase: TypedSupabaseClient,
): Promise<InvitationRow[] | null> {
  const { data, error } = await supabase
    .from("invitations")
    .select("id, email, role, sent_at, expires_at, accepted_at, revoked_at")
    .not("sent_at", "is", null)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(50);
  const rows = z.array(InvitationSchema).safeParse(data);
  if (error || !rows.success) return null;
  return rows.data.flatMap((row) =>
    isTeamRole(row.role)
      ? [
          {
            id: row.id,
            email: row.email,
            role: row.role,
            state: invitationState(row),
            sentAt: row.sent_at,
            expiresAt: row.expires_at,
          },
        ]
      : [],
  );
}

export type InvitationChange =
  | "done"
  | "already-invited"
  | "already-on-team"
  | "has-account"
  | "not-pending"
  | "unavailable"
  | "failed";

/** The page the e-mail's link opens (app/routes/auth/invitation.tsx). */
export function invitationUrl(siteUrl: string, id: string) {
  return `${siteUrl}/invitation/${id}`;
}

async function send(
  service: TypedSupabaseClient,
  email: string,
  redirectTo: string,
) {
  const { data, error } = await service.auth.admin.inviteUserByEmail(email, {
    redirectTo,
  });
  if (error || !data.user) {
    return error?.code === "email_exists"
      ? ("has-account" as const)
      : ("failed" as const);
  }
  return { userId: data.user.id };
}

export async function invite(
  supabase: TypedSupabaseClient,
  service: TypedSupabaseClient | null,
  siteUrl: string,
  email: string,
  role: TeamRole,
): Promise<InvitationChange> {
  if (!service) return "unavailable";
  const inserted = await supabase
    .from("invitations")
    .insert({ email, role })
    .select("id")
    .single();
  if (inserted.error || !inserted.data) {
    const hint = inserted.error?.hint;
    if (hint === "already_invited") return "already-invited";
    if (hint === "already_on_team") return "already-on-team";
    return "failed";
  }
  const id = inserted.data.id;
  const sent = await send(service, email, invitationUrl(siteUrl, id));
  if (typeof sent === "string") {
    await supabase.from("invitations").delete().eq("id", id);
    return sent;
  }
  const { error } = await supabase
    .from("invitations")
    .update({ user_id: sent.userId, sent_at: new Date().toISOString() })
    .eq("id", id);
  return error ? "failed" : "done";
}

async function openInvitation(supabase: TypedSupabaseClient, id: string) {
  const { data, error } = await supabase
    .from("invitations")
    .select("id, email, role, sent_at, expires_at, accepted_at, revoked_at")
    .eq("id", id)
    .maybeSingle();
  const row = InvitationSchema.safeParse(data);
  if (error || !row.success) return null;
  return row.data;
}

/** A new link for a pending or expired invitation; the old link stops working. */
export async function resendInvitation(
  supabase: TypedSupabaseClient,
  service: TypedSupabaseClient | null,
  siteUrl: string,
  id: string,
): Promise<InvitationChange> {
  if (!service) return "unavailable";
  const row = await openInvitation(supabase, id);
  if (!row) return "failed";
  const state = invitationState(row);
  if (state !== "pending" && state !== "expired") return "not-pending";
  const sent = await send(service, row.email, invitationUrl(siteUrl, id));
  if (typeof sent === "string") return sent;
  const { error } = await supabase
    .from("invitations")
    .update({ user_id: sent.userId, sent_at: new Date().toISOString() })
    .eq("id", id);
  return error ? "failed" : "done";
}

/**
 * Revoking ends the Auth side too, as deleting the invited account on a
 * hosted project does: its token (in the mail's link and in Auth's own
 * verify link) and any session it already gave go with it. The account is
 * deleted first, so a failure changes nothing and the admin can try again;
 * one that joined the team another way is kept.
 */
export async function revokeInvitation(
  supabase: TypedSupabaseClient,
  service: TypedSupabaseClient | null,
  id: string,
): Promise<InvitationChange> {
  if (!service) return "unavailable";
  const { data: row, error: readError } = await supabase
    .from("invitations")
    .select("user_id, accepted_at, revoked_at")
    .eq("id", id)
    .maybeSingle();
  if (readError || !row) return "failed";
  if (row.accepted_at || row.revoked_at) return "not-pending";
  if (row.user_id) {
    const member = await supabase
      .from("team_members")
      .select("id")
      .eq("id", row.user_id)
      .maybeSingle();
    if (member.error) return "failed";
    if (!member.data) {
      const { error } = await service.auth.admin.deleteUser(row.user_id);
      if (error && error.code !== "user_not_found") return "failed";
    }
  }
  const { data, error } = await supabase
    .from("invitations")
    .update({ revoked_at: new Date().toISOString() })
    .eq("id", id)
    .is("revoked_at", null)
    .is("accepted_at", null)
    .select("id");
  if (error) return "failed";
  return data && data.length > 0 ? "done" : "not-pending";
}
