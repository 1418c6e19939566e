import { Badge } from "@mantine/core";
import { Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/tools-layout";
import { countNewSubmissions } from "#app/routes/admin/inbox.server.ts";
import { BrandMark } from "#app/components/marketing/brand-mark.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { ToolsFrameContext } from "#app/components/tools-frame.ts";
import { BRAND_NAME } from "#app/content/site.ts";
import { TOOLS_COPY, toolsFor } from "#app/content/tools.ts";
import { may } from "#app/lib/roles.ts";
import { getAuth } from "#app/utils/permissions.server.ts";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/public-cache.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import classes from "./tools-layout.module.css";
import toolsMantineStyles from "./tools-mantine.css?url";

// The team's app: writing, admin and the inbox share this frame instead of
// the marketing header and footer (root.tsx leaves them out for routes
// under a layout whose handle says so). Each tool's own loader still guards
// it; this loader only says who is signed in, for the header.

export const handle = { appLayout: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: toolsMantineStyles, precedence: "base" },
];

// Visitors' names, addresses and CVs, drafts and numbers: nothing a tool
// answers is kept by any cache, the sign-in and access-denied pages
// included (a signed-in answer is also marked so by authMiddleware). A tool
// without its own headers export answers with these.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
});

export async function loader({ context }: Route.LoaderArgs) {
  // A session that cannot be checked now is the tool's own guard's to
  // explain (its 503 page, inside this frame): the header just shows no one.
  const auth = await getAuth(context).catch(() => null);
  if (!auth?.user || !auth.role) return { person: null };
  return {
    person: {
      email: auth.user.email,
      role: auth.role,
      tools: toolsFor(auth.role),
      newCount: may(auth.role, "inbox")
        ? await countNewSubmissions(getSupabase(context))
        : null,
    },
  };
}

export default function ToolsLayout({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const items = person?.tools ?? [];
  return (
    <ToolsFrameContext
      value={{ inFrame: true, signOutInHeader: person !== null }}
    >
      <a className="skip-link" href="#main-content">
        {TOOLS_COPY.skipLink}
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <Link to="/" className={classes.brand} title={TOOLS_COPY.homeLabel}>
            <BrandMark size={28} />
            <span className={classes.brandName}>{BRAND_NAME}</span>{" "}
            <span className={classes.brandTag}>{TOOLS_COPY.home}</span>
          </Link>
          {items.length > 0 ? (
            <nav aria-label={TOOLS_COPY.navLabel} className={classes.nav}>
              <ul className={classes.navList}>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={classes.navLink}
                    >
                      {item.label}
                      {item.showsNewCount && person?.newCount ? (
                        <Badge
                          component="span"
                          size="sm"
                          // red.9: white on the default red (#fa5252) is 3.28:1.
                          color="red.9"
                          className={classes.count}
                          data-testid="inbox-new-count"
                        >
                          {TOOLS_COPY.newCount(person.newCount)}
                        </Badge>
                      ) : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {person ? (
            <div className={classes.person}>
              <p className={classes.who} data-testid="signed-in-person">
                <span className="visually-hidden">
                  {TOOLS_COPY.signedInAs}{" "}
                </span>
                <span className={classes.email}>{person.email}</span>
                <span className={classes.role}>
                  {TOOLS_COPY.roles[person.role]}
                </span>
              </p>
              <SignOutButton size="sm" />
            </div>
          ) : null}
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </ToolsFrameContext>
  );
}
