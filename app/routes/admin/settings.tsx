import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, SimpleGrid, Text } from "@mantine/core";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/settings";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  TextareaField,
  TextField,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { PostForm } from "#app/components/team/post-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { ToolSection } from "#app/components/team/tool-section.tsx";
import { SETTINGS_COPY as C, SETTINGS_PATH } from "#app/content/settings.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SettingsSchema } from "./settings-schema.ts";
import { readSettings, saveSettings } from "./settings.server.ts";

// The site's settings: how long the database keeps submissions and page
// views, and who the functions' e-mails go to and come from. Read from the
// database on every load; the functions read the same row at each send.

const F = C.fields;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "settings");
  const settings = await readSettings(getSupabase(context));
  return data(
    { settings, error: settings ? null : C.loadFailed },
    { status: settings ? 200 : 500 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // The role is checked before the body is read: a direct POST gets the same 403.
  await requireAccess(context, request, "settings");
  const submission = parseWithZod(await requireSmallForm(request), {
    schema: SettingsSchema,
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  if (!(await saveSettings(getSupabase(context), submission.value))) {
    return data(
      { result: submission.reply({ formErrors: [C.failed] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(SETTINGS_PATH, {
    title: "Success",
    description: C.saved,
    type: "success",
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { settings, error } = loaderData;
  const [form, fields] = useSchemaForm({
    id: "site-settings",
    schema: SettingsSchema,
    lastResult: actionData?.result,
    defaultValue: settings?.values,
    shouldValidate: "onSubmit",
  });
  if (!settings) {
    return (
      <ToolPage title={C.title} size="md">
        <Alert color="red" role="alert">
          {error}
        </Alert>
      </ToolPage>
    );
  }
  const period = (
    name: "keep_applications" | "keep_messages" | "keep_analytics",
    stored: string,
  ) => (
    <TextField
      meta={fields[name]}
      label={F[name]}
      type="number"
      description={`${C.hints[name]} ${C.currentPeriod(stored)}`}
    />
  );
  return (
    <ToolPage title={C.title} size="md">
      <Text c="dimmed">{C.description}</Text>
      <PostForm form={form} gap="md" submit={C.save} busyLabel={C.saving}>
        <ToolSection id="settings-retention" title={C.retentionHeading}>
          <Text size="sm">{C.retentionHint}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {period("keep_applications", settings.periods.application)}
            {period("keep_messages", settings.periods.message)}
            {period("keep_analytics", settings.periods.analytics)}
          </SimpleGrid>
        </ToolSection>
        <ToolSection id="settings-team-mail" title={C.teamMailHeading}>
          <Text size="sm">{C.teamMailHint}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              meta={fields.contact_email}
              label={F.contact_email}
              type="email"
            />
            <TextField
              meta={fields.applications_email}
              label={F.applications_email}
              type="email"
            />
            <TextField
              meta={fields.sender_name}
              label={F.sender_name}
              description={C.hints.sender_name}
            />
            <TextField
              meta={fields.candidate_reply_to}
              label={F.candidate_reply_to}
              type="email"
            />
          </SimpleGrid>
        </ToolSection>
        <ToolSection id="settings-newsletter" title={C.newsletterHeading}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              meta={fields.newsletter_name}
              label={F.newsletter_name}
            />
            <TextField
              meta={fields.newsletter_from}
              label={F.newsletter_from}
              type="email"
              description={C.hints.newsletter_from}
            />
          </SimpleGrid>
          <TextareaField
            meta={fields.newsletter_footer}
            label={F.newsletter_footer}
            description={C.hints.newsletter_footer}
            minRows={2}
          />
        </ToolSection>
      </PostForm>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
