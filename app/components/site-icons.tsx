import type { SVGProps } from "react";

// Line icons drawn on a 24-unit grid with a 2-unit stroke, so every icon on the
// site shares one visual weight without pulling in an icon library.
//
// The icons of the header and footer live apart from the rest
// (app/components/marketing/icons.tsx) so that every page does not load the
// paths of all of them.
export const SITE_ICON_PATHS = {
  "chevron-down": "M6 9l6 6l6 -6",
  menu: "M4 6h16 M4 12h16 M4 18h16",
  x: "M18 6l-12 12 M6 6l12 12",
  github:
    "M9 19c-4.3 1.4 -4.3 -2.5 -6 -3m12 5v-3.5c0 -1 .1 -1.4 -.5 -2c2.8 -.3 5.5 -1.4 5.5 -6a4.6 4.6 0 0 0 -1.3 -3.2a4.2 4.2 0 0 0 -.1 -3.2s-1.1 -.3 -3.5 1.3a12.3 12.3 0 0 0 -6.2 0c-2.4 -1.6 -3.5 -1.3 -3.5 -1.3a4.2 4.2 0 0 0 -.1 3.2a4.6 4.6 0 0 0 -1.3 3.2c0 4.6 2.7 5.7 5.5 6c-.6 .6 -.6 1.2 -.5 2v3.5",
  "x-logo":
    "M4 4l11.733 16h4.267l-11.733 -16z M4 20l6.768 -6.768 M13.228 10.772l6.772 -6.772",
  linkedin:
    "M8 11v5 M8 8v.01 M12 16v-5 M16 16v-3a2 2 0 1 0 -4 0 M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4z",
  discord:
    "M8 12a1 1 0 1 0 2 0a1 1 0 0 0 -2 0 M14 12a1 1 0 1 0 2 0a1 1 0 0 0 -2 0 M15.5 17c0 1 1.5 3 2 3c1.5 0 2.833 -1.667 3.5 -3c.667 -1.667 .5 -5.833 -1.5 -11.5c-1.457 -1.015 -3 -1.34 -4.5 -1.5l-.972 1.923a11.913 11.913 0 0 0 -4.053 0l-.975 -1.923c-1.5 .16 -3.043 .485 -4.5 1.5c-2 5.667 -2.167 9.833 -1.5 11.5c.667 1.333 2 3 3.5 3c.5 0 2 -2 2 -3 M7 16.5c3.5 1 6.5 1 10 0",
} as const;

export type SiteIconName = keyof typeof SITE_ICON_PATHS;

type LineIconProps = Omit<SVGProps<SVGSVGElement>, "children"> & {
  /** The path data, on the 24-unit grid. */
  d: string;
  size?: number;
};

/** A decorative icon: the text beside it carries the meaning. */
export function LineIcon({ d, size = 20, ...props }: LineIconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

type SiteIconProps = Omit<LineIconProps, "d"> & { name: SiteIconName };

export function SiteIcon({ name, ...props }: SiteIconProps) {
  return <LineIcon d={SITE_ICON_PATHS[name]} {...props} />;
}
