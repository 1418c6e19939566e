import { getFormProps } from "@conform-to/react";
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { Form } from "react-router";
import type { Route } from "./+types/contact-us";
import {
  PublicFormHead,
  SentConfirmation,
  SubmitButton,
  TextareaField,
  usePageForm,
  VisitorFields,
} from "#app/components/form-kit.tsx";
import { FormPage } from "#app/components/marketing/form-page.tsx";
import classes from "./contact.module.css";
import { SALES_EMAIL } from "#app/content/site.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import {
  CONTACT_FAILURE,
  CONTACT_SENT,
  CONTACT_SUCCESS,
  ContactSchema,
} from "./contact-schema.ts";
import { contactPageLimiter, sendContactMessage } from "./contact.server.ts";
import { storedUntilDeploy } from "#app/utils/stored-page.server.ts";
import { publicFormAction } from "#app/utils/public-form.server.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Contact Us",
    description:
      "Tell us about your team's needs and see how continuously learning AI agents can ship on your stack. Request a demo or write to our sales team.",
  });

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export const middleware: Route.MiddlewareFunction[] = [storedUntilDeploy];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction({
    request,
    context,
    schema: ContactSchema,
    limiter: contactPageLimiter,
    send: ({ name, companyEmail, projectDescription }) =>
      sendContactMessage(context, {
        name,
        email: companyEmail,
        message: projectDescription,
        company: "",
      }),
    success: CONTACT_SUCCESS,
    failure: CONTACT_FAILURE,
    conversion: "contact",
  });
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { form, fields, busy, sent } = usePageForm("/contact-us", actionData, {
    id: "contact-us",
    schema: ContactSchema,
  });

  return (
    <FormPage
      id="contact-heading"
      eyebrow="Request a demo"
      title="Contact Us"
      intro="Tell us about your team and the work you want our agents to take on. We usually reply within one business day."
      width={720}
      toast={actionData?.toast}
    >
      <Paper withBorder shadow="sm" radius="lg" className={classes.panel}>
        {sent ? (
          <SentConfirmation
            {...CONTACT_SENT}
            onward={{ to: "/contact-us", label: "Send another message" }}
          />
        ) : null}
        {/* Kept mounted while the confirmation shows, so another message
            starts from the emptied form rather than a new one. */}
        <div hidden={sent}>
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
        </div>
      </Paper>
      <Text ta="center" mt="lg" c="dimmed">
        Prefer e-mail? Write to us directly at{" "}
        <Anchor href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Anchor>.
      </Text>
    </FormPage>
  );
}
