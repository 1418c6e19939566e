import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox";
import { AdminNav } from "./admin-nav.tsx";
import classes from "./admin.module.css";
import {
  inboxHref,
  parseInboxView,
  StatusChangeSchema,
  type InboxView,
} from "./inbox-schema.ts";
import {
  countNewSubmissions,
  listInbox,
  setSubmissionStatus,
  type InboxItem,
} from "./inbox.server.ts";
import { formatInboxTime } from "./inbox-time.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { INBOX_COPY, INBOX_MESSAGES, INBOX_PATH } from "#app/content/inbox.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// The team inbox: contact messages and job applications in one list. Every
// control is a plain link or form, so all of it works without JavaScript.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: INBOX_COPY.title,
    description: INBOX_COPY.description,
    noIndex: true,
  });

// Visitors' names, addresses and CVs: never kept by any cache, the sign-in
// and access-denied answers included.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const view = parseInboxView(new URL(request.url).searchParams);
  const supabase = getSupabase(context);
  const [list, newCount] = await Promise.all([
    listInbox(supabase, view),
    countNewSubmissions(supabase),
  ]);
  if (!list) {
    return data(
      {
        view,
        items: [],
        links: { prev: null, next: null },
        newCount,
        error: INBOX_MESSAGES.loadFailed.description,
      },
      { status: 500 },
    );
  }
  return {
    view,
    items: list.items,
    links: { prev: list.prev, next: list.next },
    newCount,
    error: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a direct POST gets the same 401/403 as the page.
  await requireRole(context, request, "admin");
  const parsed = StatusChangeSchema.safeParse(
    Object.fromEntries(await requireSmallForm(request)),
  );
  if (!parsed.success) {
    return redirectWithToast(INBOX_PATH, {
      ...INBOX_MESSAGES.updateFailed,
      type: "error",
    });
  }
  const { intent, kind, id } = parsed.data;
  // Back to the same filters and page, rebuilt from what they may be.
  const back = inboxHref(parseInboxView(new URLSearchParams(parsed.data.view)));
  const handled = intent === "mark-handled";
  const changed = await setSubmissionStatus(
    getSupabase(context),
    kind,
    id,
    handled ? "handled" : "new",
  );
  if (!changed) {
    return redirectWithToast(back, {
      ...INBOX_MESSAGES.updateFailed,
      type: "error",
    });
  }
  return redirectWithToast(back, {
    ...(handled ? INBOX_MESSAGES.markedHandled : INBOX_MESSAGES.markedNew),
    type: "success",
  });
}

function Filters({ view }: { view: InboxView }) {
  return (
    <Form method="get" action={INBOX_PATH}>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          name="kind"
          label={INBOX_COPY.filterKind}
          defaultValue={view.kind ?? ""}
          data={[
            { value: "", label: INBOX_COPY.filterAll },
            { value: "message", label: INBOX_COPY.kinds.message },
            { value: "application", label: INBOX_COPY.kinds.application },
          ]}
        />
        <NativeSelect
          name="status"
          label={INBOX_COPY.filterStatus}
          defaultValue={view.status ?? ""}
          data={[
            { value: "", label: INBOX_COPY.filterAll },
            { value: "new", label: INBOX_COPY.statuses.new },
            { value: "handled", label: INBOX_COPY.statuses.handled },
          ]}
        />
        <Button type="submit" variant="default">
          {INBOX_COPY.applyFilters}
        </Button>
      </Group>
    </Form>
  );
}

