import { describe, expect, test } from "vitest";
import {
  formatInZone,
  isTimeZone,
  utcToZonedInput,
  zonedTimeToUtc,
} from "./publish-time.ts";

describe("zonedTimeToUtc", () => {
  test.each([
    ["2026-12-01T09:30", "UTC", "2026-12-01T09:30:00.000Z"],
    ["2026-12-01T09:30", "Europe/Berlin", "2026-12-01T08:30:00.000Z"],
    ["2026-07-01T09:30", "Europe/Berlin", "2026-07-01T07:30:00.000Z"],
    ["2026-07-01T09:30", "America/New_York", "2026-07-01T13:30:00.000Z"],
    ["2026-12-31T23:45", "Asia/Kolkata", "2026-12-31T18:15:00.000Z"],
    ["2027-01-01T00:15", "Pacific/Kiritimati", "2026-12-31T10:15:00.000Z"],
  ])("%s in %s is %s", (local, zone, utc) => {
    expect(zonedTimeToUtc(local, zone)?.toISOString()).toBe(utc);
  });

  test("a time the clock skips moves forward by the gap; one it shows twice is the first", () => {
    // Berlin skips 02:00-03:00 on 2026-03-29 and shows 02:00-03:00 twice on 2026-10-25.
    expect(
      zonedTimeToUtc("2026-03-29T02:30", "Europe/Berlin")?.toISOString(),
    ).toBe("2026-03-29T01:30:00.000Z");
    expect(
      zonedTimeToUtc("2026-10-25T02:30", "Europe/Berlin")?.toISOString(),
    ).toBe("2026-10-25T00:30:00.000Z");
  });

  test("refuses what is no date and time, an impossible day, an unknown zone", () => {
    expect(zonedTimeToUtc("", "UTC")).toBeNull();
    expect(zonedTimeToUtc("tomorrow", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-30T10:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-02-03T10:00", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Nowhere")).toBe(false);
  });
});

describe("showing a time back", () => {
  test("fills the field in the zone it was entered in, and names the zone", () => {
    expect(utcToZonedInput("2026-07-01T07:30:00Z", "Europe/Berlin")).toBe(
      "2026-07-01T09:30",
    );
    expect(formatInZone("2026-07-01T07:30:00Z", "Europe/Berlin")).toBe(
      "July 1, 2026 at 9:30 AM (Europe/Berlin)",
    );
    expect(formatInZone("2026-07-01T07:30:00Z", "bogus")).toBe(
      "July 1, 2026 at 7:30 AM (UTC)",
    );
  });
});
