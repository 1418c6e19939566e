import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import ui from "#app/components/marketing/marketing.module.css";
import type { PrivacyContent } from "#app/routes/pages/page-types.ts";

/**
 * The privacy notice drawn from a version of its content: the public page
 * and its previews both draw it, so a preview is the page.
 */
export function PrivacyPage({ data }: { data: PrivacyContent }) {
  const { notice } = data;
  return (
    <section
      aria-labelledby="privacy-heading"
      className={`${ui.underNav} ${ui.heroBackground}`}
    >
      <div className={ui.container}>
        <SectionHeading id="privacy-heading" level={1} title={notice.title}>
          {notice.summary}
        </SectionHeading>
        {notice.body.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index} style={{ maxWidth: "65ch", lineHeight: 1.7 }}>
            {paragraph.trim()}
          </p>
        ))}
      </div>
    </section>
  );
}
