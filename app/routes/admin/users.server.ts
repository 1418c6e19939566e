import { z } from "zod";
import {
  fromCursor,
  keysetPage,
  parseKeysetPosition,
  type KeysetLink,
  type KeysetOrder,
} from "#app/utils/keyset.server.ts";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";

// The admin page's list of platform users, newest first, a keyset page at a
// time, so a site with 100,000 users answers as fast as one with ten: the
// newest sign-ups, the ones who ask to write, come first. Read with the
// admin's own client: row-level security decides.

export const USERS_PER_PAGE = 50;

const NEWEST_FIRST: KeysetOrder = {
  column: "created_at",
  tieBreaker: "id",
  ascending: false,
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_CURSOR = [
  (value: string) => TIMESTAMP.test(value),
  (value: string) => UUID.test(value),
];

const UserRowSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_author: z.boolean(),
  created_at: z.string(),
});

export type PlatformUserRow = {
  id: string;
  name: string;
  avatarUrl: string | null;
  isAuthor: boolean;
};

export type UserListPage =
  | {
      ok: true;
      page: number;
      users: PlatformUserRow[];
      prev: KeysetLink | null;
      next: KeysetLink | null;
    }
  | { ok: false; error: "users" | "team" };

/**
 * One page of platform users who are not team members (the product leaves
 * them out), newest first; rows with neither username nor e-mail are not
 * shown.
 */
export async function listPlatformUsers(
  supabase: TypedSupabaseClient,
  params: URLSearchParams,
): Promise<UserListPage> {
  const position = parseKeysetPosition(params, USER_CURSOR);
  // The team is a handful of people: their ids are left out by the query.
  const team = await supabase.from("team_members").select("id");
  if (team.error) return { ok: false, error: "team" };
  const cursor = position.after ?? position.before;
  const forward = !position.before;
  let query = supabase
    .from("platform_users")
    .select("id, username, email, avatar_url, is_author, created_at")
    .or("username.not.is.null,email.not.is.null");
  if (team.data.length > 0) {
    query = query.not(
      "id",
      "in",
      `(${team.data.map((member) => member.id).join(",")})`,
    );
  }
  if (cursor) query = fromCursor(query, NEWEST_FIRST, cursor, forward);
  const { data, error } = await query
    .order("created_at", { ascending: !forward })
    .order("id", { ascending: !forward })
    .limit(USERS_PER_PAGE + 1);
  if (error) return { ok: false, error: "users" };
  const rows = z.array(UserRowSchema).safeParse(data);
  if (!rows.success) return { ok: false, error: "users" };
  const {
    rows: users,
    prev,
    next,
  } = keysetPage(rows.data, position, USERS_PER_PAGE, (user) => [
    user.created_at,
    user.id,
  ]);
  return {
    ok: true,
    page: position.page,
    users: users.flatMap((user) => {
      const name = user.username || user.email;
      return name
        ? [
            {
              id: user.id,
              name,
              avatarUrl: user.avatar_url,
              isAuthor: user.is_author,
            },
          ]
        : [];
    }),
    prev,
    next,
  };
}
