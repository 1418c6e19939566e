import type { RouterContextProvider } from "react-router";
import { getRoles } from "#app/utils/permissions.server.ts";
import { getUser } from "#app/utils/session.server.ts";

// What the blog's pages offer a signed-in visitor, by the roles they hold now
// (row-level security decides the same on every write): a post's author edits
// and deletes it while an author; a team member edits any post.

async function currentRoles(context: Readonly<RouterContextProvider>) {
  try {
    return await getRoles(context);
  } catch {
    // Roles could not be read: the visitor still gets the page, without the buttons.
    return { isTeamMember: false, isAuthor: false };
  }
}

/** Whether the visitor may edit a post by `authorId`. */
export async function mayEditPost(
  context: Readonly<RouterContextProvider>,
  authorId: string,
) {
  const user = getUser(context);
  if (!user) return false;
  const roles = await currentRoles(context);
  return roles.isTeamMember || (user.id === authorId && roles.isAuthor);
}

/** The visitor's id when they may delete the posts they wrote, else null. */
export async function postDeleterId(context: Readonly<RouterContextProvider>) {
  const user = getUser(context);
  if (!user) return null;
  return (await currentRoles(context)).isAuthor ? user.id : null;
}
