import { Alert, Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/jobs";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { DataTable } from "#app/components/team/data-table.tsx";
import { RowToggle } from "#app/components/team/row-toggle.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { PIPELINE_COPY } from "#app/content/pipeline.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { jobState, listAllJobs, setJobOpen } from "./jobs.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

const C = JOBS_ADMIN_COPY;

const OpenCloseSchema = z.object({
  intent: z.enum(["open", "close"]),
  jobId: z.coerce.number().int().positive(),
});

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.title,
    description: C.description,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "jobs");
  const supabase = getSupabase(context);
  const jobs = await listAllJobs(supabase);
  return {
    jobs: (jobs ?? []).map((job) => ({
      id: job.id,
      title: job.title,
      state: jobState(job),
      closesAt: job.closes_at,
    })),
    failed: jobs === null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(context, request, "jobs");
  const parsed = OpenCloseSchema.safeParse(
    Object.fromEntries(await requireSmallForm(request)),
  );
  const ok =
    parsed.success &&
    (await setJobOpen(
      getSupabase(context),
      parsed.data.jobId,
      parsed.data.intent === "open",
    ));
  return redirectWithToast(JOBS_ADMIN_PATH, {
    title: ok ? "Success" : "Error",
    description: !ok
      ? C.failed
      : parsed.data.intent === "open"
        ? C.opened
        : C.closed,
    type: ok ? "success" : "error",
  });
}

// Light badges read as shade 9 on shade 1 of a colour without a shade
// index (a shade makes Mantine fill the badge with it, hiding the word).
// green-9 on green-1 is 3.9:1, so an open job is in the brand's colour.
const STATE_COLORS = { draft: "gray", open: "brand", closed: "red" };

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs, failed } = loaderData;
  return (
    <ToolPage
      title={C.title}
      size="lg"
      action={
        <Button component={Link} to={`${JOBS_ADMIN_PATH}/new`}>
          {C.newJob}
        </Button>
      }
    >
      {failed ? (
        <Alert color="red" title="Error" role="alert">
          {C.failed}
        </Alert>
      ) : (
        <DataTable
          verticalSpacing="sm"
          minWidth={560}
          rows={jobs}
          rowKey={(job) => job.id}
          rowTestId="job-row"
          empty={<Text>{C.empty}</Text>}
          columns={[
            {
              head: C.columns.title,
              cell: (job) => (
                <Anchor component={Link} to={`${JOBS_ADMIN_PATH}/${job.id}`}>
                  {job.title}
                </Anchor>
              ),
            },
            {
              head: C.columns.state,
              cell: (job) => (
                <Badge color={STATE_COLORS[job.state]} variant="light">
                  {C.states[job.state]}
                </Badge>
              ),
            },
            {
              head: C.columns.closes,
              cell: (job) =>
                job.closesAt
                  ? `${job.closesAt.slice(0, 19).replace("T", " ")} UTC`
                  : C.never,
            },
            {
              head: C.columns.actions,
              cell: (job) => (
                <Group gap="xs">
                  {[
                    ["preview", C.preview],
                    ["applications", PIPELINE_COPY.applications],
                  ].map(([page, label]) => (
                    <Button
                      key={page}
                      component={Link}
                      to={`${JOBS_ADMIN_PATH}/${job.id}/${page}`}
                      size="xs"
                      variant="default"
                    >
                      {label}
                    </Button>
                  ))}
                  <RowToggle
                    action={JOBS_ADMIN_PATH}
                    field="jobId"
                    id={String(job.id)}
                    on={job.state === "open"}
                    turnOn={{ intent: "open", label: C.open }}
                    turnOff={{ intent: "close", label: C.close }}
                  />
                </Group>
              ),
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
