import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  Alert,
  Button,
  Input,
  Modal,
  Paper,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useFormDialog } from "#app/components/use-form-dialog.ts";
import { Toast } from "#app/components/toast.tsx";
import { CV_ACCEPT, JobApplicationSchema } from "./job-application-schema.ts";
import { useNonce } from "#app/utils/nonce-provider.tsx";
import type { ApplicationActionData } from "./job-application.server.ts";

// The job application: with JavaScript "Apply Now" opens a dialog and the
// form posts through a fetcher; without it "Apply Now" links to
// ?apply=1#apply, which renders the same multipart form in the page.

const FETCHER_KEY = "job-application";

function ApplicationForm({
  jobId,
  idPrefix,
}: {
  jobId: string;
  idPrefix: string;
}) {
  const nonce = useNonce();
  const fetcher = useFetcher<ApplicationActionData>({ key: FETCHER_KEY });
  const documentResult = useActionData<ApplicationActionData>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `${idPrefix}-job-application`,
    lastResult: busy ? null : (fetcher.data?.result ?? documentResult?.result),
    constraint: getZodConstraint(JobApplicationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: JobApplicationSchema }),
  });

  return (
    <fetcher.Form
      method="post"
      action={`/careers/${jobId}?apply=1#apply`}
      encType="multipart/form-data"
      {...getFormProps(form)}
    >
      <Stack gap="md">
        <HoneypotInputs nonce={nonce} />
        {form.errors?.length ? (
          <Alert color="red" role="alert" id={form.errorId}>
            {form.errors.map((error) => (
              <div key={error}>{error}</div>
            ))}
          </Alert>
        ) : null}
        {/* Text fields come before the file: if the upload is refused
            half-way, the server has already read them and gives them back. */}
        <TextInput
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          label="Name"
          autoComplete="name"
          error={fields.name.errors?.join(" ")}
        />
        <TextInput
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          label="Email"
          autoComplete="email"
          error={fields.email.errors?.join(" ")}
        />
        <Textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          label="Comment (optional)"
          minRows={3}
          autosize
          error={fields.comment.errors?.join(" ")}
        />
        {/* A native file input: Mantine's FileInput needs JavaScript. */}
        <Input.Wrapper
          label="CV"
          description="PDF, DOC or DOCX, at most 5MB"
          required
          labelProps={{ htmlFor: fields.cv.id }}
          error={fields.cv.errors?.join(" ")}
          errorProps={{ id: fields.cv.errorId }}
        >
          <input
            {...getInputProps(fields.cv, { type: "file" })}
            key={fields.cv.key}
            accept={CV_ACCEPT}
            style={{ display: "block", marginTop: 6 }}
          />
        </Input.Wrapper>
        <Button type="submit" disabled={busy}>
          {busy ? "Submitting..." : "Submit Application"}
        </Button>
      </Stack>
    </fetcher.Form>
  );
}

/** "Apply Now": a link to the in-page form that opens the dialog once the page is hydrated. */
export function ApplyNowButton({
  jobId,
  jobTitle,
}: {
  jobId: string;
  jobTitle: string;
}) {
  const { opened, close, open, toast } =
    useFormDialog<ApplicationActionData>(FETCHER_KEY);

  return (
    <>
      <Button
        component={Link}
        to={`/careers/${jobId}?apply=1#apply`}
        size="md"
        onClick={open}
        aria-haspopup="dialog"
      >
        Apply Now
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Apply for ${jobTitle}`}
        centered
        size="lg"
      >
        <ApplicationForm jobId={jobId} idPrefix="dialog" />
      </Modal>
      <Toast toast={toast} />
    </>
  );
}

/** The same form in the page, shown when the URL asks for it (`?apply=1`). */
export function ApplicationPanel({
  jobId,
  jobTitle,
}: {
  jobId: string;
  jobTitle: string;
}) {
  const [searchParams] = useSearchParams();
  const documentResult = useActionData<ApplicationActionData>();
  if (searchParams.get("apply") !== "1") return null;
  return (
    <Paper
      id="apply"
      withBorder
      shadow="sm"
      radius="lg"
      p="xl"
      mt="xl"
      maw={640}
    >
      <Title order={2} size="h3" mb="md">
        Apply for {jobTitle}
      </Title>
      <ApplicationForm jobId={jobId} idPrefix="page" />
      <Toast toast={documentResult?.toast} />
    </Paper>
  );
}
