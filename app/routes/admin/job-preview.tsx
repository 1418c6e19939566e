import { Alert, Anchor, Container } from "@mantine/core";
import { Link } from "react-router";
import type { Route } from "./+types/job-preview";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { OpenJob } from "#app/routes/careers/job-detail.tsx";
import { readJob } from "./jobs.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

// The job's page as visitors will read it, drafts and closed jobs included,
// read with the team member's token.

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: `${JOBS_ADMIN_COPY.preview}: ${args.loaderData?.job.title ?? ""}`,
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "jobs");
  if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
  const job = await readJob(getSupabase(context), Number(params.id));
  if (!job) throw notFound();
  return { job };
}

export default function JobPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Container size="lg" pt={96}>
        <Alert color="blue" title={JOBS_ADMIN_COPY.preview} role="status">
          {JOBS_ADMIN_COPY.previewBanner}{" "}
          <Anchor component={Link} to={JOBS_ADMIN_PATH}>
            {JOBS_ADMIN_COPY.backToJobs}
          </Anchor>
        </Alert>
      </Container>
      <OpenJob job={loaderData.job} />
    </>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
