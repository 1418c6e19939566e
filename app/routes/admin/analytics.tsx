import {
  Alert,
  Anchor,
  NativeSelect,
  SimpleGrid,
  Text,
  TextInput,
} from "@mantine/core";
import { data } from "react-router";
import type { Route } from "./+types/analytics";
import { AnalyticsChart } from "./analytics-chart.tsx";
import { parseRange, type AnalyticsRange } from "./analytics-range.ts";
import { loadReport, type Count } from "./analytics-report.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { choices } from "#app/components/team/choices.ts";
import { DataTable, type Column } from "#app/components/team/data-table.tsx";
import { FilterForm } from "#app/components/team/filter-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { ToolSection } from "#app/components/team/tool-section.tsx";
import {
  ANALYTICS_COPY,
  ANALYTICS_PATH,
  ANALYTICS_RANGES,
} from "#app/content/analytics.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

// The team's analytics: what the server counted (decision 160), for the last
// 7, 30 or 90 days or a custom range chosen with a plain GET form. The chart
// is SVG drawn on the server (decision 161), every number is in a table too.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: ANALYTICS_COPY.title,
    description: ANALYTICS_COPY.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "analytics");
  const range = parseRange(
    new URL(request.url).searchParams,
    new Date().toISOString().slice(0, 10),
  );
  const supabase = getSupabase(context);
  // Read with the team member's own token: row-level security decides.
  const report = await loadReport(supabase, range);
  return data(
    { range, report },
    { status: report ? (range.errors.length ? 400 : 200) : 503 },
  );
}

const number = new Intl.NumberFormat("en");
const percent = new Intl.NumberFormat("en", {
  style: "percent",
  maximumFractionDigits: 1,
});

const copy = ANALYTICS_COPY;

function RangeForm({ range }: { range: AnalyticsRange }) {
  const custom = range.range === "custom";
  return (
    <FilterForm action={ANALYTICS_PATH} submit={copy.apply}>
      <NativeSelect
        name="range"
        label={copy.rangeLegend}
        defaultValue={range.range}
        data={choices(ANALYTICS_RANGES, copy.rangeLabels)}
      />
      <TextInput
        type="date"
        name="from"
        label={copy.from}
        defaultValue={custom ? range.typed.from || range.from : ""}
      />
      <TextInput
        type="date"
        name="to"
        label={copy.to}
        defaultValue={custom ? range.typed.to || range.to : ""}
      />
    </FilterForm>
  );
}

/** Columns of counts, each formatted and headed by its name in the copy. */
function numbers<Key extends keyof typeof copy.columns>(
  ...keys: Key[]
): Column<Record<Key, number>>[] {
  return keys.map((key) => ({
    head: copy.columns[key],
    numeric: true,
    cell: (row) => number.format(row[key]),
  }));
}

/** The top lists: the report's field, the table's title and its first column's head. */
const COUNT_TABLES = [
  ["pages", copy.sections.pages, copy.columns.page],
  ["posts", copy.sections.posts, copy.columns.post],
  ["referrers", copy.sections.referrers, copy.columns.referrer],
  ["campaigns", copy.sections.campaigns, copy.columns.campaign],
  ["sources", copy.columns.source, copy.columns.source],
  ["mediums", copy.columns.medium, copy.columns.medium],
  ["countries", copy.sections.countries, copy.columns.country],
  ["devices", copy.sections.devices, copy.columns.device],
] as const;

/** What a top list's row is called: a post by its title, a device by its name. */
function countName(
  key: (typeof COUNT_TABLES)[number][0],
  row: Count & { title?: string | null },
) {
  if (key === "posts") {
    return <Anchor href={row.value}>{row.title ?? row.value}</Anchor>;
  }
  return key === "devices" ? (copy.devices[row.value] ?? row.value) : row.value;
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, report } = loaderData;
  return (
    <ToolPage title={copy.title} size="xl">
      <RangeForm range={range} />
      {range.errors.length > 0 ? (
        <Alert color="red" role="alert">
          {range.errors.join(" ")}
        </Alert>
      ) : null}
      <Text>{copy.showing(range.from, range.to)}</Text>
      {report === null ? (
        <Alert color="red" role="alert">
          {copy.loadFailed}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(["visitors", "views", "conversions"] as const).map((key) => (
              <div key={key}>
                <Text size="sm" c="dimmed">
                  {copy.totals[key]}
                </Text>
                <Text fz={32} fw={700} data-testid={`total-${key}`}>
                  {number.format(report.totals[key])}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <ToolSection id="over-time" title={copy.overTime}>
            <AnalyticsChart
              days={report.days}
              label={copy.chartLabel(
                range.days,
                report.totals.visitors,
                report.totals.views,
              )}
              legend={{
                views: copy.columns.views,
                visitors: copy.columns.visitors,
              }}
            />
            <details>
              <summary>{copy.dayTable}</summary>
              <DataTable
                data-testid="analytics-days"
                rows={report.days}
                rowKey={(day) => day.day}
                columns={[
                  { head: copy.columns.day, cell: (day) => day.day },
                  ...numbers("visitors", "views"),
                ]}
              />
            </details>
          </ToolSection>
          <Text size="sm" c="dimmed">
            {copy.freshness}
          </Text>
          <ToolSection id="conversions" title={copy.sections.conversions}>
            <DataTable
              data-testid="analytics-conversions"
              minWidth={720}
              rows={report.conversions}
              rowKey={(row) => row.path}
              empty={<Text c="dimmed">{copy.none}</Text>}
              columns={[
                { head: copy.columns.landing, cell: (row) => row.path },
                ...numbers("landed", "contact", "application", "newsletter"),
                {
                  head: copy.columns.rate,
                  numeric: true,
                  cell: (row) =>
                    row.rate === null ? copy.noRate : percent.format(row.rate),
                },
              ]}
            />
          </ToolSection>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            {COUNT_TABLES.map(([key, title, label]) => (
              <ToolSection key={key} id={`analytics-${key}`} title={title}>
                <DataTable
                  data-testid={`analytics-${key}`}
                  rows={report[key]}
                  rowKey={(row) => row.value}
                  empty={
                    <Text c="dimmed">
                      {key === "countries" ? copy.noCountries : copy.none}
                    </Text>
                  }
                  columns={[
                    {
                      head: label,
                      cell: (row) => countName(key, row),
                      td: { style: { overflowWrap: "anywhere" } },
                    },
                    ...numbers("visitors", "views"),
                  ]}
                />
              </ToolSection>
            ))}
          </SimpleGrid>
        </>
      )}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
