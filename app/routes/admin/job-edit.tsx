import {
  getInputProps,
  getSelectProps,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Checkbox, NativeSelect, SimpleGrid } from "@mantine/core";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/job-edit";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import {
  TextareaField,
  TextField,
  useSchemaForm,
} from "#app/components/form-kit.tsx";
import { choices } from "#app/components/team/choices.ts";
import { PostForm } from "#app/components/team/post-form.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { JOBS_ADMIN_COPY, JOBS_ADMIN_PATH } from "#app/content/admin-jobs.ts";
import { routeMeta } from "#app/lib/meta.ts";
import {
  EMPLOYMENT_TYPES,
  LOCATION_TYPES,
  PAY_UNITS,
} from "#app/routes/careers/job-posting.ts";
import { jobFormValues, JobSchema, utcInputValue } from "./job-schema.ts";
import { readJob, saveJob } from "./jobs.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
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
  await requireAccess(context, request, "jobs");
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
  await requireAccess(context, request, "jobs");
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
  return (
    <ToolPage
      title={loaderData.title ? C.editTitle(loaderData.title) : C.newTitle}
      size="md"
      back={{ to: JOBS_ADMIN_PATH, label: C.backToJobs }}
    >
      <PostForm form={form} gap="md" submit={C.save} busyLabel={C.saving}>
        <TextField meta={fields.title} label={F.title} />
        <TextareaField
          meta={fields.description}
          label={F.description}
          minRows={2}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            meta={fields.employment_type}
            label={F.employment_type}
            options={choices(EMPLOYMENT_TYPES, {})}
          />
          <TextField meta={fields.duration} label={F.duration} />
          <TextField meta={fields.location} label={F.location} />
        </SimpleGrid>
        {(
          ["about", "responsibilities", "qualifications", "benefits"] as const
        ).map((name) => (
          <TextareaField
            key={name}
            meta={fields[name]}
            label={F[name]}
            minRows={name === "about" ? 5 : 4}
          />
        ))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            meta={fields.location_type}
            label={F.location_type}
            options={choices(LOCATION_TYPES, C.locationTypes)}
          />
          <TextField meta={fields.office_locality} label={F.office_locality} />
          <TextField meta={fields.office_country} label={F.office_country} />
        </SimpleGrid>
        <TextField meta={fields.remote_countries} label={F.remote_countries} />
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextField
            meta={fields.pay_min}
            label={F.pay_min}
            type="number"
            description={C.payHint}
          />
          <TextField meta={fields.pay_max} label={F.pay_max} type="number" />
          <TextField meta={fields.pay_currency} label={F.pay_currency} />
          <Select
            meta={fields.pay_unit}
            label={F.pay_unit}
            options={choices(PAY_UNITS, C.payUnits, "—")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            meta={fields.posted_at}
            label={F.posted_at}
            type="datetime-local"
            step={1}
          />
          <TextField
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
      </PostForm>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
