import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/analytics";
import { AnalyticsChart } from "./analytics-chart.tsx";
import { parseRange, type AnalyticsRange } from "./analytics-range.ts";
import { loadReport, type Count } from "./analytics-report.server.ts";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  ANALYTICS_COPY,
  ANALYTICS_PATH,
  ANALYTICS_RANGES,
} from "#app/content/analytics.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
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
  await requireRole(context, request, "admin");
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

function RangeForm({ range }: { range: AnalyticsRange }) {
  const custom = range.range === "custom";
  return (
    <Form method="get" action={ANALYTICS_PATH}>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          name="range"
          label={ANALYTICS_COPY.rangeLegend}
          defaultValue={range.range}
          data={ANALYTICS_RANGES.map((value) => ({
            value,
            label: ANALYTICS_COPY.rangeLabels[value],
          }))}
        />
        <TextInput
          type="date"
          name="from"
          label={ANALYTICS_COPY.from}
          defaultValue={custom ? range.typed.from || range.from : ""}
        />
        <TextInput
          type="date"
          name="to"
          label={ANALYTICS_COPY.to}
          defaultValue={custom ? range.typed.to || range.to : ""}
        />
        <Button type="submit" variant="default">
          {ANALYTICS_COPY.apply}
        </Button>
      </Group>
    </Form>
  );
}

function CountTable({
  id,
  title,
  label,
  rows,
  render = (value) => value,
  empty = ANALYTICS_COPY.none,
}: {
  id: string;
  title: string;
  label: string;
  rows: Count[];
  render?: (value: string, row: Count) => React.ReactNode;
  empty?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table striped data-testid={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label}</Table.Th>
              <Table.Th ta="right">{ANALYTICS_COPY.columns.visitors}</Table.Th>
              <Table.Th ta="right">{ANALYTICS_COPY.columns.views}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.value}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  {render(row.value, row)}
                </Table.Td>
                <Table.Td ta="right">{number.format(row.visitors)}</Table.Td>
                <Table.Td ta="right">{number.format(row.views)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, report } = loaderData;
  const copy = ANALYTICS_COPY;
  return (
    <Container size="xl" p={0}>
      <Stack gap="lg">
        <Title order={1}>{copy.title}</Title>
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
            <section aria-labelledby="over-time">
              <Title order={2} size="h4" id="over-time" mb="xs">
                {copy.overTime}
              </Title>
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
                <Table striped data-testid="analytics-days">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{copy.columns.day}</Table.Th>
                      <Table.Th ta="right">{copy.columns.visitors}</Table.Th>
                      <Table.Th ta="right">{copy.columns.views}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.days.map((day) => (
                      <Table.Tr key={day.day}>
                        <Table.Td>{day.day}</Table.Td>
                        <Table.Td ta="right">
                          {number.format(day.visitors)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {number.format(day.views)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </details>
            </section>
            <Text size="sm" c="dimmed">
              {copy.freshness}
            </Text>
            <section aria-labelledby="conversions">
              <Title order={2} size="h4" id="conversions" mb="xs">
                {copy.sections.conversions}
              </Title>
              {report.conversions.length === 0 ? (
                <Text c="dimmed">{copy.none}</Text>
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table striped data-testid="analytics-conversions">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{copy.columns.landing}</Table.Th>
                        <Table.Th ta="right">{copy.columns.landed}</Table.Th>
                        <Table.Th ta="right">{copy.columns.contact}</Table.Th>
                        <Table.Th ta="right">
                          {copy.columns.application}
                        </Table.Th>
                        <Table.Th ta="right">
                          {copy.columns.newsletter}
                        </Table.Th>
                        <Table.Th ta="right">{copy.columns.rate}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {report.conversions.map((row) => (
                        <Table.Tr key={row.path}>
                          <Table.Td>{row.path}</Table.Td>
                          <Table.Td ta="right">
                            {number.format(row.landed)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {number.format(row.contact)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {number.format(row.application)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {number.format(row.newsletter)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {row.rate === null
                              ? copy.noRate
                              : percent.format(row.rate)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </section>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <CountTable
                id="analytics-pages"
                title={copy.sections.pages}
                label={copy.columns.page}
                rows={report.pages}
              />
              <CountTable
                id="analytics-posts"
                title={copy.sections.posts}
                label={copy.columns.post}
                rows={report.posts}
                render={(value) => (
                  <Anchor href={value}>
                    {report.posts.find((post) => post.value === value)?.title ??
                      value}
                  </Anchor>
                )}
              />
              <CountTable
                id="analytics-referrers"
                title={copy.sections.referrers}
                label={copy.columns.referrer}
                rows={report.referrers}
              />
              <CountTable
                id="analytics-campaigns"
                title={copy.sections.campaigns}
                label={copy.columns.campaign}
                rows={report.campaigns}
              />
              <CountTable
                id="analytics-sources"
                title={copy.columns.source}
                label={copy.columns.source}
                rows={report.sources}
              />
              <CountTable
                id="analytics-mediums"
                title={copy.columns.medium}
                label={copy.columns.medium}
                rows={report.mediums}
              />
              <CountTable
                id="analytics-countries"
                title={copy.sections.countries}
                label={copy.columns.country}
                rows={report.countries}
                empty={copy.noCountries}
              />
              <CountTable
                id="analytics-devices"
                title={copy.sections.devices}
                label={copy.columns.device}
                rows={report.devices}
                render={(value) => copy.devices[value] ?? value}
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
