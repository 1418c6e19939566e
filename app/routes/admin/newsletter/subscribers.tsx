import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/subscribers";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  NEWSLETTER_ADMIN_PATH,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
  SUBSCRIBERS_COPY as C,
} from "#app/content/newsletter.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
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
  await requireRole(context, request, "admin");
  const q = new URL(request.url).searchParams.get("q")?.trim() || null;
  const supabase = getSupabase(context);
  const [counts, rows] = await Promise.all([
    statusCounts(supabase),
    searchSubscribers(supabase, q),
  ]);
  return data({ q, counts, rows });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(context, request, "admin");
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
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{C.title}</Title>
        <Group gap="md" data-testid="subscriber-counts">
          {SUBSCRIBER_STATUSES.map((status) => (
            <Badge key={status} size="lg" variant="light">
              {C.statuses[status]}: {counts[status].toLocaleString("en-US")}
            </Badge>
          ))}
        </Group>
        <Group align="flex-end" justify="space-between">
          <Form method="get" role="search">
            <Group align="flex-end" gap="sm">
              <TextInput
                name="q"
                type="search"
                label={C.search}
                defaultValue={q ?? ""}
              />
              <Button type="submit" variant="default">
                {C.searchButton}
              </Button>
            </Group>
          </Form>
          <Button
            component="a"
            href={`${NEWSLETTER_ADMIN_PATH}/export.csv`}
            variant="light"
            download
          >
            {C.export}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text>{C.none}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.columns.email}</Table.Th>
                  <Table.Th>{C.columns.status}</Table.Th>
                  <Table.Th>{C.columns.requested}</Table.Th>
                  <Table.Th>{C.columns.confirmed}</Table.Th>
                  <Table.Th>{C.columns.form}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.email}>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      {C.statuses[row.status as keyof typeof C.statuses]}
                    </Table.Td>
                    <Table.Td>{day(row.consent_requested_at)}</Table.Td>
                    <Table.Td>{day(row.confirmed_at)}</Table.Td>
                    <Table.Td>{row.consent_form}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length === SUBSCRIBER_PAGE_SIZE ? (
          <Text c="dimmed">{C.shown(SUBSCRIBER_PAGE_SIZE)}</Text>
        ) : null}
        <Stack gap="sm" component="section" aria-labelledby="erase-heading">
          <Title order={2} id="erase-heading" size="h3">
            {C.eraseHeading}
          </Title>
          <Text>{C.eraseHint}</Text>
          {actionData ? (
            <Alert
              color={actionData.ok ? "green" : "red"}
              role={actionData.ok ? "status" : "alert"}
            >
              {actionData.message}
            </Alert>
          ) : null}
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
        </Stack>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
