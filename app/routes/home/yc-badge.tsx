import { useEffect, useRef, useState } from "react";
import { YC_BADGE } from "#app/content/home.ts";
import { YC_PROFILE_URL } from "#app/content/site.ts";
import classes from "./yc-badge.module.css";

const logFailure = (src: string) =>
  console.error(`Y Combinator badge image failed to load: ${src}`);

/** Links to the company's Y Combinator profile; disappears if its image is broken. */
export function YcBadge() {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React
  // was listening, so check once on mount.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) {
      logFailure(img.currentSrc || img.src);
      setFailed(true);
    }
  }, []);

  if (failed) return null;
  return (
    <a
      href={YC_PROFILE_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.badge}
    >
      <img
        ref={image}
        src={YC_BADGE.src}
        width={YC_BADGE.width}
        height={YC_BADGE.height}
        alt={`${YC_BADGE.alt} (opens in a new tab)`}
        decoding="async"
        onError={(event) => {
          logFailure(event.currentTarget.currentSrc || event.currentTarget.src);
          setFailed(true);
        }}
      />
    </a>
  );
}
