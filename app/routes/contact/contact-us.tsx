import { getFormProps } from "@conform-to/react";
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/contact-us";
import {
  PublicFormHead,
  SubmitButton,
  TextareaField,
  usePendingPost,
  useSchemaForm,
  VisitorFields,
} from "#app/components/form-kit.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { Toast } from "#app/components/toast.tsx";
import { SALES_EMAIL } from "#app/content/site.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactSchema,
} from "./contact-schema.ts";
import {
  contactPageLimiter,
  formToast,
  sendContactMessage,
} from "./contact.server.ts";
import { letKeptCopiesRevalidate } from "#app/utils/fresh-values.server.ts";
import { acceptSmallForm } from "#app/utils/public-form.server.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Contact Us",
    description:
      "Tell us about your team's needs and see how continuously learning AI agents can ship on your stack. Request a demo or write to our sales team.",
  });

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

// The form goes to the contact-us function, which keeps a second message
// sent under a used key: a kept copy may be revalidated with a 304.
export function loader({ context }: Route.LoaderArgs) {
  letKeptCopiesRevalidate(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { refused, submission, submissionKey } = await acceptSmallForm(
    request,
    context,
    ContactSchema,
    contactPageLimiter,
  );
  if (refused) return refused;
  const { name, companyEmail, projectDescription } = submission.value;
  const sent = await sendContactMessage(context, {
    submissionKey,
    name,
    email: companyEmail,
    message: projectDescription,
    company: "",
  });
  if (!sent) {
    return data(
      {
        result: submission.reply(),
        toast: formToast(CONTACT_FAILURE, "error"),
      },
      { status: 502 },
    );
  }
  return data({
    result: submission.reply({ resetForm: true }),
    toast: formToast(CONTACT_SUCCESS, "success"),
  });
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const busy = usePendingPost({ action: "/contact-us" });

  const [form, fields] = useSchemaForm({
    id: "contact-us",
    schema: ContactSchema,
    lastResult: busy ? null : actionData?.result,
  });

  return (
    <section
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby="contact-heading"
    >
      <div
        className={ui.container}
        style={{ maxWidth: 720, paddingBottom: "6rem" }}
      >
        <SectionHeading
          id="contact-heading"
          level={1}
          eyebrow="Request a demo"
          title="Contact Us"
          centered
        >
          Tell us about your team and the work you want our agents to take on.
          We usually reply within one business day.
        </SectionHeading>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
          <Form method="post" action="/contact-us" {...getFormProps(form)}>
            <Stack gap="md">
              <PublicFormHead form={form} />
              <VisitorFields
                name={fields.name}
                email={fields.companyEmail}
                emailLabel="Company email"
              />
              <TextareaField
                meta={fields.projectDescription}
                label="Project description"
                description="What should our agents help your team with?"
                minRows={5}
              />
              <SubmitButton busy={busy} busyLabel="Sending..." size="md">
                Send Message
              </SubmitButton>
            </Stack>
          </Form>
        </Paper>
        <Text ta="center" mt="lg" c="dimmed">
          Prefer e-mail? Write to us directly at{" "}
          <Anchor href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Anchor>.
        </Text>
      </div>
      <Toast toast={actionData?.toast} />
    </section>
  );
}
