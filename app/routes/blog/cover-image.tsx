import { useEffect, useRef, useState } from "react";
import classes from "./blog.module.css";
import type { ResponsiveImage } from "./image-variants.server.ts";

// A social-card cover's proportions: most covers are made for sharing.
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** A cover's attributes with its alt text, empty when decorative (decision 134). */
export type CoverAttributes = ResponsiveImage & { alt: string };

/** For the loader: the page's code only spreads what it is given. */
export function coverImage(
  image: ResponsiveImage | null,
  alt: string | null,
): CoverAttributes | null {
  return image ? { ...image, alt: alt ?? "" } : null;
}

/**
 * The post's cover, with the author's alt text. A cover that fails to load
 * disappears: also when it failed before hydration, which React's onError
 * never hears about.
 */
export function CoverImage({ image }: { image: CoverAttributes }) {
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
      className={classes.cover}
      decoding="async"
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
