import { getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Alert, Badge, Button, Group, NativeSelect, Text } from "@mantine/core";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/people";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { TextField, useSchemaForm } from "#app/components/form-kit.tsx";
import { choices } from "#app/components/team/choices.ts";
import { DataTable } from "#app/components/team/data-table.tsx";
import { PostForm } from "#app/components/team/post-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { ToolSection } from "#app/components/team/tool-section.tsx";
import { PEOPLE_COPY as C, PEOPLE_PATH } from "#app/content/people.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { ROLE_LABELS, TEAM_ROLES } from "#app/lib/roles.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { AddMemberSchema, TeamChangeSchema } from "./people-schema.ts";
import {
  addToTeam,
  changeRole,
  listTeam,
  removeFromTeam,
  type TeamChange,
} from "./people.server.ts";

// The team and its roles: an admin adds a person who has an account, gives
// each member a role and removes them. Roles are read from the database on
// every request, so a change takes effect on the person's next request.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAccess(context, request, "people");
  const team = await listTeam(getSupabase(context));
  return data(
    { team: team ?? [], error: team ? null : C.loadFailed, me: user.id },
    { status: team ? 200 : 500 },
  );
}

const MESSAGES: Record<Exclude<TeamChange, "done">, string> = {
  "last-admin": C.lastAdmin,
  "no-account": C.noAccount,
  "already-on-team": C.alreadyOnTeam,
  failed: C.failed,
};

const STATUS: Record<Exclude<TeamChange, "done">, number> = {
  "last-admin": 409,
  "no-account": 404,
  "already-on-team": 409,
  failed: 500,
};

export async function action({ request, context }: Route.ActionArgs) {
  // The role is checked before the body is read: a direct POST gets the same 403.
  await requireAccess(context, request, "people");
  const formData = await requireSmallForm(request);
  const supabase = getSupabase(context);
  if (formData.get("intent") === "add") {
    const submission = parseWithZod(formData, { schema: AddMemberSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply() }, { status: 400 });
    }
    const added = await addToTeam(
      supabase,
      submission.value.email,
      submission.value.role,
    );
    if (added !== "done") {
      return data(
        { result: submission.reply({ formErrors: [MESSAGES[added]] }) },
        { status: STATUS[added] },
      );
    }
    return redirectWithToast(PEOPLE_PATH, {
      title: "Success",
      description: C.added,
      type: "success",
    });
  }
  const change = TeamChangeSchema.safeParse(Object.fromEntries(formData));
  const outcome = !change.success
    ? "failed"
    : change.data.intent === "change-role"
      ? await changeRole(supabase, change.data.userId, change.data.role)
      : await removeFromTeam(supabase, change.data.userId);
  if (outcome !== "done") {
    return redirectWithToast(PEOPLE_PATH, {
      title: "Error",
      description: MESSAGES[outcome],
      type: "error",
    });
  }
  return redirectWithToast(PEOPLE_PATH, {
    title: "Success",
    description: change.data?.intent === "remove" ? C.removed : C.changed,
    type: "success",
  });
}

const ROLE_CHOICES = choices(TEAM_ROLES, ROLE_LABELS);

function AddMember() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm({
    id: "add-member",
    schema: AddMemberSchema,
    lastResult: actionData?.result,
    defaultValue: { role: "editor" },
    shouldValidate: "onSubmit",
  });
  return (
    <PostForm form={form} submit={C.add} busyLabel={C.adding} intent="add">
      <Text>{C.addHint}</Text>
      <Group align="flex-start" gap="sm">
        <TextField
          meta={fields.email}
          label={C.emailLabel}
          type="email"
          autoComplete="off"
        />
        <NativeSelect
          {...getSelectProps(fields.role)}
          key={fields.role.key}
          label={C.roleLabel}
          data={ROLE_CHOICES}
          error={fields.role.errors?.join(" ")}
          errorProps={{ id: fields.role.errorId }}
        />
      </Group>
    </PostForm>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { team, error, me } = loaderData;
  return (
    <ToolPage title={C.title} size="lg">
      <Text>{C.description}</Text>
      <ToolSection id="team-heading" title={C.teamHeading}>
        {error ? (
          <Alert color="red" title="Error" role="alert">
            {error}
          </Alert>
        ) : (
          <DataTable
            minWidth={560}
            rows={team}
            rowKey={(member) => member.id}
            rowTestId="team-member-row"
            columns={[
              {
                head: C.columns.person,
                cell: (member) => (
                  <Text>
                    {member.name} {member.id === me ? C.you : null}
                  </Text>
                ),
              },
              {
                head: C.columns.role,
                cell: (member) => (
                  <Badge variant="light">{ROLE_LABELS[member.role]}</Badge>
                ),
              },
              {
                head: C.columns.actions,
                cell: (member) => (
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <Form method="post">
                      <input type="hidden" name="userId" value={member.id} />
                      <Group gap="xs" wrap="nowrap" align="flex-end">
                        <NativeSelect
                          name="role"
                          aria-label={C.roleFor(member.name)}
                          defaultValue={member.role}
                          data={ROLE_CHOICES}
                          size="xs"
                        />
                        <Button
                          type="submit"
                          name="intent"
                          value="change-role"
                          size="xs"
                          variant="light"
                        >
                          {C.change}
                        </Button>
                      </Group>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="userId" value={member.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="remove"
                        size="xs"
                        color="red.9"
                      >
                        {C.remove}
                        <span className="visually-hidden">
                          {" "}
                          {C.removeWho(member.name)}
                        </span>
                      </Button>
                    </Form>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </ToolSection>
      <ToolSection id="add-heading" title={C.addHeading}>
        <AddMember />
      </ToolSection>
      <ToolSection id="roles-heading" title={C.rolesHeading}>
        <dl>
          {(["admin", "editor", "hiring", "author"] as const).map((role) => (
            <div key={role}>
              <dt>
                <strong>{ROLE_LABELS[role]}</strong>
              </dt>
              <dd>{C.roleHelp[role]}</dd>
            </div>
          ))}
        </dl>
      </ToolSection>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
