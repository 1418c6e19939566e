import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Anchor, Button, Code, Group, Stack, Text } from "@mantine/core";
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/page-edit";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  FormErrors,
  SubmitButton,
  TextField,
  usePendingPost,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { absoluteUrl, routeMeta } from "#app/lib/meta.ts";
import { ContentFields } from "./content-form.tsx";
import { PAGE_COPY, pagePath } from "./page-copy.ts";
import { pageData } from "./page-data.server.ts";
import { pageFormSchema } from "./page-form-schema.ts";
import { isPageKey, PAGE_TYPES, type PageKey } from "./page-types.ts";
import { PageView } from "./page-views.tsx";
import {
  createPagePreviewLink,
  listVersions,
  requirePageEditor,
  requirePageForm,
  savePageVersion,
  stateOf,
} from "./pages.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { env } from "#app/utils/env.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// One page's editor (decision 236): the newest version in the form its type
// defines, saved as a draft, published now or scheduled; Preview draws the
// form's words as the page without saving them; a preview link opens the
// newest saved version signed out. Every button is a plain post.

const C = PAGE_COPY;

function keyOf(param: string): PageKey {
  if (!isPageKey(param)) throw notFound();
  return param;
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.editTitle(args.loaderData?.name ?? C.pages),
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePageEditor(context, request);
  const key = keyOf(params.key);
  const [newest] = await listVersions(getSupabase(context), key);
  if (!newest) throw notFound();
  return {
    key,
    name: PAGE_TYPES[key].name,
    path: PAGE_TYPES[key].path,
    base: newest.id,
    state: stateOf(newest),
    content: newest.content,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requirePageEditor(context, request);
  const key = keyOf(params.key);
  const supabase = getSupabase(context);
  const formData = await requirePageForm(request);
  if (formData.get("intent") === "link") {
    const [newest] = await listVersions(supabase, key);
    const token = newest
      ? await createPagePreviewLink(supabase, newest.id)
      : null;
    if (token === null) {
      return data({ linkFailed: true } as const, { status: 500 });
    }
    return {
      link: absoluteUrl(env.SITE_URL, `/preview/pages/${token}`),
    } as const;
  }
  const submission = parseWithZod(formData, { schema: pageFormSchema(key) });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const { content, base, intent, publishAt } = submission.value;
  if (intent === "preview") {
    return {
      result: submission.reply(),
      preview: pageData(key, content as never),
    };
  }
  const saved = await savePageVersion(
    supabase,
    key,
    content,
    base,
    intent === "schedule"
      ? { kind: "schedule", at: `${publishAt}Z` }
      : { kind: intent },
  );
  if (!saved.ok && saved.reason === "conflict") {
    const [newest] = await listVersions(supabase, key);
    return data(
      {
        result: submission.reply({ formErrors: [C.conflict] }),
        conflict: { base: newest?.id ?? base },
      },
      { status: 409 },
    );
  }
  if (!saved.ok) {
    return data(
      { result: submission.reply({ formErrors: [C.failed] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(pagePath(key), {
    title: "Success",
    description: C.saved[intent],
    type: "success",
  });
}

export default function PageEdit({ loaderData }: Route.ComponentProps) {
  const { key, name, path, state } = loaderData;
  const reply = useActionData<typeof action>();
  const result = reply && "result" in reply ? reply.result : undefined;
  const base =
    reply && "conflict" in reply
      ? (reply.conflict as { base: number }).base
      : loaderData.base;
  const schema = pageFormSchema(key);
  const [form, fields] = useSchemaForm({
    id: `page-${key}-${base}`,
    schema,
    lastResult: result,
    defaultValue: { content: loaderData.content, base },
    shouldValidate: "onSubmit",
  });
  const busy = usePendingPost();
  const preview = reply && "preview" in reply ? reply.preview : null;
  return (
    <ToolPage
      title={C.editTitle(name)}
      size="lg"
      back={{ to: "/admin/pages", label: C.backToPages }}
      action={
        <Group>
          <Anchor component={Link} to={`${pagePath(key)}/revisions`}>
            {C.revisions}
          </Anchor>
          <Anchor href={path}>{C.viewLive}</Anchor>
        </Group>
      }
    >
      <Text data-testid="page-state">{C.state(state)}</Text>
      {preview ? (
        <section aria-labelledby="draft-preview-heading">
          <Alert
            color="yellow"
            title={C.previewBanner}
            id="draft-preview-heading"
          >
            {C.previewNote}
          </Alert>
          <div data-testid="draft-preview">
            <PageView pageKey={key} data={preview as never} />
          </div>
        </section>
      ) : null}
      <PreviewLink reply={reply} />
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="md">
          <FormErrors form={form} />
          <input
            {...getInputProps(fields.base, { type: "hidden" })}
            key={fields.base.key}
          />
          <ContentFields
            form={form as never}
            fields={PAGE_TYPES[key].fields}
            meta={fields.content as never}
          />
          <TextField
            meta={fields.publishAt}
            label={C.publishAt}
            description={C.publishAtHelp}
            type="datetime-local"
          />
          <Group>
            <SubmitButton
              busy={busy}
              name="intent"
              value="draft"
              variant="default"
            >
              {C.saveDraft}
            </SubmitButton>
            <SubmitButton
              busy={busy}
              name="intent"
              value="preview"
              variant="default"
            >
              {C.preview}
            </SubmitButton>
            <SubmitButton
              busy={busy}
              name="intent"
              value="schedule"
              variant="default"
            >
              {C.schedule}
            </SubmitButton>
            <SubmitButton busy={busy} name="intent" value="publish">
              {C.publish}
            </SubmitButton>
          </Group>
        </Stack>
      </Form>
    </ToolPage>
  );
}

function PreviewLink({
  reply,
}: {
  reply: ReturnType<typeof useActionData<typeof action>>;
}) {
  if (reply && "link" in reply) {
    return (
      <Alert color="blue" title={C.linkReady}>
        <Code data-testid="preview-link">{reply.link}</Code>
      </Alert>
    );
  }
  return (
    <Form method="post">
      <Stack gap={4}>
        {reply && "linkFailed" in reply ? (
          <Text c="red" role="alert">
            {C.linkFailed}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" name="intent" value="link" variant="light">
            {C.makeLink}
          </Button>
          <Text size="sm">{C.linkHelp}</Text>
        </Group>
      </Stack>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
