import type { RouterContextProvider } from "react-router";
import type { Roles } from "#app/lib/access.ts";
import { may } from "#app/lib/roles.ts";
import { getRoles } from "#app/utils/permissions.server.ts";
import { getUser } from "#app/utils/session.server.ts";

// What the blog's pages offer a signed-in visitor, by the roles they hold now
// (row-level security decides the same on every write): a post's author edits
// and deletes it while they may write; an editor or admin edits any post.

async function currentRoles(
  context: Readonly<RouterContextProvider>,
): Promise<Roles> {
  try {
    return await getRoles(context);
  } catch {
    // Roles could not be read: the visitor still gets the page, without the buttons.
    return { role: null };
  }
}

/** Whether the visitor may edit a post by `authorId`. */
export async function mayEditPost(
  context: Readonly<RouterContextProvider>,
  authorId: string,
) {
  const user = getUser(context);
  if (!user) return false;
  const { role } = await currentRoles(context);
  return may(role, "all-posts") || (user.id === authorId && may(role, "posts"));
}

/** The visitor's id when they may delete the posts they wrote, else null. */
export async function postDeleterId(context: Readonly<RouterContextProvider>) {
  const user = getUser(context);
  if (!user) return null;
  return may((await currentRoles(context)).role, "posts") ? user.id : null;
}
