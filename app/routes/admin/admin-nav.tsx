import { Badge, Group } from "@mantine/core";
import { NavLink } from "react-router";
import { ANALYTICS_PATH } from "#app/content/analytics.ts";
import { ADMIN_NAV_COPY, ADMIN_PATH, INBOX_PATH } from "#app/content/inbox.ts";
import classes from "./admin.module.css";

/**
 * The admin area's own navigation: the admin pages, with the number of
 * submissions nobody has handled yet beside the inbox (left out when it
 * could not be read).
 */
export function AdminNav({ newCount }: { newCount: number | null }) {
  return (
    <nav aria-label={ADMIN_NAV_COPY.label}>
      <Group gap="xs">
        <NavLink to={ADMIN_PATH} end className={classes.navLink}>
          {ADMIN_NAV_COPY.users}
        </NavLink>
        <NavLink to={INBOX_PATH} className={classes.navLink}>
          {ADMIN_NAV_COPY.inbox}
          {newCount ? (
            <Badge
              component="span"
              size="sm"
              // red.9: white on the default red (#fa5252) is 3.28:1.
              color="red.9"
              ml={6}
              data-testid="inbox-new-count"
            >
              {ADMIN_NAV_COPY.newCount(newCount)}
            </Badge>
          ) : null}
        </NavLink>
        <NavLink to={ANALYTICS_PATH} className={classes.navLink}>
          {ADMIN_NAV_COPY.analytics}
        </NavLink>
      </Group>
    </nav>
  );
}
