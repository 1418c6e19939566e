import {
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox-delete";
import {
  inboxHref,
  parseInboxView,
  SubmissionParamsSchema,
} from "./inbox-schema.ts";
import { deleteSubmission, findSubmission } from "./inbox.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import {
  INBOX_COPY,
  INBOX_DELETE_COPY,
  INBOX_MESSAGES,
} from "#app/content/inbox.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
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

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
});

/** The inbox view the team member came from (its filters and page). */
function backTo(request: Request) {
  return inboxHref(parseInboxView(new URL(request.url).searchParams));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const back = backTo(request);
  const parsed = SubmissionParamsSchema.safeParse(params);
  const found = parsed.success
    ? await findSubmission(
        getSupabase(context),
        parsed.data.kind,
        parsed.data.id,
      )
    : null;
  if (found === "error") {
    return data({ state: "error" as const, back }, { status: 503 });
  }
  if (found === null) {
    return data({ state: "not-found" as const, back }, { status: 404 });
  }
  return { state: "ok" as const, submission: found, back };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireRole(context, request, "admin");
  await requireSmallForm(request);
  const back = backTo(request);
  const parsed = SubmissionParamsSchema.safeParse(params);
  const outcome = parsed.success
    ? await deleteSubmission(
        getSupabase(context),
        parsed.data.kind,
        parsed.data.id,
      )
    : "failed";
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
  const navigation = useNavigation();
  if (loaderData.state === "error") {
    return (
      <ErrorPage
        title={INBOX_MESSAGES.loadFailed.title}
        message={INBOX_MESSAGES.loadFailed.description}
        actions={[{ to: loaderData.back, label: INBOX_COPY.title }]}
      />
    );
  }
  if (loaderData.state === "not-found") {
    return (
      <ErrorPage
        title={INBOX_DELETE_COPY.notFoundTitle}
        message={INBOX_DELETE_COPY.notFoundMessage}
        actions={[{ to: loaderData.back, label: INBOX_COPY.title }]}
      />
    );
  }
  const { submission, back } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container size={560} py={140}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {INBOX_DELETE_COPY.pageTitle}
          </Title>
          <Text size="lg">{INBOX_DELETE_COPY.confirmation}</Text>
          <Text fw={600}>
            {INBOX_COPY.kindLabel[submission.kind]}: {submission.name} (
            {submission.email})
          </Text>
          {submission.cvFileName ? (
            <Text>{INBOX_DELETE_COPY.cvNote(submission.cvFileName)}</Text>
          ) : null}
          <Form method="post">
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={back} variant="default">
                {INBOX_DELETE_COPY.cancel}
              </Button>
              <Button type="submit" color="red" disabled={busy}>
                {INBOX_DELETE_COPY.confirm}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Paper>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
