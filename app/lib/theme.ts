import { createTheme, type MantineColorsTuple } from "@mantine/core";

// The brand's tokens, the same ones the marketing pages' CSS modules use
// (app/components/marketing/marketing.module.css, site-header.module.css), so
// the form pages (sign-in, contact, careers, writing, admin) look like the
// same product: violet buttons as pills, navy titles. Dimmed and error text
// are darkened for contrast in app/styles/mantine.css, which only the Mantine
// pages load, so the variables every page inlines stay few.

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

const fontFamily =
  "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  colors: { brand },
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
    // Mantine's close button is an icon alone: without a label a screen
    // reader announces only "button" (axe's button-name).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});
