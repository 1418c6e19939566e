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
    named.data.map((row) => [row.id, row.username || row.email]),
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
