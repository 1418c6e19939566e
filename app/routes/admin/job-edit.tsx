import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Anchor,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/job-edit";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  FormErrors,
  SubmitButton,
  usePendingPost,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { routeMeta } from "#app/lib/meta.ts";
import {
  EMPLOYMENT_TYPES,
  LOCATION_TYPES,
  PAY_UNITS,
} from "#app/routes/careers/job-posting.ts";
import { jobFormValues, JobSchema, utcInputValue } from "./job-schema.ts";
import { readJob, saveJob } from "./jobs.server.ts";
import { requireRole } from "#app/utils/permissions.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

const C = JOBS_ADMIN_COPY;
const F = C.fields;

/** The job this URL edits: null for /admin/jobs/new. */
function editedId(param: string) {
  if (param === "new") return null;
  if (!/^[1-9]\d{0,15}$/.test(param)) throw notFound();
  return Number(param);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.title
      ? C.editTitle(args.loaderData.title)
      : C.newTitle,
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const id = editedId(params.id);
  if (id === null) {
    return {
      id: null,
      title: null,
      values: {
        employment_type: "Full-time",
        location_type: "remote",
        posted_at: utcInputValue(new Date().toISOString()),
        published: "on",
      },
    };
  }
  const job = await readJob(getSupabase(context), id);
  if (!job) throw notFound();
  return { id, title: job.title, values: jobFormValues(job) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireRole(context, request, "admin");
  const id = editedId(params.id);
  const submission = parseWithZod(await requireSmallForm(request), {
    schema: JobSchema,
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const saved = await saveJob(getSupabase(context), id, submission.value);
  if (saved === null) {
    return data(
      { result: submission.reply({ formErrors: [C.failed] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(JOBS_ADMIN_PATH, {
    title: "Success",
    description: id === null ? C.created : C.saved,
    type: "success",
  });
}

type Field = FieldMetadata<string | number | undefined>;

function Text({
  meta,
  label,
  ...props
}: { meta: Field; label: string } & {
  description?: string;
  type?: "text" | "number" | "datetime-local";
  step?: number;
}) {
  const { type = "text", ...rest } = props;
  return (
    <TextInput
      {...getInputProps(meta, { type })}
      key={meta.key}
      label={label}
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
      {...rest}
    />
  );
}

function Area({
  meta,
  label,
  rows,
}: {
  meta: Field;
  label: string;
  rows: number;
}) {
  return (
    <Textarea
      {...getTextareaProps(meta)}
      key={meta.key}
      label={label}
      minRows={rows}
      autosize
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
    />
  );
}

function Select({
  meta,
  label,
  options,
}: {
  meta: Field;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <NativeSelect
      {...getSelectProps(meta)}
      key={meta.key}
      label={label}
      data={options}
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
    />
  );
}

export default function JobEdit({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm({
    id: `job-${loaderData.id ?? "new"}`,
    schema: JobSchema,
    lastResult: actionData?.result,
    defaultValue: loaderData.values,
    shouldValidate: "onSubmit",
  });
  const busy = usePendingPost();
  return (
    <Container size="md" p={0}>
      <Stack gap="lg">
        <Anchor component={Link} to={JOBS_ADMIN_PATH}>
          {C.backToJobs}
        </Anchor>
        <Title order={1}>
          {loaderData.title ? C.editTitle(loaderData.title) : C.newTitle}
        </Title>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="md">
            <FormErrors form={form} />
            <Text meta={fields.title} label={F.title} />
            <Area meta={fields.description} label={F.description} rows={2} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                meta={fields.employment_type}
                label={F.employment_type}
                options={EMPLOYMENT_TYPES.map((type) => ({
                  value: type,
                  label: type,
                }))}
              />
              <Text meta={fields.duration} label={F.duration} />
              <Text meta={fields.location} label={F.location} />
            </SimpleGrid>
            <Area meta={fields.about} label={F.about} rows={5} />
            <Area
              meta={fields.responsibilities}
              label={F.responsibilities}
              rows={4}
            />
            <Area
              meta={fields.qualifications}
              label={F.qualifications}
              rows={4}
            />
            <Area meta={fields.benefits} label={F.benefits} rows={4} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                meta={fields.location_type}
                label={F.location_type}
                options={LOCATION_TYPES.map((type) => ({
                  value: type,
                  label: C.locationTypes[type],
                }))}
              />
              <Text meta={fields.office_locality} label={F.office_locality} />
              <Text meta={fields.office_country} label={F.office_country} />
            </SimpleGrid>
            <Text meta={fields.remote_countries} label={F.remote_countries} />
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <Text
                meta={fields.pay_min}
                label={F.pay_min}
                type="number"
                description={C.payHint}
              />
              <Text meta={fields.pay_max} label={F.pay_max} type="number" />
              <Text meta={fields.pay_currency} label={F.pay_currency} />
              <Select
                meta={fields.pay_unit}
                label={F.pay_unit}
                options={[
                  { value: "", label: "—" },
                  ...PAY_UNITS.map((unit) => ({
                    value: unit,
                    label: C.payUnits[unit],
                  })),
                ]}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text
                meta={fields.posted_at}
                label={F.posted_at}
                type="datetime-local"
                step={1}
              />
              <Text
                meta={fields.closes_at}
                label={F.closes_at}
                type="datetime-local"
                step={1}
              />
            </SimpleGrid>
            <Checkbox
              {...getInputProps(fields.published, { type: "checkbox" })}
              key={fields.published.key}
              label={F.published}
            />
            <Group>
              <SubmitButton busy={busy} busyLabel={C.saving}>
                {C.save}
              </SubmitButton>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
