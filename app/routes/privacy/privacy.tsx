import type { Route } from "./+types/privacy";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import { PRIVACY_NOTICE } from "#app/content/privacy.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { storedPage } from "#app/utils/page-cache.server.ts";

// What the site counts and how (decisions 160, 162). The words come with the
// loader's data, not in the page's script.

export const middleware: Route.MiddlewareFunction[] = [
  storedPage("until-deploy"),
];

export function loader() {
  return { notice: PRIVACY_NOTICE };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: PRIVACY_NOTICE.title,
    description: PRIVACY_NOTICE.summary,
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { notice } = loaderData;
  return (
    <section
      aria-labelledby="privacy-heading"
      className={`${ui.underNav} ${ui.heroBackground}`}
    >
      <div className={ui.container}>
        <SectionHeading id="privacy-heading" level={1} title={notice.title}>
          {notice.summary}
        </SectionHeading>
        <p style={{ maxWidth: "65ch", lineHeight: 1.7 }}>{notice.body}</p>
      </div>
    </section>
  );
}
