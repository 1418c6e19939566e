import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page-revisions";
import { AccessBoundary } from "#app/components/access-boundary.tsx";
import { ToolPage } from "#app/components/team/tool-page.tsx";
import { contentFields } from "#app/lib/content-model.ts";
import { routeMeta } from "#app/lib/meta.ts";
import { ChangedLines } from "#app/routes/blog/editor/changed-lines.tsx";
import { diffLines } from "#app/routes/blog/editor/revision-diff.ts";
import { PAGE_COPY, pagePath } from "./page-copy.ts";
import { isPageKey, PAGE_TYPES, type PageKey } from "./page-types.ts";
import {
  authorNames,
  listVersions,
  requirePageEditor,
  requirePageForm,
  savePageVersion,
  stateOf,
} from "./pages.server.ts";
import { notFound } from "#app/utils/route-errors.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// A page's revisions, newest first: each version's changes from the one
// before it, field by field as the page's type names them (the posts'
// line difference), and a button that makes it the newest draft again.

const C = PAGE_COPY;

function keyOf(param: string): PageKey {
  if (!isPageKey(param)) throw notFound();
  return param;
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: C.revisionsTitle(args.loaderData?.name ?? C.pages),
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePageEditor(context, request);
  const key = keyOf(params.key);
  const supabase = getSupabase(context);
  const versions = await listVersions(supabase, key);
  const names = await authorNames(
    supabase,
    versions.map((version) => version.created_by),
  );
  const fields = PAGE_TYPES[key].fields;
  return {
    key,
    name: PAGE_TYPES[key].name,
    revisions: versions.map((version, index) => {
      const before = versions[index + 1];
      const now = contentFields(fields, version.content);
      const then = before ? contentFields(fields, before.content) : null;
      return {
        id: version.id,
        state: C.state(stateOf(version)),
        when: C.time(version.created_at),
        by: version.created_by
          ? (names.get(version.created_by) ?? "")
          : C.seeded,
        first: !before,
        changes: then
          ? now.flatMap((field, at) => {
              const old = then[at]!.lines;
              if (old.join("\n") === field.lines.join("\n")) return [];
              return [
                { label: field.label, lines: diffLines(old, field.lines) },
              ];
            })
          : [],
      };
    }),
  };
}

const RestoreSchema = z.object({
  restore: z.coerce.number().int().positive(),
  base: z.coerce.number().int().positive(),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  await requirePageEditor(context, request);
  const key = keyOf(params.key);
  const supabase = getSupabase(context);
  const form = RestoreSchema.safeParse(
    Object.fromEntries(await requirePageForm(request)),
  );
  if (!form.success) throw notFound();
  const versions = await listVersions(supabase, key);
  const restored = versions.find((version) => version.id === form.data.restore);
  if (!restored) throw notFound();
  const saved = await savePageVersion(
    supabase,
    key,
    restored.content,
    form.data.base,
    { kind: "draft" },
  );
  if (!saved.ok) {
    return data(
      { error: saved.reason === "conflict" ? C.restoreConflict : C.failed },
      { status: saved.reason === "conflict" ? 409 : 500 },
    );
  }
  return redirectWithToast(pagePath(key), {
    title: "Success",
    description: C.restored,
    type: "success",
  });
}

export default function PageRevisions({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { key, name, revisions } = loaderData;
  const newest = revisions[0]?.id;
  return (
    <ToolPage
      title={C.revisionsTitle(name)}
      size="lg"
      back={{ to: pagePath(key), label: C.backToEditor }}
    >
      {actionData?.error ? (
        <Text c="red" role="alert">
          {actionData.error}
        </Text>
      ) : null}
      <Stack gap="md">
        {revisions.map((revision) => (
          <Card key={revision.id} withBorder data-testid="revision">
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {revision.when} · {revision.by} · {revision.state}
                </Title>
                {revision.id === newest ? null : (
                  <Form method="post">
                    <input type="hidden" name="restore" value={revision.id} />
                    <input type="hidden" name="base" value={newest} />
                    <Button type="submit" variant="light" size="compact-sm">
                      {C.restore}
                    </Button>
                  </Form>
                )}
              </Group>
              {revision.first ? (
                <Text size="sm">{C.firstVersion}</Text>
              ) : revision.changes.length === 0 ? (
                <Text size="sm">{C.noChange}</Text>
              ) : (
                revision.changes.map((change) => (
                  <div key={change.label}>
                    <Text fw={600} size="sm">
                      {change.label}
                    </Text>
                    <ChangedLines lines={change.lines} />
                  </div>
                ))
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <AccessBoundary />;
}
