// Every word of the team inbox (/admin/inbox).

export const ADMIN_PATH = "/admin";
export const INBOX_PATH = "/admin/inbox";

export const INBOX_PER_PAGE = 20;

export const INBOX_COPY = {
  title: "Inbox",
  description:
    "Contact messages and job applications sent through the website.",
  filterKind: "Kind",
  filterStatus: "Status",
  filterAll: "All",
  kinds: { message: "Messages", application: "Applications" },
  statuses: { new: "New", handled: "Handled" },
  applyFilters: "Filter",
  filterApplications: "Applications by job and stage",
  filterJob: "Job",
  filterStage: "Stage",
  anyJob: "All jobs",
  anyStage: "All stages",
  openInPipeline: "Stage, notes and replies",
  columns: {
    from: "From",
    what: "What",
    when: "Received",
    state: "State",
    actions: "Actions",
  },
  kindLabel: { message: "Message", application: "Application" },
  sources: {
    "contact-page": "Contact page",
    "company-dialog": "Company page",
  } as Record<string, string>,
  applicationFor: (jobTitle: string) => `Application for ${jobTitle}`,
  noComment: "No comment.",
  notification: {
    pending: "E-mail pending",
    sent: "E-mail sent",
    failed: "E-mail not sent",
    unknown: "E-mail not recorded",
  },
  handledOn: (when: string) => `Handled ${when}`,
  deletedOn: (when: string) => `Deleted on ${when}`,
  markHandled: "Mark handled",
  markNew: "Mark new",
  downloadCv: (fileName: string) => `Download CV (${fileName})`,
  delete: "Delete",
  deleteLabel: (name: string) => `Delete the submission from ${name}`,
  empty: "Nothing here yet.",
  emptyHint:
    "Messages from the contact forms and job applications arrive here as they are sent.",
  showAll: "Show everything",
  tabCount: (count: number) => (count > 99 ? "99+" : String(count)),
  listLabel: "Submissions",
  detailLabel: "Submission",
  detailEmpty: "Select a submission to read it here.",
  backToList: "Back to the list",
  reply: (email: string) => `Reply to ${email}`,
  emptyFiltered: "No submissions match these filters.",
  pagination: "Inbox pages",
  previousPage: "Previous page",
  nextPage: "Next page",
  page: (page: number) => `Page ${page}`,
} as const;

export const INBOX_DELETE_COPY = {
  pageTitle: "Delete submission",
  confirmation: "Are you sure you want to delete this submission?",
  cvNote: (fileName: string) => `Its CV (${fileName}) is deleted with it.`,
  confirm: "Delete Submission",
  cancel: "Cancel",
  notFoundTitle: "Submission Not Found",
  notFoundMessage: "This submission does not exist or was already deleted.",
} as const;

export const INBOX_MESSAGES = {
  loadFailed: { title: "Error", description: "Failed to load the inbox" },
  markedHandled: { title: "Success", description: "Marked as handled" },
  markedNew: { title: "Success", description: "Marked as new" },
  updateFailed: {
    title: "Error",
    description: "Failed to update the submission",
  },
  deleted: { title: "Success", description: "Submission deleted" },
  deleteFailed: {
    title: "Error",
    description: "Failed to delete the submission",
  },
  cvNotDeleted: {
    title: "Error",
    description: "The submission was deleted, but its CV could not be removed.",
  },
  cvFailed: {
    title: "CV Unavailable",
    description: "The CV could not be downloaded. Please try again.",
  },
} as const;
