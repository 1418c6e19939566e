// Every word of the hiring pipeline's pages (/admin/jobs/{id}/applications,
// /admin/applications/{id}).

export const APPLICATIONS_PATH = "/admin/applications";

export const PIPELINE_STATUSES = [
  "new",
  "reviewing",
  "interview",
  "offer",
  "hired",
  "rejected",
  "withdrawn",
] as const;

export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const PIPELINE_COPY = {
  applications: "Applications",
  listTitle: (job: string) => `Applications: ${job}`,
  statusFilter: "Status",
  all: "All",
  filter: "Filter",
  none: "No applications match.",
  failed: "The applications could not be loaded. Please try again.",
  statuses: {
    new: "New",
    reviewing: "Reviewing",
    interview: "Interview",
    offer: "Offer",
    hired: "Hired",
    rejected: "Rejected",
    withdrawn: "Withdrawn",
    handled: "Handled",
  } as Record<string, string>,
  columns: { name: "Candidate", status: "Status", received: "Received" },
  applicationTitle: (name: string, job: string) => `${name}, ${job}`,
  move: "Move",
  moveTo: "Move to",
  moved: "The application moved.",
  notes: "Internal notes",
  noNotes: "No notes yet.",
  note: "New note (the candidate never sees it)",
  addNote: "Add note",
  noteAdded: "Note added.",
  noteRequired: "Write the note first",
  noteTooLong: "Please keep a note under 5000 characters",
  saveFailed: "That did not save. Please try again.",
  comment: "Comment",
  noComment: "No comment.",
  cv: "CV",
  backToList: "Back to the job's applications",
  replies: "E-mails to the candidate",
  noReplies: "No e-mails yet.",
  replySubject: "Subject",
  replyBody:
    "Message (sent to the candidate; their answer comes to the team's address)",
  replySubjectFor: (job: string) => `Your application for ${job}`,
  sendReply: "Send reply",
  replyQueued: "Reply stored; it is on its way to the candidate.",
  subjectRequired: "Write a subject",
  subjectTooLong: "Please keep the subject under 200 characters",
  replyRequired: "Write the message first",
  replyTooLong: "Please keep a reply under 20000 characters",
  purposes: { reply: "Reply", confirmation: "Confirmation" } as Record<
    string,
    string
  >,
  sentBy: (who: string) => `by ${who}`,
  system: "the website",
  emailStates: {
    pending: "Sending",
    sent: "Sent",
    failed: "Failed",
  } as Record<string, string>,
} as const;
