import { Modal } from "@mantine/core";
import { Link } from "react-router";
import {
  COMPANY_CONTACT_SENT,
  CompanyContactSchema,
} from "./company-contact-schema.ts";
import { TextareaField, VisitorFields } from "#app/components/form-kit.tsx";
import {
  PublicFetcherForm,
  PublicFormPanel,
} from "#app/components/public-fetcher-form.tsx";
import { Toast } from "#app/components/toast.tsx";
import { useFormDialog } from "#app/components/use-form-dialog.ts";
import type { PublicFormData } from "#app/utils/public-form.server.ts";

// The company page's "Get in Touch". With JavaScript the control opens a
// dialog and the form posts through a fetcher; without it the control is a
// link to /company?contact=1, which renders the same form in the page and
// posts it to the company route's action like any HTML form. Once sent, the
// form gives way to a confirmation, in the dialog or in the page.

const FETCHER_KEY = "company-contact";
const FORM_ACTION = "/company?contact=1#get-in-touch";

function CompanyContactForm({
  idPrefix,
  dialog,
}: {
  idPrefix: string;
  /** In the dialog: whether it shows the confirmation, and how it closes. */
  dialog?: { sent: boolean; close: () => void };
}) {
  return (
    <PublicFetcherForm
      fetcherKey={FETCHER_KEY}
      id={`${idPrefix}-company-contact`}
      schema={CompanyContactSchema}
      action={FORM_ACTION}
      dialog={dialog}
      sentCopy={COMPANY_CONTACT_SENT}
      onward={{ to: "/company", label: "Back to the company page" }}
      submit={{ label: "Send Message", busyLabel: "Sending..." }}
    >
      {(fields) => (
        <>
          <VisitorFields name={fields.name} email={fields.email} />
          <TextareaField meta={fields.message} label="Message" minRows={4} />
        </>
      )}
    </PublicFetcherForm>
  );
}

/**
 * The "Get in Touch" control: a real link that, once the page is hydrated,
 * opens the dialog instead. The success or failure toast is shown outside it.
 */
export function GetInTouchButton({
  to,
  label,
  className,
}: {
  to: string;
  label: string;
  className?: string;
}) {
  const { opened, close, open, toast, sent } =
    useFormDialog<PublicFormData>(FETCHER_KEY);

  return (
    <>
      <Link to={to} className={className} onClick={open} aria-haspopup="dialog">
        {label}
      </Link>
      <Modal opened={opened} onClose={close} title="Get in Touch" centered>
        <CompanyContactForm idPrefix="dialog" dialog={{ sent, close }} />
      </Modal>
      <Toast toast={toast} />
    </>
  );
}

/** The same form in the page, shown when the URL asks for it (`?contact=1`). */
export function CompanyContactPanel() {
  return (
    <PublicFormPanel
      param="contact"
      title="Get in Touch"
      order={3}
      maw={560}
      mx="auto"
      ta="left"
      // It sits in the Join band, whose pale text would fade its title and labels.
      c="var(--mantine-color-text)"
    >
      <CompanyContactForm idPrefix="page" />
    </PublicFormPanel>
  );
}
