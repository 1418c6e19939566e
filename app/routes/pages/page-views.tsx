import type { ComponentType } from "react";
import {
  AgentPage,
  type AgentPageData,
} from "#app/routes/agents/agent-page.tsx";
import { CompanyPage } from "#app/routes/company/company-page.tsx";
import { HomePage, type HomePageData } from "#app/routes/home/home-page.tsx";
import { PrivacyPage } from "#app/routes/privacy/privacy-page.tsx";
import type { CompanyContent, PageKey, PrivacyContent } from "./page-types.ts";

/** What each page's component draws (its loader's data). */
export type PageViewData = {
  home: HomePageData;
  company: CompanyContent;
  privacy: PrivacyContent;
  "data-engineer": AgentPageData;
  "data-analyst": AgentPageData;
  "ml-engineer": AgentPageData;
};

// The component each page is drawn by, for its previews: the public page's own.
const PAGE_VIEWS: { [K in PageKey]: ComponentType<{ data: PageViewData[K] }> } =
  {
    home: HomePage,
    company: CompanyPage,
    privacy: PrivacyPage,
    "data-engineer": AgentPage,
    "data-analyst": AgentPage,
    "ml-engineer": AgentPage,
  };

/** A page drawn from its data, as its public route draws it. */
export function PageView<K extends PageKey>({
  pageKey,
  data,
}: {
  pageKey: K;
  data: PageViewData[K];
}) {
  const View = PAGE_VIEWS[pageKey] as ComponentType<{ data: PageViewData[K] }>;
  return <View data={data} />;
}
