import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/jobs";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { SubmitButton, usePendingPost } from "#app/components/form-kit.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { PIPELINE_COPY } from "#app/content/pipeline.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { jobState, listAllJobs, setJobOpen } from "./jobs.server.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
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
  await requireRole(context, request, "admin");
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
  await requireRole(context, request, "admin");
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

function OpenCloseButton({ id, open }: { id: number; open: boolean }) {
  const busy = usePendingPost({
    action: JOBS_ADMIN_PATH,
    matches: (formData) => formData.get("jobId") === String(id),
  });
  return (
    <Form method="post" action={JOBS_ADMIN_PATH}>
      <input type="hidden" name="jobId" value={id} />
      <SubmitButton
        name="intent"
        value={open ? "close" : "open"}
        size="xs"
        variant={open ? "outline" : "filled"}
        color={open ? "red.9" : undefined}
        busy={busy}
        loading={busy}
      >
        {open ? C.close : C.open}
      </SubmitButton>
    </Form>
  );
}

const STATE_COLORS = { draft: "gray", open: "green.9", closed: "red.9" };

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs, failed } = loaderData;
  return (
    <Container size="lg" p={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{C.title}</Title>
          <Button component={Link} to={`${JOBS_ADMIN_PATH}/new`}>
            {C.newJob}
          </Button>
        </Group>
        {failed ? (
          <Alert color="red" title="Error" role="alert">
            {C.failed}
          </Alert>
        ) : jobs.length === 0 ? (
          <Text>{C.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.columns.title}</Table.Th>
                  <Table.Th>{C.columns.state}</Table.Th>
                  <Table.Th>{C.columns.closes}</Table.Th>
                  <Table.Th>{C.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((job) => (
                  <Table.Tr key={job.id} data-testid="job-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${JOBS_ADMIN_PATH}/${job.id}`}
                      >
                        {job.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLORS[job.state]} variant="light">
                        {C.states[job.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {job.closesAt
                        ? `${job.closesAt.slice(0, 19).replace("T", " ")} UTC`
                        : C.never}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Button
                          component={Link}
                          to={`${JOBS_ADMIN_PATH}/${job.id}/preview`}
                          size="xs"
                          variant="default"
                        >
                          {C.preview}
                        </Button>
                        <Button
                          component={Link}
                          to={`${JOBS_ADMIN_PATH}/${job.id}/applications`}
                          size="xs"
                          variant="default"
                        >
                          {PIPELINE_COPY.applications}
                        </Button>
                        <OpenCloseButton
                          id={job.id}
                          open={job.state === "open"}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
