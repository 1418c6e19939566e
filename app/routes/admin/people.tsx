import { getSelectProps, type FieldMetadata } from "@conform-to/react";
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
import { env } from "#app/utils/env.server.ts";
import { getServiceClient } from "#app/utils/service-client.server.ts";
import { formatInboxTime } from "./inbox-time.ts";
import {
  AddMemberSchema,
  InvitationChangeSchema,
  InviteSchema,
  TeamChangeSchema,
} from "./people-schema.ts";
import {
  addToTeam,
  changeRole,
  invite,
  listInvitations,
  listTeam,
  removeFromTeam,
  resendInvitation,
  revokeInvitation,
  type InvitationChange,
  type InvitationRow,
  type TeamChange,
} from "./people.server.ts";

// The team and its roles: an admin invites a person by e-mail or adds one
// who has an account, gives each member a role and removes them. Roles are
// read from the database on every request, so a change takes effect on the
// person's next request.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAccess(context, request, "people");
  const supabase = getSupabase(context);
  const [team, invitations] = await Promise.all([
    listTeam(supabase),
    listInvitations(supabase),
  ]);
  return data(
    {
      team: team ?? [],
      error: team ? null : C.loadFailed,
      invitations: invitations ?? [],
      invitationsError: invitations ? null : C.invitationsFailed,
      me: user.id,
    },
    { status: team && invitations ? 200 : 500 },
  );
}

const INVITATION_MESSAGES: Record<Exclude<InvitationChange, "done">, string> = {
  "already-invited": C.alreadyInvited,
  "already-on-team": C.alreadyOnTeam,
  "has-account": C.hasAccount,
  "not-pending": C.notPending,
  unavailable: C.inviteUnavailable,
  failed: C.inviteFailed,
};

const INVITATION_STATUS: Record<Exclude<InvitationChange, "done">, number> = {
  "already-invited": 409,
  "already-on-team": 409,
  "has-account": 409,
  "not-pending": 409,
  unavailable: 503,
  failed: 500,
};

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
  const intent = formData.get("intent");
  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: InviteSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply() }, { status: 400 });
    }
    const { email, role } = submission.value;
    const sent = await invite(
      supabase,
      getServiceClient(),
      env.SITE_URL,
      email,
      role,
    );
    if (sent !== "done") {
      return data(
        {
          intent,
          result: submission.reply({
            formErrors: [INVITATION_MESSAGES[sent]],
          }),
        },
        { status: INVITATION_STATUS[sent] },
      );
    }
    return redirectWithToast(PEOPLE_PATH, {
      title: "Success",
      description: C.invited(email),
      type: "success",
    });
  }
  if (intent === "resend" || intent === "revoke") {
    const change = InvitationChangeSchema.safeParse(
      Object.fromEntries(formData),
    );
    const outcome = !change.success
      ? "failed"
      : change.data.intent === "resend"
        ? await resendInvitation(
            supabase,
            getServiceClient(),
            env.SITE_URL,
            change.data.invitationId,
          )
        : await revokeInvitation(
            supabase,
            getServiceClient(),
            change.data.invitationId,
          );
    return redirectWithToast(
      PEOPLE_PATH,
      outcome === "done"
        ? {
            title: "Success",
            description: intent === "resend" ? C.resent : C.revoked,
            type: "success",
          }
        : {
            title: "Error",
            description: INVITATION_MESSAGES[outcome],
            type: "error",
          },
    );
  }
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: AddMemberSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply() }, { status: 400 });
    }
    const added = await addToTeam(
      supabase,
      submission.value.email,
      submission.value.role,
    );
    if (added !== "done") {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [MESSAGES[added]] }),
        },
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

