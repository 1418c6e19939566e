import { useEffect, useRef, useState } from "react";
import type { Image } from "#app/lib/content-model.ts";
import { YC_PROFILE_URL } from "#app/content/site.ts";
import classes from "./yc-badge.module.css";

const logFailure = (src: string) =>
  console.error(`Y Combinator badge image failed to load: ${src}`);

// The badge's artwork is drawn at this size; its address and words are the
// home page's content.
const WIDTH = 212;
const HEIGHT = 44;

/** Links to the company's Y Combinator profile; disappears if its image is broken. */
export function YcBadge({ image: badge }: { image: Image }) {
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
        src={badge.src}
        width={WIDTH}
        height={HEIGHT}
        alt={
          badge.decorative
            ? "Y Combinator (opens in a new tab)"
            : `${badge.alt} (opens in a new tab)`
        }
        decoding="async"
        onError={(event) => {
          logFailure(event.currentTarget.currentSrc || event.currentTarget.src);
          setFailed(true);
        }}
      />
    </a>
  );
}
