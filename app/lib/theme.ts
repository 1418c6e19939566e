import {
  Button,
  createTheme,
  Input,
  InputWrapper,
  Title,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineSize,
} from "@mantine/core";

// The site's design tokens, in one place: the type scale, weights, tracking,
// control sizes, radii, colours and focus ring. Mantine's components take
// them from this theme; the marketing pages' CSS modules, which load no
// Mantine, read the same values as CSS variables from app/styles/app.css,
// which holds exactly what the provider would set for this theme
// (theme-variables.test.ts). So a form or a tool and a marketing page are one
// product: same headings, same 48 px pill buttons, same inputs
// (tests/e2e/design-language.spec.ts measures them side by side).

/** Indigo-violet; shade 6 (#4f46e5) is the primary button, 7 its hover. */
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
 * Slate, the marketing pages' greys, as Mantine's gray: muted text is
 * gray-6 (#475569, 7.6:1 on white), placeholders gray-5 (#64748b, 4.8:1),
 * control borders gray-4, hairlines gray-2 and gray-3.
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

const fontFamily =
  "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Control heights by size. md is the site's standard control, the marketing
 * pill button and search box (48 px); sm and xs are for dense tool rows.
 */
const CONTROL_HEIGHTS: Record<MantineSize, string> = {
  xs: "2rem",
  sm: "2.5rem",
  md: "3rem",
  lg: "3.5rem",
  xl: "4rem",
};

const BUTTON_PADDING_X: Record<MantineSize, string> = {
  xs: "0.875rem",
  sm: "1.125rem",
  md: "1.5rem",
  lg: "1.75rem",
  xl: "2rem",
};

const isScaleSize = (size: unknown): size is MantineSize =>
  typeof size === "string" && size in CONTROL_HEIGHTS;

/** Tokens Mantine has no field for; app.css names each `--site-<kebab-case key>`. */
const other = {
  /** The page title's tight tracking (marketing headings); section titles a little less. */
  h1LetterSpacing: "-0.025em",
  h2LetterSpacing: "-0.015em",
  /** The small uppercase label above a marketing heading. */
  eyebrowLetterSpacing: "0.1em",
  controlHeight: CONTROL_HEIGHTS.md,
  controlPaddingX: BUTTON_PADDING_X.md,
  /** Keyboard focus on light surfaces, and on the dark ones (footer, call-to-action bands). */
  focusRing: "2px solid var(--mantine-color-brand-6)",
  focusRingInverse: "2px solid var(--mantine-color-white)",
  focusRingOffset: "2px",
};

export type SiteTokens = typeof other;

const kebab = (key: string) =>
  key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * What the site adds to Mantine's CSS variables: its own tokens, and error
 * text dark enough for WCAG AA (red-9, 5.5:1 on white; Mantine's red-6 is
 * 3.3:1). app/styles/app.css writes these out for every page, so the
 * provider does not (app/routes/mantine-layout.tsx).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: Object.fromEntries(
    Object.entries(resolved.other as SiteTokens).map(([key, value]) => [
      `--site-${kebab(key)}`,
      value,
    ]),
  ),
  light: { "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {},
});

export const theme = createTheme({
  colors: { brand, gray },
  primaryColor: "brand",
  primaryShade: 6,
  /** Navy: body text and titles, as on the marketing pages. */
  black: "#0f172a",
  fontFamily,
  headings: {
    fontFamily,
    fontWeight: "700",
    sizes: {
      // The page title: the marketing pages' headings (28 px on a phone, 40 px from 1200 px).
      h1: {
        fontSize: "clamp(1.75rem, 1.2rem + 2vw, 2.5rem)",
        fontWeight: "800",
        lineHeight: "1.15",
      },
      h2: { fontSize: "1.5rem", fontWeight: "700", lineHeight: "1.25" },
      // A card's title.
      h3: { fontSize: "1.25rem", fontWeight: "700", lineHeight: "1.3" },
      h4: { fontSize: "1.125rem", fontWeight: "700", lineHeight: "1.4" },
      h5: { fontSize: "1rem", fontWeight: "700", lineHeight: "1.5" },
      h6: { fontSize: "0.875rem", fontWeight: "700", lineHeight: "1.5" },
    },
  },
  /** md: inputs and small panels; lg: cards; xl: pills (buttons, badges, chips). */
  radius: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "0.75rem",
    lg: "1rem",
    xl: "2rem",
  },
  defaultRadius: "md",
  other,
  components: {
    Button: Button.extend({
      defaultProps: { size: "md", radius: "xl" },
      vars: (_theme, { size }) => ({
        root: isScaleSize(size)
          ? {
              "--button-height": CONTROL_HEIGHTS[size],
              "--button-padding-x": BUTTON_PADDING_X[size],
            }
          : {},
      }),
    }),
    Input: Input.extend({
      defaultProps: { size: "md" },
      vars: (_theme, { size }) => ({
        wrapper: isScaleSize(size)
          ? { "--input-height": CONTROL_HEIGHTS[size] }
          : {},
      }),
    }),
    // Labels stay at the small text size beside md inputs.
    InputWrapper: InputWrapper.extend({
      vars: () => ({
        label: { "--input-label-size": "var(--mantine-font-size-sm)" },
        description: {},
        error: {},
        success: {},
      }),
    }),
    Title: Title.extend({
      styles: (_theme, { order, size }) => {
        const level = size ?? `h${order ?? 1}`;
        return {
          root: {
            letterSpacing:
              level === "h1"
                ? other.h1LetterSpacing
                : level === "h2"
                  ? other.h2LetterSpacing
                  : undefined,
          },
        };
      },
    }),
    Badge: { defaultProps: { radius: "xl" } },
    // A light alert's title takes its colour's text shade, which for yellow
    // (#e67700 on #fff3bf, 2.7:1) is below AA: titles are body text, and
    // the tinted fill and border say which kind of notice it is.
    Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
    // Mantine's close button is an icon alone: without a label a screen
    // reader announces only "button" (axe's button-name).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});
