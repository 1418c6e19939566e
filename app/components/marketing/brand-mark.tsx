import brandMarkHref from "#app/assets/brand-mark.svg?url";

/**
 * The logo mark (app/assets/brand-mark.svg). An image rather than inline
 * SVG, so its drawing is one cached file instead of bytes in every page's
 * JavaScript. Decorative: the brand name stands beside it.
 */
export function BrandMark({ size = 32 }: { size?: number }) {
  return <img src={brandMarkHref} width={size} height={size} alt="" />;
}
