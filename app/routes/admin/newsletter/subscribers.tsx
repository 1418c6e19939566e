import { Badge, Button, Group, Text, TextInput } from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/subscribers";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ActionNotice } from "#app/components/team/action-notice.tsx";
import { DataTable } from "#app/components/team/data-table.tsx";
import { FilterForm } from "#app/components/team/filter-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { ToolSection } from "#app/components/team/tool-section.tsx";
import {
  NEWSLETTER_ADMIN_PATH,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
  SUBSCRIBERS_COPY as C,
} from "#app/content/newsletter.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import {
  eraseSubscriber,
  searchSubscribers,
  statusCounts,
} from "./subscribers.server.ts";

// The newsletter's subscribers for the team: counts by status, a search by
// address, the CSV export with the consent evidence, and erasure.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "newsletter");
  const q = new URL(request.url).searchParams.get("q")?.trim() || null;
  const supabase = getSupabase(context);
  const [counts, rows] = await Promise.all([
    statusCounts(supabase),
    searchSubscribers(supabase, q),
  ]);
  return data({ q, counts, rows });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(context, request, "newsletter");
  const email = String((await requireSmallForm(request)).get("email") ?? "")
    .trim()
    .toLowerCase();
  const erased = email
    ? await eraseSubscriber(getSupabase(context), email)
    : false;
  return data(
    { ok: erased, message: erased ? C.erased : C.notFound },
    {
      status: erased ? 200 : 404,
    },
  );
}

const day = (value: string | null) => (value ? value.slice(0, 10) : "—");

export default function Subscribers({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { q, counts, rows } = loaderData;
  return (
    <ToolPage title={C.title} size="lg">
      <Group gap="md" data-testid="subscriber-counts">
        {SUBSCRIBER_STATUSES.map((status) => (
          <Badge key={status} size="lg" variant="light">
            {C.statuses[status]}: {counts[status].toLocaleString("en-US")}
          </Badge>
        ))}
      </Group>
      <Group align="flex-end" justify="space-between">
        <FilterForm role="search" submit={C.searchButton}>
          <TextInput
            name="q"
            type="search"
            label={C.search}
            defaultValue={q ?? ""}
          />
        </FilterForm>
        <Button
          component="a"
          href={`${NEWSLETTER_ADMIN_PATH}/export.csv`}
          variant="light"
          download
        >
          {C.export}
        </Button>
      </Group>
      <DataTable
        minWidth={640}
        rows={rows}
        rowKey={(row) => row.email}
        empty={<Text>{C.none}</Text>}
        columns={[
          { head: C.columns.email, cell: (row) => row.email },
          {
            head: C.columns.status,
            cell: (row) => C.statuses[row.status as keyof typeof C.statuses],
          },
          {
            head: C.columns.requested,
            cell: (row) => day(row.consent_requested_at),
          },
          { head: C.columns.confirmed, cell: (row) => day(row.confirmed_at) },
          { head: C.columns.form, cell: (row) => row.consent_form },
        ]}
      />
      {rows.length === SUBSCRIBER_PAGE_SIZE ? (
        <Text c="dimmed">{C.shown(SUBSCRIBER_PAGE_SIZE)}</Text>
      ) : null}
      <ToolSection id="erase-heading" title={C.eraseHeading}>
        <Text>{C.eraseHint}</Text>
        <ActionNotice result={actionData} />
        <Form method="post">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="email"
              type="email"
              required
              label={C.eraseLabel}
            />
            <Button type="submit" color="red.9">
              {C.erase}
            </Button>
          </Group>
        </Form>
      </ToolSection>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
