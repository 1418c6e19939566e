import { useEffect, useRef, useState } from "react";
import classes from "./blog.module.css";

/**
 * The post's cover. A cover that fails to load disappears: also when it
 * failed before hydration, which React's onError never hears about. Its empty
 * alt keeps a broken image invisible even without JavaScript.
 */
export function CoverImage({ src }: { src: string }) {
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
      src={src}
      alt=""
      className={classes.cover}
      decoding="async"
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
