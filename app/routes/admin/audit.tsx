import {
  Alert,
  Anchor,
  Badge,
  NativeSelect,
  Text,
  TextInput,
} from "@mantine/core";
import { data, Link } from "react-router";
import type { Route } from "./+types/audit";
import {
  auditHref,
  parseAuditFilter,
  type AuditFilter,
} from "./audit-schema.ts";
import { listAudit, type AuditEntry } from "./audit.server.ts";
import { formatInboxTime } from "./inbox-time.ts";
import { listTeam } from "./people.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { DataTable } from "#app/components/team/data-table.tsx";
import { FilterForm } from "#app/components/team/filter-form.tsx";
import { Pager } from "#app/components/team/pager.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import {
  AUDIT_COPY as C,
  AUDIT_KINDS,
  AUDIT_PATH,
} from "#app/content/audit.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

// The audit log for admins: newest first, filtered by person, kind and a
// period of days, paged by keyset. The filters are a GET form and the pages
// plain links, so all of it works without JavaScript.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "audit");
  const params = new URL(request.url).searchParams;
  const parsed = parseAuditFilter(params);
  const supabase = getSupabase(context);
  const [page, team] = await Promise.all([
    parsed.filter ? listAudit(supabase, parsed.filter, params) : null,
    listTeam(supabase),
  ]);
  const people = (team ?? []).map((member) => ({
    value: member.id,
    label: member.name,
  }));
  const filter: AuditFilter = parsed.filter ?? {};
  const fields = {
    person: params.get("person") ?? "",
    kind: params.get("kind") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  if (parsed.error !== null) {
    return data(
      { fields, people, error: parsed.error, entries: [], pager: null },
      { status: 400 },
    );
  }
  if (!page) {
    return data(
      { fields, people, error: C.loadFailed, entries: [], pager: null },
      { status: 500 },
    );
  }
  const link = (to: typeof page.prev) =>
    to &&
    auditHref(AUDIT_PATH, filter, {
      page: to.page,
      after: to.after,
      before: to.before,
    });
  return {
    fields,
    people,
    error: null,
    entries: page.entries,
    pager: { page: page.page, prev: link(page.prev), next: link(page.next) },
  };
}

const KIND_CHOICES = [
  { value: "", label: C.anyKind },
  ...Object.entries(AUDIT_KINDS).map(([value, label]) => ({ value, label })),
];

function kindLabel(kind: string) {
  return (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { fields, people, error, entries, pager } = loaderData;
  return (
    <ToolPage title={C.title} size="xl">
      <Text>{C.description}</Text>
      <FilterForm
        action={AUDIT_PATH}
        aria-label={C.filtersLabel}
        submit={C.filter}
      >
        <NativeSelect
          name="person"
          label={C.personLabel}
          defaultValue={fields.person}
          data={[{ value: "", label: C.anyone }, ...people]}
        />
        <NativeSelect
          name="kind"
          label={C.kindLabel}
          defaultValue={fields.kind}
          data={KIND_CHOICES}
        />
        <TextInput
          type="date"
          name="from"
          label={C.fromLabel}
          defaultValue={fields.from}
        />
        <TextInput
          type="date"
          name="to"
          label={C.toLabel}
          defaultValue={fields.to}
        />
      </FilterForm>
      {error ? (
        <Alert color="red" title="Error" role="alert">
          {error}
        </Alert>
      ) : entries.length === 0 ? (
        <Text>{C.noEntries}</Text>
      ) : (
        <DataTable<AuditEntry>
          minWidth={720}
          rows={entries}
          rowKey={(entry) => entry.id}
          rowTestId="audit-entry"
          columns={[
            {
              head: C.columns.when,
              cell: (entry) => (
                <time dateTime={entry.at}>{formatInboxTime(entry.at)}</time>
              ),
            },
            {
              head: C.columns.who,
              // Each person's name lists their entries alone.
              cell: (entry) =>
                entry.actorId ? (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={auditHref(AUDIT_PATH, { person: entry.actorId })}
                  >
                    {entry.actor}
                  </Anchor>
                ) : (
                  <Text size="sm">{C.system}</Text>
                ),
            },
            {
              head: C.columns.what,
              cell: (entry) => (
                <Badge variant="light" color="gray">
                  {kindLabel(entry.kind)}
                </Badge>
              ),
            },
            {
              head: C.columns.summary,
              cell: (entry) => <Text size="sm">{entry.summary}</Text>,
            },
          ]}
        />
      )}
      {pager ? (
        <Pager
          label={C.pagerLabel}
          page={pager.page}
          prev={pager.prev}
          next={pager.next}
        />
      ) : null}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
