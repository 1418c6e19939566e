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
import { Form, Link } from "react-router";
import type { Route } from "./+types/job-applications";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import {
  APPLICATIONS_PATH,
  PIPELINE_COPY,
  PIPELINE_STATUSES,
} from "#app/content/pipeline.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { readJob } from "./jobs.server.ts";
import { statusFilter } from "./pipeline-schema.ts";
import { listApplications } from "./pipeline.server.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

const P = PIPELINE_COPY;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: P.listTitle(args.loaderData?.job.title ?? ""),
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
  const supabase = getSupabase(context);
  const job = await readJob(supabase, Number(params.id));
  if (!job) throw notFound();
  const status = statusFilter(new URL(request.url).searchParams.get("status"));
  const applications = await listApplications(supabase, job.id, status);
  return {
    job: { id: job.id, title: job.title },
    status,
    applications: applications ?? [],
    failed: applications === null,
  };
}

export default function JobApplications({ loaderData }: Route.ComponentProps) {
  const { job, status, applications, failed } = loaderData;
  return (
    <Container size="lg" p={0}>
      <Stack gap="lg">
        <Anchor component={Link} to={JOBS_ADMIN_PATH}>
          {JOBS_ADMIN_COPY.backToJobs}
        </Anchor>
        <Title order={1}>{P.listTitle(job.title)}</Title>
        <Form method="get">
          <Group align="end">
            <NativeSelect
              name="status"
              label={P.statusFilter}
              defaultValue={status ?? ""}
              data={[
                { value: "", label: P.all },
                ...PIPELINE_STATUSES.map((value) => ({
                  value,
                  label: P.statuses[value] ?? value,
                })),
              ]}
            />
            <Button type="submit" variant="default">
              {P.filter}
            </Button>
          </Group>
        </Form>
        {failed ? (
          <Alert color="red" title="Error" role="alert">
            {P.failed}
          </Alert>
        ) : applications.length === 0 ? (
          <Text>{P.none}</Text>
        ) : (
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{P.columns.name}</Table.Th>
                <Table.Th>{P.columns.status}</Table.Th>
                <Table.Th>{P.columns.received}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applications.map((application) => (
                <Table.Tr key={application.id} data-testid="application-row">
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${APPLICATIONS_PATH}/${application.id}`}
                    >
                      {application.name}
                    </Anchor>{" "}
                    <Text span c="dimmed">
                      {application.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">
                      {P.statuses[application.status] ?? application.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {application.created_at.slice(0, 16).replace("T", " ")} UTC
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
