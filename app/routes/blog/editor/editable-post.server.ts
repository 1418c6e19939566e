import type { RouterContextProvider } from "react-router";
import { requirePost } from "#app/routes/blog/blog.server.ts";
import { may } from "#app/lib/roles.ts";
import { forbidden, requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { EDIT_FORBIDDEN_MESSAGE } from "./editor.server.ts";

/**
 * The post of an editor's page (its form, preview links, revisions and
 * newsletter send): the author's own while an author, or any for an
 * editor or admin; the sign-in form, the denied view or a 404 otherwise. Row-level
 * security refuses the writes anyway; this keeps the pages away.
 */
export async function requireEditablePost(
  {
    context,
    request,
    params,
  }: {
    context: Readonly<RouterContextProvider>;
    request: Request;
    params: { id: string };
  },
  what: string,
) {
  const { user, role } = await requireAccess(context, request, "posts");
  const post = await requirePost(getSupabase(context), params.id, what);
  if (post.author_id !== user.id && !may(role, "all-posts"))
    throw forbidden(EDIT_FORBIDDEN_MESSAGE);
  return { post, user, role };
}