function StatusButton({ item, view }: { item: InboxItem; view: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  const handled = item.status === "handled";
  return (
    <Form method="post" action={INBOX_PATH}>
      <input type="hidden" name="kind" value={item.kind} />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="view" value={view} />
      <Button
        type="submit"
        name="intent"
        value={handled ? "mark-new" : "mark-handled"}
        variant={handled ? "default" : "filled"}
        size="xs"
        loading={busy}
      >
        {handled ? INBOX_COPY.markNew : INBOX_COPY.markHandled}
      </Button>
    </Form>
  );
}

function What({ item }: { item: InboxItem }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge
          variant="light"
          // Shade 9 throughout: the default shades' text fails AA (axe, accessibility.spec).
          color={item.kind === "application" ? "grape.9" : "blue.9"}
        >
          {INBOX_COPY.kindLabel[item.kind]}
        </Badge>
        <Text size="sm" c="dimmed">
          {item.kind === "application" && item.jobTitle
            ? INBOX_COPY.applicationFor(item.jobTitle)
            : (INBOX_COPY.sources[item.source ?? ""] ?? "")}
        </Text>
      </Group>
      <Text size="sm" className={classes.body}>
        {item.body || INBOX_COPY.noComment}
      </Text>
      {item.kind === "application" && item.cvFileName ? (
        // A document navigation: the server answers with a redirect to a
        // short-lived signed URL that downloads the file.
        <Anchor href={`${INBOX_PATH}/${item.id}/cv`} size="sm">
          {INBOX_COPY.downloadCv(item.cvFileName)}
        </Anchor>
      ) : null}
    </Stack>
  );
}

function InboxRow({ item, view }: { item: InboxItem; view: string }) {
  const handled = item.status === "handled";
  return (
    <Table.Tr data-testid="inbox-row" data-id={item.id}>
      <Table.Td>
        <Text fw={600}>{item.name}</Text>
        <Anchor href={`mailto:${item.email}`} size="sm">
          {item.email}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <What item={item} />
      </Table.Td>
      <Table.Td>
        <time dateTime={item.createdAt}>{formatInboxTime(item.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Badge color={handled ? "gray.9" : "teal.9"} variant="light">
            {handled ? INBOX_COPY.statuses.handled : INBOX_COPY.statuses.new}
          </Badge>
          {handled && item.handledAt ? (
            <Text size="xs" c="dimmed">
              {INBOX_COPY.handledOn(formatInboxTime(item.handledAt))}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {INBOX_COPY.notification[item.notification ?? "unknown"]}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <StatusButton item={item} view={view} />
          <Button
            component={Link}
            to={`${INBOX_PATH}/${item.kind}/${item.id}/delete${view}`}
            variant="outline"
            color="red.9"
            size="xs"
            aria-label={INBOX_COPY.deleteLabel(item.name)}
          >
            {INBOX_COPY.delete}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Pages({
  view,
  prev,
  next,
}: {
  view: InboxView;
  prev: InboxView | null;
  next: InboxView | null;
}) {
  if (prev === null && next === null) return null;
  return (
    <nav aria-label={INBOX_COPY.pagination}>
      <Group justify="space-between">
        {prev !== null ? (
          <Button
            component={Link}
            to={inboxHref(prev)}
            rel="prev"
            variant="default"
          >
            {INBOX_COPY.previousPage}
          </Button>
        ) : (
          <span />
        )}
        <Text size="sm">{INBOX_COPY.page(view.page)}</Text>
        {next !== null ? (
          <Button
            component={Link}
            to={inboxHref(next)}
            rel="next"
            variant="default"
          >
            {INBOX_COPY.nextPage}
          </Button>
        ) : (
          <span />
        )}
      </Group>
    </nav>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { view, items, links, newCount, error } = loaderData;
  // The list's own query string, normalised: forms and links carry it so
  // every answer lands back on these filters and this page.
  const viewQuery = inboxHref(view).slice(INBOX_PATH.length);
  const filtered = view.kind !== null || view.status !== null;
  return (
    <Container size="xl" pt={120} pb={80}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <AdminNav newCount={newCount} />
          <SignOutButton />
        </Group>
        <Title order={1}>{INBOX_COPY.title}</Title>
        <Filters view={view} />
        {error ? (
          <Alert
            color="red"
            title={INBOX_MESSAGES.loadFailed.title}
            role="alert"
          >
            {error}
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed">
            {filtered ? INBOX_COPY.emptyFiltered : INBOX_COPY.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{INBOX_COPY.columns.from}</Table.Th>
                  <Table.Th>{INBOX_COPY.columns.what}</Table.Th>
                  <Table.Th>{INBOX_COPY.columns.when}</Table.Th>
                  <Table.Th>{INBOX_COPY.columns.state}</Table.Th>
                  <Table.Th>{INBOX_COPY.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <InboxRow key={item.id} item={item} view={viewQuery} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pages view={view} {...links} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
