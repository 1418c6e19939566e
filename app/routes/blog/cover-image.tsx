import { useEffect, useRef, useState } from "react";
import classes from "./blog.module.css";
import type { ResponsiveImage } from "./image-variants.server.ts";

// A social-card cover's proportions: most covers are made for sharing.
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/**
 * The post's cover, with the author's alt text (empty for a decorative
 * one). A cover that fails to load disappears: also when it failed before
 * hydration, which React's onError never hears about.
 */
export function CoverImage({
  image,
  alt,
}: {
  image: ResponsiveImage;
  alt: string;
}) {
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
      alt={alt}
      className={classes.cover}
      decoding="async"
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
