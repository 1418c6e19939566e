import {
  index,
  layout,
  route,
  type RouteConfig,
} from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("blueprint-showcase", "routes/blueprint-showcase.tsx"),
  route("agents/:slug", "routes/agents.$slug.tsx"),
  route("careers", "routes/careers.tsx"),
  route("blueprints", "routes/blueprints.tsx", [
    index("routes/blueprints._index.tsx"),
    route(":id", "routes/blueprints.$id.tsx"),
  ]),
  route("blueprints/rss.xml", "routes/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sign-out", "routes/sign-out.ts"),
  route("healthz", "routes/healthz.ts"),
  // Only these pages render Mantine components: see the layout's comment.
  layout("routes/mantine-layout.tsx", [
    route("company", "routes/company.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("careers/:id", "routes/careers.$id.tsx"),
    route("blueprints/:id/delete", "routes/blueprints.$id.delete.tsx"),
    route("write", "routes/write.tsx"),
    route("edit/:id", "routes/edit.$id.tsx"),
    route("auth", "routes/auth.tsx"),
    route("admin", "routes/admin.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
