import { getFormProps } from "@conform-to/react";
import { Button, Modal, Paper, Stack, Title } from "@mantine/core";
import { Link, useActionData, useSearchParams } from "react-router";
import { CV_ACCEPT, JobApplicationSchema } from "./job-application-schema.ts";
import type { ApplicationActionData } from "./job-application.server.ts";
import {
  FileField,
  PublicFormHead,
  SubmitButton,
  TextareaField,
  useFetcherForm,
  VisitorFields,
} from "#app/components/form-kit.tsx";
import { Toast } from "#app/components/toast.tsx";
import { useFormDialog } from "#app/components/use-form-dialog.ts";

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
  const { fetcher, form, fields, busy } = useFetcherForm(FETCHER_KEY, {
    id: `${idPrefix}-job-application`,
    schema: JobApplicationSchema,
  });

  return (
    <fetcher.Form
      method="post"
      action={`/careers/${jobId}?apply=1#apply`}
      encType="multipart/form-data"
      {...getFormProps(form)}
    >
      <Stack gap="md">
        <PublicFormHead form={form} />
        {/* Text fields come before the file: if the upload is refused
            half-way, the server has already read them and gives them back. */}
        <VisitorFields name={fields.name} email={fields.email} />
        <TextareaField
          meta={fields.comment}
          label="Comment (optional)"
          minRows={3}
        />
        <FileField
          meta={fields.cv}
          label="CV"
          description="PDF, DOC or DOCX, at most 5MB"
          accept={CV_ACCEPT}
        />
        <SubmitButton busy={busy} busyLabel="Submitting...">
          Submit Application
        </SubmitButton>
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
