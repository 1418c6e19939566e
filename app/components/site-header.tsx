import { Link } from "react-router";
import { BRAND_NAME } from "#app/content/site.ts";

export function SiteHeader() {
  return (
    <header>
      <nav aria-label="Main">
        <Link to="/">{BRAND_NAME}</Link>
      </nav>
    </header>
  );
}
