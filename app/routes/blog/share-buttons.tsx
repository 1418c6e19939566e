import { useEffect, useRef, useState, type MouseEvent } from "react";
import classes from "./blog.module.css";
import {
  SHARE_NETWORKS,
  popupFeatures,
  type ShareNetwork,
} from "./share-links.ts";
import { Icon } from "#app/components/icon.tsx";
import { COPIED_MS, POST_COPY } from "#app/content/blog.ts";

type ShareButtonsProps = { url: string; title: string };

/**
 * "Share this post". The network links work as plain new-tab links; with
 * JavaScript they open a popup of the size each network expects. Copying and
 * the device's own share sheet need JavaScript, so they appear after
 * hydration, the share sheet only where the browser has one. Their failures
 * (a refused permission, a dismissed sheet) are ignored.
 */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const [hydrated, setHydrated] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setHydrated(true);
    setCanShare(typeof navigator.share === "function");
    return () => clearTimeout(timer.current);
  }, []);

  async function share() {
    try {
      await navigator.share({ title, text: POST_COPY.shareText, url });
    } catch {
      // Dismissed or refused: nothing to tell the visitor.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  function openPopup(
    event: MouseEvent<HTMLAnchorElement>,
    network: ShareNetwork,
  ) {
    const popup = window.open(
      event.currentTarget.href,
      `share-${network.id}`,
      popupFeatures(network, {
        left: window.screenX,
        top: window.screenY,
        width: window.outerWidth,
        height: window.outerHeight,
      }),
    );
    // A blocked popup leaves the click alone: the link opens in a new tab.
    if (!popup) return;
    popup.opener = null;
    event.preventDefault();
  }

  return (
    <div className={classes.share}>
      {canShare ? (
        <button type="button" className={classes.shareButton} onClick={share}>
          <Icon name="share" size={16} />
          {POST_COPY.shareVia}
        </button>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          className={classes.shareButton}
          onClick={copy}
          aria-live="polite"
        >
          <Icon name={copied ? "check" : "link"} size={16} />
          {copied ? POST_COPY.copied : POST_COPY.copyLink}
        </button>
      ) : null}
      {SHARE_NETWORKS.map((network) => (
        <a
          key={network.id}
          href={network.href(url, title)}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.shareIcon}
          aria-label={POST_COPY.shareOn(network.name)}
          title={POST_COPY.shareOn(network.name)}
          data-network={network.id}
          onClick={(event) => openPopup(event, network)}
        >
          <Icon name={network.icon} size={18} />
        </a>
      ))}
    </div>
  );
}
