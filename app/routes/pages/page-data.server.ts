import { homePageData } from "#app/routes/home/home-data.server.ts";
import type { PageKey } from "./page-types.ts";
import type { PageViewData } from "./page-views.tsx";
import type { PageContent } from "./pages.server.ts";

const PAGE_DATA: {
  [K in PageKey]: (content: PageContent<K>) => PageViewData[K];
} = { home: homePageData, company: (content) => content };

/** What a page's component draws, from a version of its content. */
export function pageData<K extends PageKey>(key: K, content: PageContent<K>) {
  return PAGE_DATA[key](content);
}
