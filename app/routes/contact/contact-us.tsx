import { Anchor, Text } from "@mantine/core";
import type { Route } from "./+types/contact-us";
import {
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
import { CONTACT_SENT, ContactSchema } from "./contact-schema.ts";
import { contactPageAction } from "./contact.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Contact Us",
    description:
      "Tell us about your team's needs and see how continuously learning AI agents can ship on your stack. Request a demo or write to our sales team.",
  });

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy"),
];

export function loader() {
  return null;
}

export async function action(args: Route.ActionArgs) {
  return contactPageAction(args);
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
      action="/contact-us"
      form={form}
      sent={sent}
      confirmation={{
        ...CONTACT_SENT,
        onward: { to: "/contact-us", label: "Send another message" },
      }}
      panel={{ className: classes.panel }}
      after={
        <Text ta="center" mt="lg" c="dimmed">
          Prefer e-mail? Write to us directly at{" "}
          <Anchor href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</Anchor>.
        </Text>
      }
    >
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
    </FormPage>
  );
}
