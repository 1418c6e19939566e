import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox";
import classes from "./inbox.module.css";
import {
  inboxHref,
  openItemHref,
  parseInboxView,
  parseOpenItem,
  StatusChangeSchema,
  type InboxView,
} from "./inbox-schema.ts";
import {
  countInboxTabs,
  getInboxItem,
  listInbox,
  listJobChoices,
  setSubmissionStatus,
  type InboxItem,
  type InboxTabCount,
} from "./inbox.server.ts";
import { formatInboxTime } from "./inbox-time.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { choices } from "#app/components/team/choices.ts";
import { FilterForm } from "#app/components/team/filter-form.tsx";
import { Pager } from "#app/components/team/pager.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { INBOX_COPY, INBOX_MESSAGES, INBOX_PATH } from "#app/content/inbox.ts";
import {
  APPLICATIONS_PATH,
  PIPELINE_COPY,
  PIPELINE_STATUSES,
} from "#app/content/pipeline.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// The team inbox: contact messages and job applications in one list, with
// the one chosen (?open=) read in full beside it on wide screens and instead
// of it on a phone. Every control is a plain link or form, so all of it
// works without JavaScript.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: INBOX_COPY.title,
    description: INBOX_COPY.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "inbox");
  const params = new URL(request.url).searchParams;
  const view = parseInboxView(params);
  const open = parseOpenItem(params);
  const supabase = getSupabase(context);
  const [list, tabs, selected, jobs] = await Promise.all([
    listInbox(supabase, view),
    countInboxTabs(supabase, view),
    open ? getInboxItem(supabase, open) : null,
    listJobChoices(supabase),
  ]);
  if (!list) {
    return data(
      {
        view,
        items: [],
        links: { prev: null, next: null },
        tabs,
        jobs,
        selected: null,
        error: INBOX_MESSAGES.loadFailed.description,
      },
      { status: 500 },
    );
  }
  return {
    view,
    items: list.items,
    links: { prev: list.prev, next: list.next },
    tabs,
    jobs,
    selected,
    error: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a direct POST gets the same 401/403 as the page.
  await requireAccess(context, request, "inbox");
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
  // Back to the same filters, page and open submission, rebuilt from what
  // they may be.
  const viewParams = new URLSearchParams(parsed.data.view);
  const backView = parseInboxView(viewParams);
  const backOpen = parseOpenItem(viewParams);
  const back = backOpen
    ? openItemHref(backView, backOpen)
    : inboxHref(backView);
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

/** The kind and state badges: each tone's light variant, dark text on a pale fill (4.9:1 and more). */
const KIND_TONE = { message: "blue", application: "grape" } as const;

/** What a submission is, where it stands and where it came from. */
function Tags({ item }: { item: InboxItem }) {
  const handled = item.status === "handled";
  return (
    <Group gap="xs">
      <Badge variant="light" color={KIND_TONE[item.kind]}>
        {INBOX_COPY.kindLabel[item.kind]}
      </Badge>
      {/* brand rather than teal: teal-9 on teal-1 is 4.33:1. */}
      <Badge variant="light" color={handled ? "gray" : "brand"}>
        {PIPELINE_COPY.statuses[item.stage] ?? INBOX_COPY.statuses[item.status]}
      </Badge>
      <Text size="sm" c="dimmed">
        {origin(item)}
      </Text>
    </Group>
  );
}

/**
 * Applications narrowed to a job and a pipeline stage: a GET form, so the
 * filter is a URL without JavaScript too; the tabs' choice rides along.
 */
function ApplicationFilter({
  view,
  jobs,
}: {
  view: InboxView;
  jobs: { id: number; title: string }[];
}) {
  return (
    <FilterForm
      action={INBOX_PATH}
      aria-label={INBOX_COPY.filterApplications}
      submit={INBOX_COPY.applyFilters}
    >
      {view.kind ? <input type="hidden" name="kind" value={view.kind} /> : null}
      {view.status ? (
        <input type="hidden" name="status" value={view.status} />
      ) : null}
      <NativeSelect
        name="job"
        label={INBOX_COPY.filterJob}
        defaultValue={view.job ? String(view.job) : ""}
        data={[
          { value: "", label: INBOX_COPY.anyJob },
          ...jobs.map((job) => ({ value: String(job.id), label: job.title })),
        ]}
      />
      <NativeSelect
        name="stage"
        label={INBOX_COPY.filterStage}
        defaultValue={view.stage ?? ""}
        data={choices(
          PIPELINE_STATUSES,
          PIPELINE_COPY.statuses,
          INBOX_COPY.anyStage,
        )}
      />
    </FilterForm>
  );
}

/** The two rows of tabs, by kind and by status: each row's name and its tabs' names. */
const TAB_ROWS: Record<
  "kind" | "status",
  { label: string; names: Record<string, string> }
> = {
  kind: { label: INBOX_COPY.filterKind, names: INBOX_COPY.kinds },
  status: { label: INBOX_COPY.filterStatus, names: INBOX_COPY.statuses },
};

function Tabs({
  view,
  tabs,
}: {
  view: InboxView;
  tabs: { kind: InboxTabCount[]; status: InboxTabCount[] };
}) {
  return (
    <div className={classes.tabRows}>
      {(["kind", "status"] as const).map((by) => {
        const { label, names } = TAB_ROWS[by];
        return (
          <nav key={by} aria-label={label} className={classes.tabs}>
            <span className={classes.tabsLabel} aria-hidden="true">
              {label}
            </span>
            <ul className={classes.tabList}>
              {tabs[by].map((tab) => {
                const value = tab[by];
                const active =
                  tab.kind === view.kind && tab.status === view.status;
                return (
                  <li key={`${tab.kind}-${tab.status}`}>
                    <Link
                      to={inboxHref(tab)}
                      className={classes.tab}
                      aria-current={active ? "page" : undefined}
                    >
                      {value ? names[value] : INBOX_COPY.filterAll}
                      {tab.count !== null ? (
                        <span className={classes.tabCount}>
                          {INBOX_COPY.tabCount(tab.count)}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        );
      })}
    </div>
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
        size="sm"
        loading={busy}
      >
        {handled ? INBOX_COPY.markNew : INBOX_COPY.markHandled}
      </Button>
    </Form>
  );
}

function Actions({ item, view }: { item: InboxItem; view: string }) {
  return (
    <Group gap="xs">
      <StatusButton item={item} view={view} />
      <Button
        component={Link}
        to={`${INBOX_PATH}/${item.kind}/${item.id}/delete${view}`}
        variant="outline"
        color="red.9"
        size="sm"
        aria-label={INBOX_COPY.deleteLabel(item.name)}
      >
        {INBOX_COPY.delete}
      </Button>
    </Group>
  );
}

/** Where it came from: the job applied for, or the form the message was sent with. */
function origin(item: InboxItem) {
  return item.kind === "application" && item.jobTitle
    ? INBOX_COPY.applicationFor(item.jobTitle)
    : (INBOX_COPY.sources[item.source ?? ""] ?? "");
}

function CvLink({ item }: { item: InboxItem }) {
  if (item.kind !== "application" || !item.cvFileName) return null;
  // A document navigation: the server answers with a redirect to a
  // short-lived signed URL that downloads the file.
  return (
    <Anchor href={`${INBOX_PATH}/${item.id}/cv`} size="sm">
      {INBOX_COPY.downloadCv(item.cvFileName)}
    </Anchor>
  );
}

function StateNotes({ item }: { item: InboxItem }) {
  return (
    <Stack gap={0}>
      {item.status === "handled" && item.handledAt ? (
        <Text size="xs" c="dimmed">
          {INBOX_COPY.handledOn(formatInboxTime(item.handledAt))}
        </Text>
      ) : null}
      {item.deletesAt ? (
        <Text size="xs" c="dimmed" data-testid="deletes-at">
          {INBOX_COPY.deletedOn(formatInboxTime(item.deletesAt))}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {INBOX_COPY.notification[item.notification ?? "unknown"]}
      </Text>
    </Stack>
  );
}

/** One submission in the list: a card at every width, its name opening it in the detail pane. */
function InboxRow({
  item,
  view,
  listView,
  selected,
}: {
  item: InboxItem;
  view: string;
  listView: InboxView;
  selected: boolean;
}) {
  return (
    <li
      data-testid="inbox-row"
      data-id={item.id}
      className={classes.card}
      data-selected={selected || undefined}
    >
      <div className={classes.cardTop}>
        <Link
          to={openItemHref(listView, item.id)}
          className={classes.cardName}
          aria-current={selected ? "true" : undefined}
        >
          {item.name}
        </Link>
        <time dateTime={item.createdAt} className={classes.cardTime}>
          {formatInboxTime(item.createdAt)}
        </time>
      </div>
      <Anchor href={`mailto:${item.email}`} size="sm" className={classes.email}>
        {item.email}
      </Anchor>
      <Tags item={item} />
      <Text size="sm" className={classes.snippet}>
        {item.body || INBOX_COPY.noComment}
      </Text>
      <CvLink item={item} />
      <div className={classes.cardFoot}>
        <StateNotes item={item} />
        <Actions item={item} view={view} />
      </div>
    </li>
  );
}

function Detail({
  item,
  view,
  listView,
}: {
  item: InboxItem;
  view: string;
  listView: InboxView;
}) {
  return (
    <article
      className={classes.detail}
      aria-labelledby="inbox-detail-title"
      data-testid="inbox-detail"
    >
      <Link to={inboxHref(listView)} className={classes.back}>
        {INBOX_COPY.backToList}
      </Link>
      <Stack gap="md">
        <div>
          <Title order={2} id="inbox-detail-title">
            {item.name}
          </Title>
          <Anchor
            href={`mailto:${item.email}`}
            aria-label={INBOX_COPY.reply(item.email)}
          >
            {item.email}
          </Anchor>
        </div>
        <Tags item={item} />
        <Text size="sm" c="dimmed">
          {INBOX_COPY.columns.when}{" "}
          <time dateTime={item.createdAt}>
            {formatInboxTime(item.createdAt)}
          </time>
        </Text>
        <Text className={classes.body}>
          {item.body || INBOX_COPY.noComment}
        </Text>
        <CvLink item={item} />
        {item.kind === "application" ? (
          <Anchor component={Link} to={`${APPLICATIONS_PATH}/${item.id}`}>
            {INBOX_COPY.openInPipeline}
          </Anchor>
        ) : null}
        <StateNotes item={item} />
        <Actions item={item} view={view} />
      </Stack>
    </article>
  );
}

function EmptyInbox({ filtered }: { filtered: boolean }) {
  return (
    <div className={classes.empty}>
      <svg
        className={classes.emptyIcon}
        viewBox="0 0 24 24"
        width="40"
        height="40"
        aria-hidden="true"
      >
        <path
          d="M4 13h3l2 3h6l2-3h3M4 13l2.5-7h11L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-5Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={600}>
        {filtered ? INBOX_COPY.emptyFiltered : INBOX_COPY.empty}
      </Text>
      {filtered ? (
        <Anchor component={Link} to={INBOX_PATH} size="sm">
          {INBOX_COPY.showAll}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {INBOX_COPY.emptyHint}
        </Text>
      )}
    </div>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { view, items, links, tabs, jobs, selected, error } = loaderData;
  // The list's own query string, normalised: forms and links carry it so
  // every answer lands back on these filters and this page.
  const viewQuery = inboxHref(view).slice(INBOX_PATH.length);
  const openQuery = selected
    ? openItemHref(view, selected.id).slice(INBOX_PATH.length)
    : viewQuery;
  const filtered =
    view.kind !== null ||
    view.status !== null ||
    view.job !== null ||
    view.stage !== null;
  return (
    <ToolPage title={INBOX_COPY.title}>
      <Tabs view={view} tabs={tabs} />
      <ApplicationFilter view={view} jobs={jobs} />
      {error ? (
        <Alert color="red" title={INBOX_MESSAGES.loadFailed.title} role="alert">
          {error}
        </Alert>
      ) : (
        <div
          className={classes.panes}
          data-open={selected ? "" : undefined}
          data-empty={items.length === 0 && !selected ? "" : undefined}
        >
          <section aria-label={INBOX_COPY.listLabel} className={classes.list}>
            {items.length === 0 ? (
              <EmptyInbox filtered={filtered} />
            ) : (
              <ul className={classes.cards}>
                {items.map((item) => (
                  <InboxRow
                    key={item.id}
                    item={item}
                    view={viewQuery}
                    listView={view}
                    selected={item.id === selected?.id}
                  />
                ))}
              </ul>
            )}
            <Pager
              label={INBOX_COPY.pagination}
              page={view.page}
              prev={links.prev && inboxHref(links.prev)}
              next={links.next && inboxHref(links.next)}
              copy={INBOX_COPY}
            />
          </section>
          {selected || items.length > 0 ? (
            <section
              aria-label={INBOX_COPY.detailLabel}
              className={classes.detailPane}
            >
              {selected ? (
                <Detail item={selected} view={openQuery} listView={view} />
              ) : (
                <Text c="dimmed" className={classes.detailEmpty}>
                  {INBOX_COPY.detailEmpty}
                </Text>
              )}
            </section>
          ) : null}
        </div>
      )}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
