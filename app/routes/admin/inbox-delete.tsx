import { Text } from "@mantine/core";
import { useLocation } from "react-router";
import type { Route } from "./+types/inbox-delete";
import {
  inboxHref,
  parseInboxView,
  SubmissionParamsSchema,
} from "./inbox-schema.ts";
import { deleteSubmission, findSubmission } from "./inbox.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ConfirmDelete } from "#app/components/confirm-delete.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import {
  INBOX_COPY,
  INBOX_DELETE_COPY,
  INBOX_MESSAGES,
  INBOX_PATH,
} from "#app/content/inbox.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { backendFailed, notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// Deleting a submission (and an application's CV): the inbox's Delete button
// links here, with or without JavaScript, and only the POST deletes.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: INBOX_DELETE_COPY.pageTitle,
    description: INBOX_DELETE_COPY.confirmation,
    noIndex: true,
  });

/** The inbox view the team member came from (its filters and page). */
function backTo(request: Request) {
  return inboxHref(parseInboxView(new URL(request.url).searchParams));
}

/** `run` on the submission the address names, or `missing` when it names none. */
function onSubmission<T>(
  { params, context }: Route.LoaderArgs | Route.ActionArgs,
  run: (...args: Parameters<typeof findSubmission>) => Promise<T>,
  missing: T,
) {
  const parsed = SubmissionParamsSchema.safeParse(params);
  return parsed.success
    ? run(getSupabase(context), parsed.data.kind, parsed.data.id)
    : missing;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args.context, args.request, "inbox");
  const found = await onSubmission(args, findSubmission, null);
  if (found === "error") throw backendFailed();
  if (found === null) throw notFound();
  return { submission: found, back: backTo(args.request) };
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args.context, args.request, "inbox");
  await requireSmallForm(args.request);
  const back = backTo(args.request);
  const outcome = await onSubmission(args, deleteSubmission, "failed");
  if (outcome === "deleted") {
    return redirectWithToast(back, {
      ...INBOX_MESSAGES.deleted,
      type: "success",
    });
  }
  return redirectWithToast(back, {
    ...(outcome === "cv-left"
      ? INBOX_MESSAGES.cvNotDeleted
      : INBOX_MESSAGES.deleteFailed),
    type: "error",
  });
}

export default function DeleteSubmission({ loaderData }: Route.ComponentProps) {
  const { submission, back } = loaderData;
  return (
    <ConfirmDelete copy={INBOX_DELETE_COPY} cancelTo={back}>
      <Text fw={600}>
        {INBOX_COPY.kindLabel[submission.kind]}: {submission.name} (
        {submission.email})
      </Text>
      {submission.cvFileName ? (
        <Text>{INBOX_DELETE_COPY.cvNote(submission.cvFileName)}</Text>
      ) : null}
    </ConfirmDelete>
  );
}

/**
 * A load failure with a link back to the inbox view in the address (its
 * query as it came: the inbox reads it safely, and parsing it here would
 * ship the inbox's schema to the page).
 */
function InboxErrorPage({
  title,
  message,
}: {
  title: string;
  message: string;
}) {
  const back = `${INBOX_PATH}${useLocation().search}`;
  return (
    <ErrorPage
      title={title}
      message={message}
      actions={[{ to: back, label: INBOX_COPY.title }]}
    />
  );
}

export function ErrorBoundary() {
  return (
    <AccessBoundary
      statusHandlers={{
        404: () => (
          <InboxErrorPage
            title={INBOX_DELETE_COPY.notFoundTitle}
            message={INBOX_DELETE_COPY.notFoundMessage}
          />
        ),
        503: () => (
          <InboxErrorPage
            title={INBOX_MESSAGES.loadFailed.title}
            message={INBOX_MESSAGES.loadFailed.description}
          />
        ),
      }}
    />
  );
}
