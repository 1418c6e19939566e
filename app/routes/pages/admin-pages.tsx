import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Route } from "./+types/admin-pages";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { DataTable } from "#app/components/team/data-table.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { routeMeta } from "#app/lib/meta.ts";
import { PAGE_COPY, pagePath } from "./page-copy.ts";
import { PAGE_KEYS, PAGE_TYPES } from "./page-types.ts";
import {
  authorNames,
  listPages,
  requirePageEditor,
  stateOf,
} from "./pages.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";

const C = PAGE_COPY;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: C.pages, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageEditor(context, request);
  const supabase = getSupabase(context);
  const newest = await listPages(supabase);
  const names = await authorNames(
    supabase,
    [...newest.values()].map((version) => version.created_by),
  );
  return {
    pages: PAGE_KEYS.flatMap((key) => {
      const version = newest.get(key);
      if (!version) return [];
      return [
        {
          key,
          name: PAGE_TYPES[key].name,
          state: C.state(stateOf(version)),
          changed: C.time(version.created_at),
          by: version.created_by
            ? (names.get(version.created_by) ?? "")
            : C.seeded,
        },
      ];
    }),
  };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <ToolPage title={C.pages}>
      <Text>{C.pagesIntro}</Text>
      <DataTable
        rows={loaderData.pages}
        rowKey={(page) => page.key}
        columns={[
          {
            head: C.columns.page,
            cell: (page) => (
              <Anchor component={Link} to={pagePath(page.key)}>
                {page.name}
              </Anchor>
            ),
          },
          { head: C.columns.state, cell: (page) => page.state },
          { head: C.columns.changed, cell: (page) => page.changed },
          { head: C.columns.by, cell: (page) => page.by },
        ]}
      />
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
