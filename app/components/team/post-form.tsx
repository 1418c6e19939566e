import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  FormErrors,
  SubmitButton,
  usePendingPost,
} from "#app/components/form-kit.tsx";

/**
 * A Conform form posted as a page: its form-level errors, its fields and
 * the submit button, which sends `intent` where the page has more than one
 * form and is busy only while this form's post is on its way.
 */
export function PostForm<Schema extends Record<string, unknown>>({
  form,
  submit,
  busyLabel,
  intent,
  gap = "sm",
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submit: string;
  busyLabel?: string;
  intent?: string;
  gap?: "sm" | "md";
  children: ReactNode;
}) {
  const busy = usePendingPost({
    matches: (formData) =>
      intent === undefined || formData.get("intent") === intent,
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap={gap}>
        <FormErrors form={form} />
        {children}
        <Group>
          <SubmitButton
            busy={busy}
            busyLabel={busyLabel}
            name={intent && "intent"}
            value={intent}
          >
            {submit}
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
