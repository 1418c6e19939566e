import type { ComponentType } from "react";
import { HomePage, type HomePageData } from "#app/routes/home/home-page.tsx";
import type { PageKey } from "./page-types.ts";

// The component each page is drawn by, for its previews: the public page's own.
export const PAGE_VIEWS: {
  [K in PageKey]: ComponentType<{ data: HomePageData }>;
} = { home: HomePage };
