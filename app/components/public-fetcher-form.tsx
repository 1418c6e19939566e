import { getFormProps } from "@conform-to/react";
import { Paper, Stack, Title, type PaperProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useActionData, useSearchParams } from "react-router";
import type { z } from "zod";
import {
  PublicFormHead,
  SentConfirmation,
  SubmitButton,
  useFetcherForm,
} from "#app/components/form-kit.tsx";
import { Toast } from "#app/components/toast.tsx";
import type { PublicFormData } from "#app/utils/public-form.server.ts";

// The public forms that open in a dialog with JavaScript and in the page
// without it (the company page's "Get in Touch", the job application): the
// same form in both places, and the in-page panel the link leads to.

type FetcherForm<Schema extends z.ZodObject> = ReturnType<
  typeof useFetcherForm<Schema>
>;

/**
 * The form, posting through the fetcher `fetcherKey` with JavaScript and as
 * a plain form without it: the honeypot and form-level errors, the form's
 * own fields, its submit button; once the submission is stored, `sentCopy`
 * and a way on (`Done` in the dialog, `onward` in the page).
 */
export function PublicFetcherForm<Schema extends z.ZodObject>({
  fetcherKey,
  id,
  schema,
  action,
  encType,
  dialog,
  sentCopy,
  onward,
  submit,
  children,
}: {
  fetcherKey: string;
  id: string;
  schema: Schema;
  action: string;
  encType?: "multipart/form-data";
  /** In the dialog: whether it shows the confirmation, and how it closes. */
  dialog?: { sent: boolean; close: () => void };
  sentCopy: { title: string; text: string };
  onward: { to: string; label: string };
  submit: { label: string; busyLabel: string };
  /** The form's own fields; `form` lets a field check itself early. */
  children: (
    fields: FetcherForm<Schema>["fields"],
    form: FetcherForm<Schema>["form"],
  ) => ReactNode;
}) {
  const { fetcher, form, fields, busy, sent } = useFetcherForm(fetcherKey, {
    id,
    schema,
  });
  if (dialog?.sent ?? sent) {
    return (
      <SentConfirmation {...sentCopy} onDone={dialog?.close} onward={onward} />
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={encType}
      {...getFormProps(form)}
    >
      <Stack gap="md">
        <PublicFormHead form={form} />
        {children(fields, form)}
        <SubmitButton busy={busy} busyLabel={submit.busyLabel}>
          {submit.label}
        </SubmitButton>
      </Stack>
    </fetcher.Form>
  );
}

/**
 * The form in the page, where the link leads without JavaScript: shown when
 * the URL asks for it (`?{param}=1`), with the toast of its answer.
 */
export function PublicFormPanel({
  param,
  title,
  order,
  children,
  ...paper
}: {
  param: string;
  title: ReactNode;
  order: 2 | 3;
  children: ReactNode;
  id?: string;
} & Omit<PaperProps, "children" | "title">) {
  const [searchParams] = useSearchParams();
  const documentResult = useActionData<PublicFormData>();
  if (searchParams.get(param) !== "1") return null;
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl" {...paper}>
      <Title order={order} size="h3" mb="md">
        {title}
      </Title>
      {children}
      <Toast toast={documentResult?.toast} />
    </Paper>
  );
}
