import { Text } from "@mantine/core";
import type { Route } from "./+types/newsletter";
import {
  SubmitButton,
  TextField,
  usePageForm,
} from "#app/components/form-kit.tsx";
import { FormPage } from "#app/components/marketing/form-page.tsx";
import {
  NEWSLETTER_COPY,
  NEWSLETTER_PATH,
  SUBSCRIBE_FAILURE,
  SUBSCRIBE_FORMS,
  SUBSCRIBE_SENT,
  SUBSCRIBE_SUCCESS,
} from "#app/content/newsletter.ts";
import { actionRetryAfterHeaders } from "#app/lib/action-headers.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { publicFormAction } from "#app/utils/public-form.server.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";
import { SubscribeSchema } from "./newsletter-schema.ts";
import { subscribe, subscribeLimiter } from "./newsletter.server.ts";

// The newsletter's page, and where every subscribe form posts (the blog's
// small forms too, as plain HTML posts): the answer is the same for an
// address that is new, pending, subscribed or suppressed.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: NEWSLETTER_COPY.title,
    description: NEWSLETTER_COPY.description,
  });

export const headers: Route.HeadersFunction = actionRetryAfterHeaders;

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy"),
];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction({
    request,
    context,
    schema: SubscribeSchema,
    limiter: subscribeLimiter,
    send: (value) => subscribe(context, request, value),
    success: SUBSCRIBE_SUCCESS,
    failure: SUBSCRIBE_FAILURE,
    // The conversion is the confirmation, not the request (confirm.tsx).
    conversion: null,
  });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { form, fields, busy, sent } = usePageForm(
    NEWSLETTER_PATH,
    actionData,
    { id: "newsletter", schema: SubscribeSchema },
  );

  return (
    <FormPage
      id="newsletter-heading"
      eyebrow={NEWSLETTER_COPY.title}
      title={NEWSLETTER_COPY.heading}
      intro={NEWSLETTER_COPY.description}
      width={620}
      toast={actionData?.toast}
      action={NEWSLETTER_PATH}
      form={form}
      sent={sent}
      confirmation={{
        ...SUBSCRIBE_SENT,
        onward: { to: "/blueprints", label: "Read the blueprints" },
      }}
      panel={{ p: "xl" }}
    >
      <input type="hidden" name="form" value="newsletter-page" />
      <Text>{SUBSCRIBE_FORMS["newsletter-page"].wording}</Text>
      <TextField
        meta={fields.email}
        type="email"
        label={NEWSLETTER_COPY.emailLabel}
        autoComplete="email"
      />
      <SubmitButton busy={busy} busyLabel={NEWSLETTER_COPY.busy}>
        {NEWSLETTER_COPY.button}
      </SubmitButton>
    </FormPage>
  );
}
