import { BRAND_NAME, COPYRIGHT_YEAR } from "#app/content/site.ts";

export function SiteFooter() {
  return (
    <footer>
      <p>
        © {COPYRIGHT_YEAR} {BRAND_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
