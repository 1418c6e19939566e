import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Anchor,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import {
  FormErrors,
  SubmitButton,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import {
  INVITATION_COPY as C,
  type InvitationPageState,
} from "#app/content/invitation.ts";
import { toolsHome } from "#app/content/tools.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { ROLE_LABELS } from "#app/lib/roles.ts";
import { unavailable } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getUser, setSignedInUser } from "#app/utils/session.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { AcceptInvitationSchema } from "./invitation-schema.ts";
import {
  acceptInvitation,
  invitationStatus,
  type Acceptance,
} from "./invitation.server.ts";

// The page an invitation's e-mail opens: /invitation/<id>?token_hash=…&type=invite
// (supabase/templates/invite.html). Opening it changes nothing, so a mail
// scanner that follows the link cannot use it up; the person's post of a
// password does: verify, set the password, take the role, land in the tools.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS: Record<InvitationPageState, number> = {
  expired: 410,
  revoked: 410,
  accepted: 200,
  "not-found": 404,
  incomplete: 400,
};

type Page =
  | { state: "pending"; email: string; role: string; tokenHash: string }
  | { state: InvitationPageState };

/** What the link shows: the form while it is pending and whole, else why not. */
async function readPage(
  request: Request,
  context: Route.LoaderArgs["context"],
  id: string,
): Promise<Page> {
  if (!UUID.test(id)) return { state: "not-found" };
  const status = await invitationStatus(getSupabase(context), id);
  if (status === "error") throw unavailable(C.loadFailed);
  if (!status) return { state: "not-found" };
  if (status.state !== "pending") return { state: status.state };
  const tokenHash = new URL(request.url).searchParams.get("token_hash") ?? "";
  if (!/^[0-9a-f]{20,128}$/.test(tokenHash)) return { state: "incomplete" };
  return {
    state: "pending",
    email: status.email,
    role: ROLE_LABELS[status.role],
    tokenHash,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await readPage(request, context, params.id);
  return data(page, {
    status: page.state === "pending" ? 200 : STATUS[page.state],
  });
}

const REFUSALS: Record<
  Exclude<Acceptance, { ok: true }>["reason"],
  { message: string; status: number }
> = {
  "link-used": { message: C.linkUsed, status: 410 },
  "weak-password": { message: C.weakPassword, status: 400 },
  expired: { message: C.states.expired.heading, status: 410 },
  revoked: { message: C.states.revoked.heading, status: 410 },
  accepted: { message: C.states.accepted.heading, status: 409 },
  failed: { message: C.failed, status: 500 },
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await requireSmallForm(request);
  const page = await readPage(request, context, params.id);
  const submission = parseWithZod(formData, { schema: AcceptInvitationSchema });
  const hidden = { hideFields: ["password", "confirm"] };
  if (page.state !== "pending") {
    return data(
      {
        page,
        result: submission.reply({
          ...hidden,
          formErrors: [C.states[page.state].heading],
        }),
      },
      { status: STATUS[page.state] },
    );
  }
  if (submission.status !== "success") {
    return data({ page, result: submission.reply(hidden) }, { status: 400 });
  }
  const accepted = await acceptInvitation(getSupabase(context), {
    id: params.id,
    email: page.email,
    tokenHash: submission.value.tokenHash,
    password: submission.value.password,
    current: getUser(context),
  });
  if (!accepted.ok) {
    const refusal = REFUSALS[accepted.reason];
    return data(
      {
        page,
        result: submission.reply({ ...hidden, formErrors: [refusal.message] }),
      },
      { status: refusal.status },
    );
  }
  setSignedInUser(context, accepted.user);
  return redirectWithToast(toolsHome(accepted.role) ?? "/", {
    title: C.welcome,
    type: "success",
  });
}

function AcceptForm({
  page,
  lastResult,
}: {
  page: Extract<Page, { state: "pending" }>;
  lastResult: Route.ComponentProps["actionData"] extends infer A
    ? A extends { result: infer R }
      ? R
      : undefined
    : undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "accept-invitation",
    schema: AcceptInvitationSchema,
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Stack gap="md">
      <Text>{C.intro(page.email, page.role)}</Text>
      <FormErrors form={form} title="Not accepted" />
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="md">
          <input type="hidden" name="tokenHash" value={page.tokenHash} />
          {/* The address, for password managers to file the new password under. */}
          <input
            type="email"
            name="username"
            value={page.email}
            autoComplete="username"
            readOnly
            hidden
          />
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label={C.passwordLabel}
            description={C.passwordHint}
            autoComplete="new-password"
            error={fields.password.errors?.join(" ")}
          />
          <PasswordInput
            {...getInputProps(fields.confirm, { type: "password" })}
            key={fields.confirm.key}
            label={C.confirmLabel}
            autoComplete="new-password"
            error={fields.confirm.errors?.join(" ")}
          />
          <SubmitButton
            busy={navigation.state === "submitting"}
            busyLabel={C.accepting}
          >
            {C.accept}
          </SubmitButton>
        </Stack>
      </Form>
    </Stack>
  );
}

export default function Invitation({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const page = actionData?.page ?? loaderData;
  return (
    <Container size={520} py={80}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1}>
            {page.state === "pending" ? C.title : C.states[page.state].heading}
          </Title>
          {page.state === "pending" ? (
            <AcceptForm page={page} lastResult={actionData?.result} />
          ) : (
            <Alert
              color={page.state === "accepted" ? "blue" : "red"}
              role={page.state === "accepted" ? "status" : "alert"}
              data-testid="invitation-state"
            >
              {C.states[page.state].body}
            </Alert>
          )}
          {page.state === "accepted" ? (
            <Anchor component={Link} to="/auth">
              {C.signIn}
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
