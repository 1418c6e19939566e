import { Alert, Avatar, Badge, Group, Text } from "@mantine/core";
import { data } from "react-router";
import type { Route } from "./+types/admin";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { DataTable } from "#app/components/team/data-table.tsx";
import { Pager } from "#app/components/team/pager.tsx";
import { RowToggle } from "#app/components/team/row-toggle.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import classes from "./admin.module.css";
import { AuthorToggleSchema } from "./author-toggle-schema.ts";
import { listPlatformUsers } from "./users.server.ts";
import type { KeysetLink } from "#app/utils/keyset.server.ts";
import { requireAccess } from "#app/utils/permissions.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";

// Where every toggle lands, with its toast. Not request.url: a script-driven
// post arrives as /admin.data.
const ADMIN_PATH = "/admin";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Platform Users Management",
    description: "Grant or remove author status for platform users.",
    noIndex: true,
  });

/** An admin page URL: the list's first page, or one reached by cursor. */
function adminHref(link: KeysetLink | null) {
  if (!link || (link.page <= 1 && !link.before)) return ADMIN_PATH;
  const params = new URLSearchParams({ page: String(link.page) });
  if (link.after) params.set("after", link.after);
  if (link.before) params.set("before", link.before);
  return `${ADMIN_PATH}?${params}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request, "people");
  const supabase = getSupabase(context);
  // Read with the admin's own token: row-level security decides what is visible.
  const list = await listPlatformUsers(
    supabase,
    new URL(request.url).searchParams,
  );
  if (!list.ok) {
    return data(
      {
        users: [],
        page: 1,
        prev: null,
        next: null,
        error:
          list.error === "team"
            ? "Failed to load team members"
            : "Failed to load platform users",
      },
      { status: 500 },
    );
  }
  return {
    users: list.users,
    page: list.page,
    prev: list.prev ? adminHref(list.prev) : null,
    next: list.next ? adminHref(list.next) : null,
    error: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The role is checked again here: a direct POST gets the same 403 as the page.
  await requireAccess(context, request, "people");
  const parsed = AuthorToggleSchema.safeParse(
    Object.fromEntries(await requireSmallForm(request)),
  );
  if (!parsed.success) {
    return redirectWithToast(ADMIN_PATH, {
      title: "Error",
      description: "Failed to update user role",
      type: "error",
    });
  }
  const makeAuthor = parsed.data.intent === "make-author";
  try {
    const { data: updated, error } = await getSupabase(context)
      .from("platform_users")
      .update({ is_author: makeAuthor })
      .eq("id", parsed.data.userId)
      .select("id");
    // Row-level security filters an update it refuses: no row came back.
    if (error || !updated || updated.length === 0) {
      return redirectWithToast(ADMIN_PATH, {
        title: "Error",
        description: "Failed to update user role",
        type: "error",
      });
    }
  } catch {
    return redirectWithToast(ADMIN_PATH, {
      title: "Error",
      description: "An unexpected error occurred",
      type: "error",
    });
  }
  return redirectWithToast(ADMIN_PATH, {
    title: "Success",
    description: makeAuthor
      ? "User is now an author"
      : "User is no longer an author",
    type: "success",
  });
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { users, error, page, prev, next } = loaderData;
  return (
    <ToolPage title="Platform Users Management">
      {error ? (
        <Alert color="red" title="Error" role="alert">
          {error}
        </Alert>
      ) : (
        // A table on wide screens; on a phone its rows become cards
        // (admin.module.css), so no action is cut off.
        <DataTable
          highlightOnHover
          verticalSpacing="sm"
          className={classes.userTable}
          rows={users}
          rowKey={(user) => user.id}
          rowTestId="platform-user-row"
          columns={[
            {
              head: "User",
              td: { className: classes.userCell },
              cell: (user) => (
                <Group gap="sm" wrap="nowrap">
                  {user.avatarUrl ? (
                    <Avatar src={user.avatarUrl} alt="" radius="xl" size="sm" />
                  ) : null}
                  <Text>{user.name}</Text>
                </Group>
              ),
            },
            {
              head: "Status",
              cell: (user) => (
                <Badge color={user.isAuthor ? "brand" : "gray"} variant="light">
                  {user.isAuthor ? "Author" : "Regular User"}
                </Badge>
              ),
            },
            {
              head: "Actions",
              cell: (user) => (
                <RowToggle
                  action={ADMIN_PATH}
                  field="userId"
                  id={user.id}
                  on={user.isAuthor}
                  turnOn={{ intent: "make-author", label: "Make Author" }}
                  turnOff={{ intent: "remove-author", label: "Remove Author" }}
                />
              ),
            },
          ]}
        />
      )}
      {!error && users.length === 0 ? (
        <Text c="dimmed">No platform users yet.</Text>
      ) : null}
      <Pager label="User pages" page={page} prev={prev} next={next} />
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
