import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Container } from "@mantine/core";
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { SignInForm } from "#app/components/sign-in-form.tsx";
import { DEFAULT_DENIED_MESSAGE } from "#app/lib/access.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import {
  INVALID_CREDENTIALS_MESSAGE,
  SIGN_IN_RATE_LIMIT_MESSAGE,
  SignInSchema,
} from "#app/components/sign-in-schema.ts";
import { forbidden, getAuth } from "#app/utils/permissions.server.ts";
import { setSignedInUser } from "#app/utils/session.server.ts";
import { recordFailedSignIn } from "./sign-in.server.ts";
import { signInThrottle } from "#app/utils/sign-in-throttle.server.ts";
import { type Roles } from "#app/lib/access.ts";
import { toolsHome } from "#app/content/tools.ts";
import { getClientIp } from "#app/utils/client-ip.server.ts";
import { getSupabase, spendRequestBudget } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  requireSmallForm,
  spamRefusal,
} from "#app/utils/public-form.server.ts";

const SIGN_IN_UNAVAILABLE_MESSAGE =
  "Sign-in is unavailable right now. Please try again in a moment.";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Team Login",
    description: "Sign in to write blueprints and manage authors.",
    noIndex: true,
  });

/** Where a signed-in user goes: the requested same-site path, else the home of their role. */
function destination(redirectTo: string, { role }: Roles) {
  if (redirectTo) return redirectTo;
  const home = toolsHome(role);
  if (home) return home;
  // A regular user has no team area to go to: show why, with a way out.
  throw forbidden(DEFAULT_DENIED_MESSAGE);
}

// A throttled sign-in says when to try again on the document response too.
export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(
    new URL(request.url).searchParams.get("redirect"),
    "",
  );
  const auth = await getAuth(context);
  if (auth.user) throw redirect(destination(redirectTo, auth));
  return { redirectTo: redirectTo || null, authError: auth.authError ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await requireSmallForm(request);
  const submission = parseWithZod(formData, { schema: SignInSchema });
  const spam = spamRefusal(formData);
  if (spam) {
    return data(
      submission.reply({
        formErrors: [spam.message],
        hideFields: ["password"],
      }),
      { status: spam.status },
    );
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), {
      status: 400,
    });
  }
  const { email, password, redirectTo: posted } = submission.value;
  const ip = getClientIp(request);
  const throttle = await signInThrottle.before(
    ip,
    email,
    spendRequestBudget(context),
  );
  if (throttle) {
    return data(
      submission.reply({
        formErrors: [SIGN_IN_RATE_LIMIT_MESSAGE],
        hideFields: ["password"],
      }),
      { status: 429, headers: { "Retry-After": String(throttle.retryAfter) } },
    );
  }

  const supabase = getSupabase(context);
  const { data: session, error } = await supabase.auth.signInWithPassword({
    email,
    password,
  });
  if (error || !session.user) {
    const retryable = error !== null && isAuthRetryableFetchError(error);
    if (!retryable) {
      await Promise.all([
        signInThrottle.failed(ip, email),
        recordFailedSignIn(email),
      ]);
    }
    const message = retryable
      ? SIGN_IN_UNAVAILABLE_MESSAGE
      : error?.message || INVALID_CREDENTIALS_MESSAGE;
    return data(
      submission.reply({ formErrors: [message], hideFields: ["password"] }),
      {
        status: retryable ? 503 : 401,
      },
    );
  }
  await signInThrottle.succeeded(email);
  setSignedInUser(context, {
    id: session.user.id,
    email: session.user.email ?? null,
  });
  const auth = await getAuth(context);
  const requested = posted ?? new URL(request.url).searchParams.get("redirect");
  const to = destination(safeRedirect(requested, ""), auth);
  return redirectWithToast(to, { title: "Welcome back!", type: "success" });
}

export default function AuthRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      {loaderData.authError ? (
        <Container size={440} pt={120} mb={-100}>
          <Alert color="red" title="Error" role="alert">
            {loaderData.authError}
          </Alert>
        </Container>
      ) : null}
      <SignInForm redirectTo={loaderData.redirectTo} lastResult={actionData} />
    </>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
