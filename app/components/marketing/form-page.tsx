import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Paper, Stack, type PaperProps } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { SectionHeading } from "./section-heading.tsx";
import ui from "./marketing.module.css";
import { PublicFormHead, SentConfirmation } from "#app/components/form-kit.tsx";
import { Toast } from "#app/components/toast.tsx";
import type { ToastData } from "#app/utils/toast.ts";

/**
 * A page that is one public form (contact, newsletter): the hero band, its
 * heading, the form's panel, the confirmation that takes the form's place
 * once `sent`, and the toast its action answers with. `children` are the
 * fields and the submit button, under the honeypot and the form's errors.
 */
export function FormPage({
  id,
  eyebrow,
  title,
  intro,
  width,
  toast,
  action,
  form,
  sent,
  confirmation,
  panel,
  after,
  children,
}: {
  /** The heading's id, which names the page's section. */
  id: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** The column's width in pixels. */
  width: number;
  toast: ToastData | null | undefined;
  /** Where the form posts: the page itself, whose action answers it. */
  action: string;
  form: FormMetadata;
  sent: boolean;
  confirmation: Omit<ComponentProps<typeof SentConfirmation>, "onDone">;
  /** The panel's padding. */
  panel: Pick<PaperProps, "className" | "p">;
  /** What follows the panel. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby={id}
    >
      <div
        className={ui.container}
        style={{ maxWidth: width, paddingBottom: "6rem" }}
      >
        <SectionHeading
          id={id}
          level={1}
          eyebrow={eyebrow}
          title={title}
          centered
        >
          {intro}
        </SectionHeading>
        <Paper withBorder shadow="sm" radius="lg" {...panel}>
          {sent ? <SentConfirmation {...confirmation} /> : null}
          {/* Kept mounted while the confirmation shows, so that another
              submission starts from the emptied form rather than a new one. */}
          <div hidden={sent}>
            <Form method="post" action={action} {...getFormProps(form)}>
              <Stack gap="md">
                <PublicFormHead form={form} />
                {children}
              </Stack>
            </Form>
          </div>
        </Paper>
        {after}
      </div>
      <Toast toast={toast} />
    </section>
  );
}
