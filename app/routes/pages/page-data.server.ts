import { homePageData } from "#app/routes/home/home-data.server.ts";
import type { HomeContent, PageKey } from "./page-types.ts";

/** What each page's component draws, from a version of its content. */
export const PAGE_DATA: {
  [K in PageKey]: (content: HomeContent) => ReturnType<typeof homePageData>;
} = { home: homePageData };