/** The action's answer for the form that posted `intent`, if it was this one. */
function useResultFor(intent: "add" | "invite") {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** The address and role both the invitation and the add form ask for. */
function EmailAndRole({
  email,
  role,
}: {
  email: FieldMetadata<string>;
  role: FieldMetadata<string>;
}) {
  return (
    <Group align="flex-start" gap="sm">
      <TextField
        meta={email}
        label={C.emailLabel}
        type="email"
        autoComplete="off"
      />
      <NativeSelect
        {...getSelectProps(role)}
        key={role.key}
        label={C.roleLabel}
        data={ROLE_CHOICES}
        error={role.errors?.join(" ")}
        errorProps={{ id: role.errorId }}
      />
    </Group>
  );
}

function InvitePerson() {
  const [form, fields] = useSchemaForm({
    id: "invite-person",
    schema: InviteSchema,
    lastResult: useResultFor("invite"),
    defaultValue: { role: "editor" },
    shouldValidate: "onSubmit",
  });
  return (
    <PostForm
      form={form}
      submit={C.invite}
      busyLabel={C.inviting}
      intent="invite"
    >
      <Text>{C.inviteHint}</Text>
      <EmailAndRole email={fields.email} role={fields.role} />
    </PostForm>
  );
}

// Mantine's light green badge is 3.8:1 (green-8 on green-1), under AA; the
// brand's light badge passes, as on the jobs list.
const STATE_COLORS = {
  pending: "blue",
  accepted: "brand",
  expired: "gray",
  revoked: "red",
} as const;

function InvitationActions({ invitation }: { invitation: InvitationRow }) {
  const open = invitation.state === "pending";
  return (
    <Group gap="xs" wrap="nowrap">
      {open || invitation.state === "expired" ? (
        <Form method="post">
          <input type="hidden" name="invitationId" value={invitation.id} />
          <Button
            type="submit"
            name="intent"
            value="resend"
            size="xs"
            variant="light"
          >
            {C.resend}
            <span className="visually-hidden">
              {" "}
              {C.invitationOf(invitation.email)}
            </span>
          </Button>
        </Form>
      ) : null}
      {open || invitation.state === "expired" ? (
        <Form method="post">
          <input type="hidden" name="invitationId" value={invitation.id} />
          <Button
            type="submit"
            name="intent"
            value="revoke"
            size="xs"
            color="red.9"
          >
            {C.revoke}
            <span className="visually-hidden">
              {" "}
              {C.invitationOf(invitation.email)}
            </span>
          </Button>
        </Form>
      ) : null}
    </Group>
  );
}

function Invitations({
  invitations,
  error,
}: {
  invitations: InvitationRow[];
  error: string | null;
}) {
  if (error) {
    return (
      <Alert color="red" title="Error" role="alert">
        {error}
      </Alert>
    );
  }
  if (invitations.length === 0) return <Text>{C.noInvitations}</Text>;
  return (
    <DataTable
      minWidth={640}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      rowTestId="invitation-row"
      columns={[
        {
          head: C.invitationColumns.email,
          cell: (invitation) => <Text>{invitation.email}</Text>,
        },
        {
          head: C.invitationColumns.role,
          cell: (invitation) => <Text>{ROLE_LABELS[invitation.role]}</Text>,
        },
        {
          head: C.invitationColumns.state,
          cell: (invitation) => (
            <Badge variant="light" color={STATE_COLORS[invitation.state]}>
              {C.states[invitation.state]}
            </Badge>
          ),
        },
        {
          head: C.invitationColumns.expires,
          cell: (invitation) => (
            <time dateTime={invitation.expiresAt}>
              {formatInboxTime(invitation.expiresAt)}
            </time>
          ),
        },
        {
          head: C.invitationColumns.actions,
          cell: (invitation) => <InvitationActions invitation={invitation} />,
        },
      ]}
    />
  );
}

function AddMember() {
  const [form, fields] = useSchemaForm({
    id: "add-member",
    schema: AddMemberSchema,
    lastResult: useResultFor("add"),
    defaultValue: { role: "editor" },
    shouldValidate: "onSubmit",
  });
  return (
    <PostForm form={form} submit={C.add} busyLabel={C.adding} intent="add">
      <Text>{C.addHint}</Text>
      <EmailAndRole email={fields.email} role={fields.role} />
    </PostForm>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { team, error, invitations, invitationsError, me } = loaderData;
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
      <ToolSection id="invite-heading" title={C.inviteHeading}>
        <InvitePerson />
      </ToolSection>
      <ToolSection id="invitations-heading" title={C.invitationsHeading}>
        <Invitations invitations={invitations} error={invitationsError} />
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
