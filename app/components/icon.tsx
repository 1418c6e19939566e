import type { SVGProps } from "react";
import spriteHref from "#app/assets/icons.svg?url";

/** The symbols of app/assets/icons.svg (app/components/icon.test.ts checks). */
export type IconName =
  | "arrow-right"
  | "bulb"
  | "chart-pie"
  | "check"
  | "chevron-down"
  | "cloud"
  | "copy"
  | "discord"
  | "eye"
  | "facebook"
  | "flask"
  | "gauge"
  | "github"
  | "heart"
  | "link"
  | "linkedin"
  | "menu"
  | "scale"
  | "server"
  | "share"
  | "shield-check"
  | "sparkles"
  | "target"
  | "trash"
  | "user-minus"
  | "world"
  | "x"
  | "x-logo";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & {
  name: IconName;
  size?: number;
};

/**
 * A decorative icon: the text beside it carries the meaning. The stroke is
 * set here and inherited by the symbol, so a caller can change its weight.
 */
export function Icon({ name, size = 20, ...props }: IconProps) {
  return (
    <svg
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
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
