import type { ReactNode } from "react";
import { SectionHeading } from "./section-heading.tsx";
import ui from "./marketing.module.css";
import { Toast } from "#app/components/toast.tsx";
import type { ToastData } from "#app/utils/toast.ts";

/**
 * A page that is one public form (contact, newsletter): the hero band, its
 * heading, the form's column and the toast its action answers with.
 */
export function FormPage({
  id,
  eyebrow,
  title,
  intro,
  width,
  toast,
  children,
}: {
  /** The heading's id, which names the page's section. */
  id: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** The column's width in pixels. */
  width: number;
  toast: ToastData | null | undefined;
  children: ReactNode;
}) {
  return (
    <section
      className={`${ui.underNav} ${ui.heroBackground}`}
      aria-labelledby={id}
    >
      <div
        className={ui.container}
        style={{ maxWidth: width, paddingBottom: "6rem" }}
      >
        <SectionHeading
          id={id}
          level={1}
          eyebrow={eyebrow}
          title={title}
          centered
        >
          {intro}
        </SectionHeading>
        {children}
      </div>
      <Toast toast={toast} />
    </section>
  );
}
