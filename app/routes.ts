import {
  index,
  layout,
  route,
  type RouteConfig,
} from "@react-router/dev/routes";

// Each feature's folder under app/routes holds its route modules, its
// `*.server.ts` and its components; app/utils holds only infrastructure.
export default [
  index("routes/home/home.tsx"),
  route("blueprint-showcase", "routes/showcase/blueprint-showcase.tsx"),
  route("agents/:slug", "routes/agents/agent.tsx"),
  route("careers", "routes/careers/list.tsx"),
  route("privacy", "routes/privacy/privacy.tsx"),
  route("blueprints", "routes/blog/layout.tsx", [
    index("routes/blog/list.tsx"),
    route(":id", "routes/blog/post.tsx"),
    route("authors/:slug", "routes/blog/author.tsx"),
  ]),
  route("blueprints/rss.xml", "routes/feeds/rss.xml.ts"),
  route("blueprints/:id/title-card/:file", "routes/blog/title-card.ts"),
  route("sitemap.xml", "routes/feeds/sitemap.xml.ts"),
  route("robots.txt", "routes/feeds/robots.txt.ts"),
  route("write/image", "routes/blog/editor/image-upload.ts"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("healthz", "routes/healthz.ts"),
  route("admin/newsletter/export.csv", "routes/admin/newsletter/export.csv.ts"),
  route("newsletter/confirm/:token", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe/:token", "routes/newsletter/unsubscribe.tsx"),
  // Only these pages render Mantine components: see the layout's comment.
  layout("routes/mantine-layout.tsx", [
    route("company", "routes/company/company.tsx"),
    route("contact-us", "routes/contact/contact-us.tsx"),
    route("newsletter", "routes/newsletter/newsletter.tsx"),
    route("careers/:id", "routes/careers/job.tsx"),
    route("auth", "routes/auth/sign-in.tsx"),
    route("invitation/:id", "routes/auth/invitation.tsx"),
    // The team's tools: their own app frame, no marketing header or footer.
    layout("routes/tools/tools-layout.tsx", [
      route("blueprints/:id/delete", "routes/blog/delete.tsx"),
      route("write", "routes/blog/editor/write.tsx"),
      route("edit/:id", "routes/blog/editor/edit.tsx"),
      route("edit/:id/preview-links", "routes/blog/editor/preview-links.tsx"),
      route("edit/:id/revisions", "routes/blog/editor/revisions.tsx"),
      route("edit/:id/newsletter", "routes/blog/editor/newsletter-send.tsx"),
      route("admin", "routes/admin/admin.tsx"),
      route("admin/inbox", "routes/admin/inbox.tsx"),
      route("admin/inbox/:id/cv", "routes/admin/inbox-cv.tsx"),
      route("admin/inbox/:kind/:id/delete", "routes/admin/inbox-delete.tsx"),
      route("admin/jobs", "routes/admin/jobs.tsx"),
      route("admin/jobs/:id", "routes/admin/job-edit.tsx"),
      route("admin/jobs/:id/applications", "routes/admin/job-applications.tsx"),
      route("admin/applications/:id", "routes/admin/application.tsx"),
      route("admin/people", "routes/admin/people.tsx"),
      route("admin/settings", "routes/admin/settings.tsx"),
      route("admin/profile", "routes/admin/profile.tsx"),
      route("admin/audit", "routes/admin/audit.tsx"),
      route("admin/analytics", "routes/admin/analytics.tsx"),
      route("admin/newsletter", "routes/admin/newsletter/subscribers.tsx"),
      route("admin/pages", "routes/pages/admin-pages.tsx"),
      route("admin/pages/:key", "routes/pages/page-edit.tsx"),
      route("admin/pages/:key/revisions", "routes/pages/page-revisions.tsx"),
    ]),
    // A draft as its page will show it, to whoever holds the link.
    route("preview/:token", "routes/blog/preview.tsx"),
    // A page version as its page will show it, to whoever holds the link.
    route("preview/pages/:token", "routes/pages/page-preview.tsx"),
    // A job as /careers will show it, in the public site's frame.
    route("admin/jobs/:id/preview", "routes/admin/job-preview.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
