import { AGENTS } from "#app/content/agents.ts";
import {
  ALL_BLUEPRINT_NAMES,
  SHOWCASE_BLUEPRINTS,
} from "#app/content/blueprints.ts";
import { TRUSTED_BY_HEADING, TRUSTED_LOGOS } from "#app/content/logos.ts";
import type { HomeContent } from "#app/routes/pages/page-types.ts";
import type { HomePageData } from "./home-page.tsx";

/**
 * The home page's data from a version of its content: the public page's
 * loader and a preview's both make it, so a preview is the page.
 */
export function homePageData(content: HomeContent): HomePageData {
  return {
    ...content,
    summary: { ...content.summary, blueprintNames: ALL_BLUEPRINT_NAMES },
    agents: AGENTS.map(({ slug, name, role, portrait }) => ({
      slug,
      name,
      role,
      portrait,
    })),
    logos: { heading: TRUSTED_BY_HEADING, items: TRUSTED_LOGOS },
    blueprints: SHOWCASE_BLUEPRINTS.map(({ name, icon }) => ({ name, icon })),
  };
}
