import { createTheme, type MantineColorsTuple } from "@mantine/core";

// The brand's tokens, the same ones the marketing pages' CSS modules use
// (app/components/marketing/marketing.module.css, site-header.module.css), so
// the form pages (sign-in, contact, careers, writing, admin) look like the
// same product: violet buttons as pills, navy titles, slate greys.

/** Indigo-violet; shade 6 (#4f46e5) is the marketing button, 7 its hover. */
const brand: MantineColorsTuple = [
  "#eef2ff",
  "#e0e7ff",
  "#c7d2fe",
  "#a5b4fc",
  "#818cf8",
  "#6366f1",
  "#4f46e5",
  "#4338ca",
  "#3730a3",
  "#312e81",
];

/**
 * Slate instead of Mantine's grey. Shade 6 is the dimmed text of
 * descriptions and hints: Mantine's #868e96 is 3.3:1 on white and fails WCAG
 * AA; #475569 is 7.6:1.
 */
const gray: MantineColorsTuple = [
  "#f8fafc",
  "#f1f5f9",
  "#e2e8f0",
  "#cbd5e1",
  "#94a3b8",
  "#64748b",
  "#475569",
  "#334155",
  "#1e293b",
  "#0f172a",
];

/** Errors and required marks: Mantine's red-6 (#fa5252) is 3.3:1 on white; #dc2626 is 4.8:1. */
const red: MantineColorsTuple = [
  "#fef2f2",
  "#fee2e2",
  "#fecaca",
  "#fca5a5",
  "#f87171",
  "#ef4444",
  "#dc2626",
  "#b91c1c",
  "#991b1b",
  "#7f1d1d",
];

const fontFamily =
  "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  colors: { brand, gray, red },
  primaryColor: "brand",
  primaryShade: 6,
  /** Navy: body text and titles, as on the marketing pages. */
  black: "#0f172a",
  fontFamily,
  headings: { fontFamily, fontWeight: "700" },
  defaultRadius: "md",
  components: {
    Button: { defaultProps: { radius: "xl" } },
    Badge: { defaultProps: { radius: "xl" } },
  },
});
