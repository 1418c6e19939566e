import { BlogHero } from "./blog-hero.tsx";
import classes from "./blog.module.css";
import ui from "#app/components/marketing/marketing.module.css";
import { BLOG_COPY } from "#app/content/blog.ts";

/** The list page while its posts load on a client navigation. */
export function BlogListLoading() {
  return (
    <>
      <BlogHero tag={null} />
      <section className={classes.listSection}>
        <div className={ui.container}>
          <p className={classes.state} role="status">
            {BLOG_COPY.loading}
          </p>
        </div>
      </section>
    </>
  );
}
