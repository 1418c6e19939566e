import { parseWithZod } from "@conform-to/zod/v4";
import {
  Anchor,
  Badge,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/application";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  SubmitButton,
  TextareaField,
  TextField,
  usePendingPost,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { choices } from "#app/components/team/choices.ts";
import { PostForm } from "#app/components/team/post-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { INBOX_COPY } from "#app/content/inbox.ts";
import {
  APPLICATIONS_PATH,
  PIPELINE_COPY,
  PIPELINE_STATUSES,
} from "#app/content/pipeline.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { formatInboxTime } from "./inbox-time.ts";
import {
  NoteSchema,
  PipelineActionSchema,
  ReplySchema,
} from "./pipeline-schema.ts";
import {
  addNote,
  moveApplication,
  readApplication,
  storeReply,
} from "./pipeline.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

const P = PIPELINE_COPY;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData
      ? P.applicationTitle(
          args.loaderData.application.name,
          args.loaderData.application.job_title,
        )
      : P.applications,
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "jobs");
  if (!UUID.test(params.id)) throw notFound();
  const application = await readApplication(getSupabase(context), params.id);
  if (!application) throw notFound();
  return { application };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAccess(context, request, "jobs");
  if (!UUID.test(params.id)) throw notFound();
  const here = `${APPLICATIONS_PATH}/${params.id}`;
  const formData = await requireSmallForm(request);
  // Each form shows only its own answer: the note and the reply both have a body.
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: PipelineActionSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  const supabase = getSupabase(context);
  const { value } = submission;
  const ok =
    value.intent === "move"
      ? await moveApplication(supabase, params.id, value.status)
      : value.intent === "note"
        ? await addNote(supabase, params.id, value.body)
        : await storeReply(supabase, params.id, value);
  if (!ok) {
    return data(
      { intent, result: submission.reply({ formErrors: [P.saveFailed] }) },
      { status: 500 },
    );
  }
  const done = { move: P.moved, note: P.noteAdded, reply: P.replyQueued };
  return redirectWithToast(here, {
    title: "Success",
    description: done[value.intent],
    type: "success",
  });
}

function NoteForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm({
    id: "note",
    schema: NoteSchema,
    lastResult: actionData?.intent === "note" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <PostForm form={form} intent="note" submit={P.addNote}>
      <TextareaField meta={fields.body} label={P.note} minRows={3} />
    </PostForm>
  );
}

function ReplyForm({ jobTitle }: { jobTitle: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm({
    id: "reply",
    schema: ReplySchema,
    lastResult: actionData?.intent === "reply" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: { subject: P.replySubjectFor(jobTitle) },
  });
  return (
    <PostForm form={form} intent="reply" submit={P.sendReply}>
      <TextField meta={fields.subject} label={P.replySubject} />
      <TextareaField meta={fields.body} label={P.replyBody} minRows={5} />
    </PostForm>
  );
}

const stamp = (time: string) => `${time.slice(0, 16).replace("T", " ")} UTC`;

/** A heading, then its entries as bordered cards, or `none` when there are none. */
function Entries<Item extends { id: string | number }>({
  title,
  none,
  items,
  testId,
  children,
}: {
  title: string;
  none: string;
  items: Item[];
  testId: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      <Title order={2}>{title}</Title>
      {items.length === 0 ? (
        <Text>{none}</Text>
      ) : (
        <Stack gap="xs">
          {items.map((item) => (
            <Paper key={item.id} withBorder p="sm" data-testid={testId}>
              {children(item)}
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}

export default function Application({ loaderData }: Route.ComponentProps) {
  const { application } = loaderData;
  const moving = usePendingPost({
    matches: (formData) => formData.get("intent") === "move",
  });
  return (
    <ToolPage
      title={P.applicationTitle(application.name, application.job_title)}
      size="md"
      back={{
        to: `${JOBS_ADMIN_PATH}/${application.job_id}/applications`,
        label: P.backToList,
      }}
    >
      <Group>
        <Badge size="lg" variant="light" data-testid="application-status">
          {P.statuses[application.status] ?? application.status}
        </Badge>
        <Anchor href={`mailto:${application.email}`}>
          {application.email}
        </Anchor>
        {application.deletesAt ? (
          <Text size="sm" c="dimmed" data-testid="deletes-at">
            {INBOX_COPY.deletedOn(formatInboxTime(application.deletesAt))}
          </Text>
        ) : null}
      </Group>
      <Text>{application.comment ?? P.noComment}</Text>
      <Text>
        {P.cv}:{" "}
        <Anchor href={`/admin/inbox/${application.id}/cv`}>
          {application.cv_file_name}
        </Anchor>
      </Text>
      <Form method="post">
        <Group align="end">
          <NativeSelect
            name="status"
            label={P.moveTo}
            defaultValue={application.status}
            data={choices(PIPELINE_STATUSES, P.statuses)}
          />
          <SubmitButton busy={moving} name="intent" value="move">
            {P.move}
          </SubmitButton>
        </Group>
      </Form>
      <Entries
        title={P.notes}
        none={P.noNotes}
        items={application.notes}
        testId="note"
      >
        {(note) => (
          <>
            <Text style={{ whiteSpace: "pre-wrap" }}>{note.body}</Text>
            <Text size="sm" c="dimmed">
              {stamp(note.created_at)}
            </Text>
          </>
        )}
      </Entries>
      <NoteForm />
      <Entries
        title={P.replies}
        none={P.noReplies}
        items={application.emails}
        testId="reply"
      >
        {(email) => (
          <>
            <Group justify="space-between">
              <Text fw={600}>{email.subject}</Text>
              <Badge variant="light" data-testid="reply-state">
                {P.emailStates[email.notification_state] ??
                  email.notification_state}
              </Badge>
            </Group>
            <Text style={{ whiteSpace: "pre-wrap" }}>{email.body}</Text>
            <Text size="sm" c="dimmed">
              {P.purposes[email.purpose] ?? email.purpose},{" "}
              {P.sentBy(email.sender ?? P.system)}, {stamp(email.created_at)}
            </Text>
          </>
        )}
      </Entries>
      <ReplyForm jobTitle={application.job_title} />
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
