// A scheduled time is entered as the author reads a clock: a date and time
// (an <input type="datetime-local">, which carries no zone) in an IANA time
// zone the author picks, or that the browser reports with JavaScript on. It
// is stored in UTC; the zone is stored beside it to show the time back.
// Intl alone, the same in the browser and on the server.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export const DEFAULT_TIME_ZONE = "UTC";

/** The zones this runtime knows, UTC first: the choices of the zone field. */
export function timeZoneNames() {
  return [
    DEFAULT_TIME_ZONE,
    ...Intl.supportedValuesOf("timeZone").filter(
      (zone) => zone !== DEFAULT_TIME_ZONE,
    ),
  ];
}

export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `zone`, read back as if they were UTC. */
function wallClockAsUtc(instant: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * The instant a wall-clock time in `zone` names, or null when the text is no
 * date and time or the zone is unknown. A time a clock skips (the hour lost
 * to daylight saving) moves forward by the gap, as clocks do; a time it
 * shows twice is the first.
 */
export function zonedTimeToUtc(local: string, zone: string): Date | null {
  const match = LOCAL.exec(local.trim());
  if (!match || !isTimeZone(zone)) return null;
  const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0));
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return null;
  // The zone's offsets a day before and after: a daylight-saving change
  // between them makes the time ambiguous (both fit) or skipped (none does).
  const DAY = 86_400_000;
  const offsetBefore = wallClockAsUtc(wall - DAY, zone) - (wall - DAY);
  const offsetAfter = wallClockAsUtc(wall + DAY, zone) - (wall + DAY);
  const fitting = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => wallClockAsUtc(instant, zone) === wall,
  );
  return new Date(
    fitting.length > 0 ? Math.min(...fitting) : wall - offsetBefore,
  );
}

/** `instant` as a datetime-local value in `zone`, to fill the field again. */
export function utcToZonedInput(instant: string | Date, zone: string) {
  const wall = new Date(wallClockAsUtc(new Date(instant).getTime(), zone));
  return wall.toISOString().slice(0, 16);
}

/** `instant` for people, in `zone`, naming the zone. */
export function formatInZone(instant: string | Date, zone: string) {
  return (
    new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
    }).format(new Date(instant)) +
    ` (${isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE})`
  );
}
