import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Anchor, Checkbox, Group, Stack, Text } from "@mantine/core";
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/profile";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
  usePendingPost,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import {
  authorPath,
  PROFILE_COPY as C,
  PROFILE_MESSAGES as M,
  PROFILE_PATH,
} from "#app/content/profile.ts";
import { routeMeta } from "#app/lib/meta.ts";
import {
  ImageFileField,
  ImagePreview,
  useChosenImage,
} from "#app/routes/blog/editor/image-file-field.tsx";
import { COVER_MAX_BYTES } from "#app/routes/blog/editor/post-schema.ts";
import { readFormBody } from "#app/utils/form-body.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { ProfileSchema, slugFrom } from "./profile-schema.ts";
import { readOwnProfile, saveProfile } from "./profile.server.ts";

// A writer's own profile: the name, photo, bio and links their posts and
// their author page show. Each person edits only their own (row-level
// security); the page works without JavaScript, the photo included.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAccess(context, request, "posts");
  const profile = await readOwnProfile(getSupabase(context), user.id);
  if (profile === "failed") {
    return data({ profile: null, error: C.loadFailed }, { status: 500 });
  }
  return { profile, error: null };
}

const REFUSALS = {
  "slug-taken": { field: "slug", message: C.slugTaken, status: 409 },
  "photo-type": { field: "photo", message: M.photoType, status: 415 },
  "photo-failed": { field: "photo", message: C.photoFailed, status: 502 },
  failed: { field: null, message: C.failed, status: 500 },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  // The role is checked before the body is read.
  const { user } = await requireAccess(context, request, "posts");
  const { formData, problem } = await readFormBody(request, {
    maxFields: 8,
    maxFieldBytes: COVER_MAX_BYTES,
    maxTotalBytes: COVER_MAX_BYTES + 16 * 1024,
    maxFiles: 1,
  });
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (problem) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { photo: [M.photoSize] },
        }),
      },
      { status: 413 },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const supabase = getSupabase(context);
  const existing = await readOwnProfile(supabase, user.id);
  const saved =
    existing === "failed"
      ? ({ ok: false, reason: "failed" } as const)
      : await saveProfile(supabase, user.id, submission.value, existing);
  if (!saved.ok) {
    const refusal = REFUSALS[saved.reason];
    return data(
      {
        result: refusal.field
          ? submission.reply({
              fieldErrors: { [refusal.field]: [refusal.message] },
            })
          : submission.reply({ formErrors: [refusal.message] }),
      },
      { status: refusal.status },
    );
  }
  return redirectWithToast(PROFILE_PATH, {
    title: "Success",
    description: C.saved,
    type: "success",
  });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { profile, error } = loaderData;
  const [chosen, choose] = useChosenImage();
  const busy = usePendingPost();
  const [form, fields] = useSchemaForm({
    id: "own-profile",
    schema: ProfileSchema,
    lastResult: actionData?.result,
    defaultValue: profile
      ? {
          display_name: profile.display_name,
          slug: profile.slug,
          bio: profile.bio ?? undefined,
          links: profile.links.join("\n"),
        }
      : undefined,
    shouldValidate: "onSubmit",
  });
  if (error) {
    return (
      <ToolPage title={C.title} size="md">
        <Alert color="red" role="alert">
          {error}
        </Alert>
      </ToolPage>
    );
  }
  const name = profile?.display_name ?? "";
  return (
    <ToolPage title={C.title} size="md">
      <Text c="dimmed">{C.description}</Text>
      {profile ? (
        <Group gap="xs">
          <Anchor component={Link} to={authorPath(profile.slug)}>
            {C.viewPage}
          </Anchor>
          <Text size="sm" c="dimmed">
            {C.notPublicYet}
          </Text>
        </Group>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Stack gap="md">
          <FormErrors form={form} />
          <TextField meta={fields.display_name} label={C.fields.display_name} />
          <TextField
            meta={fields.slug}
            label={C.fields.slug}
            description={C.hints.slug(slugFrom(name || "Ada Lovelace"))}
          />
          <TextareaField
            meta={fields.bio}
            label={C.fields.bio}
            description={C.hints.bio}
            minRows={3}
          />
          <ImageFileField
            meta={fields.photo}
            label={C.fields.photo}
            description={C.hints.photo}
            onFileChange={(file) => {
              choose(file);
              form.validate({ name: fields.photo.name });
            }}
          >
            {chosen ? (
              <ImagePreview src={chosen} alt={C.photoAlt(name)} height={96} />
            ) : profile?.photo ? (
              <ImagePreview
                src={profile.photo.jpeg.url}
                alt={C.photoAlt(name)}
                height={96}
                testId="current-photo"
              />
            ) : null}
          </ImageFileField>
          {profile?.photo ? (
            <Checkbox
              {...getInputProps(fields.removePhoto, { type: "checkbox" })}
              key={fields.removePhoto.key}
              label={C.fields.removePhoto}
            />
          ) : null}
          <TextareaField
            meta={fields.links}
            label={C.fields.links}
            description={C.hints.links}
            minRows={2}
          />
          <Group>
            <SubmitButton busy={busy} busyLabel={C.saving}>
              {C.save}
            </SubmitButton>
          </Group>
        </Stack>
      </Form>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
