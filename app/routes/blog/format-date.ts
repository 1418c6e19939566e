// One fixed locale and time zone, so the server's HTML and the hydrated page agree.
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeZone: "UTC",
});

export function formatPostDate(iso: string) {
  return DATE_FORMAT.format(new Date(iso));
}
