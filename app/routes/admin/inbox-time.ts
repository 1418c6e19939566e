// One fixed locale and time zone, so the server's HTML and the hydrated page agree.
const TIME_FORMAT = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** When a submission arrived or was handled, e.g. "24 Nov 2026, 09:30 UTC". */
export function formatInboxTime(iso: string) {
  return `${TIME_FORMAT.format(new Date(iso))} UTC`;
}
