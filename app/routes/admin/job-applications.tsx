import { Alert, Anchor, Badge, NativeSelect, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Route } from "./+types/job-applications";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { choices } from "#app/components/team/choices.ts";
import { DataTable } from "#app/components/team/data-table.tsx";
import { FilterForm } from "#app/components/team/filter-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
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
import { requireAccess } from "#app/utils/permissions.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

const P = PIPELINE_COPY;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: P.listTitle(args.loaderData?.job.title ?? ""),
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "jobs");
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
    <ToolPage
      title={P.listTitle(job.title)}
      size="lg"
      back={{ to: JOBS_ADMIN_PATH, label: JOBS_ADMIN_COPY.backToJobs }}
    >
      <FilterForm submit={P.filter}>
        <NativeSelect
          name="status"
          label={P.statusFilter}
          defaultValue={status ?? ""}
          data={choices(PIPELINE_STATUSES, P.statuses, P.all)}
        />
      </FilterForm>
      {failed ? (
        <Alert color="red" title="Error" role="alert">
          {P.failed}
        </Alert>
      ) : (
        <DataTable
          verticalSpacing="sm"
          rows={applications}
          rowKey={(application) => application.id}
          rowTestId="application-row"
          empty={<Text>{P.none}</Text>}
          columns={[
            {
              head: P.columns.name,
              cell: (application) => (
                <>
                  <Anchor
                    component={Link}
                    to={`${APPLICATIONS_PATH}/${application.id}`}
                  >
                    {application.name}
                  </Anchor>{" "}
                  <Text span c="dimmed">
                    {application.email}
                  </Text>
                </>
              ),
            },
            {
              head: P.columns.status,
              cell: (application) => (
                <Badge variant="light">
                  {P.statuses[application.status] ?? application.status}
                </Badge>
              ),
            },
            {
              head: P.columns.received,
              cell: (application) =>
                `${application.created_at.slice(0, 16).replace("T", " ")} UTC`,
            },
          ]}
        />
      )}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
