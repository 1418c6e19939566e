import { useEffect, useRef, useState } from "react";
import classes from "./blog.module.css";
import type { ResponsiveImage } from "./image-variants.server.ts";

// A social-card cover's proportions: most covers are made for sharing.
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/**
 * The post's cover. A cover that fails to load disappears: also when it
 * failed before hydration, which React's onError never hears about. Its empty
 * alt keeps a broken image invisible even without JavaScript.
 */
export function CoverImage({ image }: { image: ResponsiveImage }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) return null;
  return (
    <img
      ref={ref}
      {...image}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      alt=""
      className={classes.cover}
      decoding="async"
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
