import { isAuthApiError } from "@supabase/supabase-js";
import type { Route } from "./+types/sign-out";
import {
  clearAuthCookieHeaders,
  setSignedOut,
  signOutDestination,
} from "#app/utils/session.server.ts";
import { isSameOriginPost } from "#app/utils/request-origin.server.ts";
import { readSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

const FAILED_MESSAGE = "Failed to sign out";

export function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  // React Router checks the origin of action posts on UI routes only; this
  // is a resource route, so it checks for itself.
  if (!isSameOriginPost(request)) {
    return new Response("Cross-origin sign-out refused", { status: 403 });
  }
  const { formData, refusal } = await readSmallForm(request);
  if (refusal) return new Response(refusal.message, { status: refusal.status });
  const to = signOutDestination(formData.get("redirectTo"));
  setSignedOut(context);
  const headers = new Headers();
  let failure: string | null = null;
  try {
    // Supabase drops this browser's session cookies before it calls the
    // server, so the visitor is signed out whatever the server answers. The
    // call ends the session there too, so a copied cookie cannot be replayed;
    // a session that is already gone (401/403/404) is not a failure.
    const { error } = await getSupabase(context).auth.signOut({
      scope: "local",
    });
    const alreadyGone =
      error !== null &&
      isAuthApiError(error) &&
      [401, 403, 404].includes(error.status);
    if (error && !alreadyGone) failure = error.message || FAILED_MESSAGE;
  } catch (error) {
    failure =
      error instanceof Error && error.message ? error.message : FAILED_MESSAGE;
    for (const cookie of clearAuthCookieHeaders(request))
      headers.append("Set-Cookie", cookie);
  }
  if (failure) {
    return redirectWithToast(
      to,
      { title: "Error signing out", description: failure, type: "error" },
      { headers },
    );
  }
  return redirectWithToast(
    to,
    { title: "Signed out successfully", type: "success" },
    { headers },
  );
}
