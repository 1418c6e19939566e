// Neutral wordmarks for the "Trusted by developers worldwide" strip. They are
// original artwork of fictional teams, not marks of real companies.

export type Logo = { name: string; src: string; width: number; height: number };

const wordmark = (name: string, file: string, width: number): Logo => ({
  name,
  src: `/images/logos/${file}.svg`,
  width,
  height: 40,
});

export const TRUSTED_BY_HEADING = "Trusted by developers worldwide";

export const TRUSTED_LOGOS: Logo[] = [
  wordmark("Northwind", "northwind", 152),
  wordmark("Lumen Labs", "lumen-labs", 160),
  wordmark("Quartzbase", "quartzbase", 160),
  wordmark("Helix Data", "helix-data", 152),
  wordmark("Orbital", "orbital", 128),
  wordmark("Vectorly", "vectorly", 136),
  wordmark("Cobalt", "cobalt", 124),
  wordmark("Meridian", "meridian", 144),
];
