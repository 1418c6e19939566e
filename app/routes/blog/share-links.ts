// Outbound share links: plain URLs, so they work as new-tab links without
// JavaScript and load nothing from the networks until a visitor clicks.

export type ShareNetwork = {
  id: "facebook" | "twitter" | "linkedin";
  name: string;
  /** Its mark today: Twitter's is X's, as in the site's footer. */
  icon: "facebook" | "x-logo" | "linkedin";
  width: number;
  height: number;
  href: (url: string, title: string) => string;
};

export const SHARE_NETWORKS: ShareNetwork[] = [
  {
    id: "facebook",
    name: "Facebook",
    icon: "facebook",
    width: 550,
    height: 400,
    href: (url) =>
      `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
  },
  {
    id: "twitter",
    name: "Twitter",
    icon: "x-logo",
    width: 550,
    height: 400,
    href: (url, title) =>
      `https://twitter.com/intent/tweet?${new URLSearchParams({ url, text: title })}`,
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    icon: "linkedin",
    width: 750,
    height: 600,
    href: (url) =>
      `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`,
  },
];

/** window.open features for a popup of this size, centred over the current window. */
export function popupFeatures(
  { width, height }: { width: number; height: number },
  screen: { left: number; top: number; width: number; height: number },
) {
  const left = Math.max(
    0,
    Math.round(screen.left + (screen.width - width) / 2),
  );
  const top = Math.max(
    0,
    Math.round(screen.top + (screen.height - height) / 2),
  );
  return `width=${width},height=${height},left=${left},top=${top}`;
}
