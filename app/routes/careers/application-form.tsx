import { Button, Modal } from "@mantine/core";
import { Link } from "react-router";
import {
  APPLICATION_SENT,
  CV_ACCEPT,
  JobApplicationSchema,
} from "./job-application-schema.ts";
import {
  FileField,
  TextareaField,
  VisitorFields,
} from "#app/components/form-kit.tsx";
import {
  PublicFetcherForm,
  PublicFormPanel,
} from "#app/components/public-fetcher-form.tsx";
import { Toast } from "#app/components/toast.tsx";
import { useFormDialog } from "#app/components/use-form-dialog.ts";
import type { PublicFormData } from "#app/utils/public-form.server.ts";

// The job application: with JavaScript "Apply Now" opens a dialog and the
// form posts through a fetcher; without it "Apply Now" links to
// ?apply=1#apply, which renders the same multipart form in the page. Once
// sent, the form gives way to a confirmation, in the dialog or in the page.

const FETCHER_KEY = "job-application";

const applyUrl = (jobId: string) => `/careers/${jobId}?apply=1#apply`;

type Dialog = ReturnType<typeof useApplicationDialog>;

/** The one dialog of a job page, which every Apply Now link opens. */
export function useApplicationDialog() {
  return useFormDialog<PublicFormData>(FETCHER_KEY);
}

function ApplicationForm({
  jobId,
  idPrefix,
  dialog,
}: {
  jobId: string;
  idPrefix: string;
  dialog?: Dialog;
}) {
  return (
    <PublicFetcherForm
      fetcherKey={FETCHER_KEY}
      id={`${idPrefix}-job-application`}
      schema={JobApplicationSchema}
      action={applyUrl(jobId)}
      encType="multipart/form-data"
      dialog={dialog}
      sentCopy={APPLICATION_SENT}
      onward={{ to: "/careers", label: "See all open positions" }}
      submit={{ label: "Submit Application", busyLabel: "Submitting..." }}
    >
      {(fields, form) => (
        <>
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
            onPick={() => form.validate({ name: fields.cv.name })}
          />
        </>
      )}
    </PublicFetcherForm>
  );
}

/** "Apply Now": a link to the in-page form that opens the dialog once the page is hydrated. */
export function ApplyNowButton({
  jobId,
  dialog,
  fullWidth,
}: {
  jobId: string;
  dialog: Dialog;
  fullWidth?: boolean;
}) {
  return (
    <Button
      component={Link}
      to={applyUrl(jobId)}
      size="md"
      fullWidth={fullWidth}
      onClick={dialog.open}
      aria-haspopup="dialog"
    >
      Apply Now
    </Button>
  );
}

/** The dialog the Apply Now links open, and the toast of its answer. */
export function ApplicationDialog({
  jobId,
  jobTitle,
  dialog,
}: {
  jobId: string;
  jobTitle: string;
  dialog: Dialog;
}) {
  return (
    <>
      <Modal
        opened={dialog.opened}
        onClose={dialog.close}
        title={`Apply for ${jobTitle}`}
        centered
        size="lg"
      >
        <ApplicationForm jobId={jobId} idPrefix="dialog" dialog={dialog} />
      </Modal>
      <Toast toast={dialog.toast} />
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
  return (
    <PublicFormPanel
      param="apply"
      title={`Apply for ${jobTitle}`}
      order={2}
      id="apply"
      maw={640}
    >
      <ApplicationForm jobId={jobId} idPrefix="page" />
    </PublicFormPanel>
  );
}
