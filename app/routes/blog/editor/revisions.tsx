import { Alert, Button, Group, Table, Text, Title } from "@mantine/core";
import { data, Form } from "react-router";
import type { Route } from "./+types/revisions";
import { ChangedLines } from "./changed-lines.tsx";
import { REVISIONS_COPY } from "./labels.ts";
import { ActionNotice } from "#app/components/team/action-notice.tsx";
import { PostToolPage, postToolMeta } from "./post-tool-page.tsx";
import { formatInZone } from "./publish-time.ts";
import { revisionDiff, type FieldDiff } from "./revision-diff.ts";
import classes from "./revisions.module.css";
import { listRevisions, readRevisions } from "./revisions.server.ts";
import { requireEditablePost } from "./editable-post.server.ts";
import { PostAccessBoundary } from "#app/routes/blog/post-access-boundary.tsx";
import { savePost, type PostFields } from "#app/routes/blog/post.server.ts";
import { requireSmallForm } from "#app/utils/public-form.server.ts";
import { getSupabase } from "#app/utils/supabase.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

// A post's revisions (decision 132): the list, a diff between any two chosen
// with a plain GET form, and restoring one with a POST. Restoring is a save,
// so it becomes the newest revision, and the state it replaced is already
// the one before it: nothing is lost either way.

export const meta: Route.MetaFunction = postToolMeta(REVISIONS_COPY);

const when = (iso: string) => formatInZone(iso, "UTC");

export async function loader(args: Route.LoaderArgs) {
  const { post, user } = await requireEditablePost(
    args,
    "Post failed to load for its revisions",
  );
  const supabase = getSupabase(args.context);
  const revisions = await listRevisions(supabase, post.id);
  const url = new URL(args.request.url);
  const from = url.searchParams.get("from") ?? revisions?.[1]?.id ?? null;
  const to = url.searchParams.get("to") ?? revisions?.[0]?.id ?? null;
  let diff: { from: string; to: string; fields: FieldDiff[] } | null = null;
  if (revisions && from && to) {
    const chosen = await readRevisions(supabase, post.id, [from, to]);
    const before = chosen?.find((revision) => revision.id === from);
    const after = chosen?.find((revision) => revision.id === to);
    if (before && after) {
      diff = {
        from: when(before.savedAt),
        to: when(after.savedAt),
        fields: revisionDiff(
          before.fields,
          after.fields,
          REVISIONS_COPY.fields,
        ),
      };
    }
  }
  return {
    post: { id: post.id, title: post.title },
    revisions:
      revisions?.map((revision) => ({
        id: revision.id,
        title: revision.title ?? "",
        savedAt: when(revision.saved_at),
        byYou: revision.saved_by === user.id,
        autosave: revision.autosave,
      })) ?? null,
    from,
    to,
    diff,
  };
}

export async function action(args: Route.ActionArgs) {
  const { post } = await requireEditablePost(
    args,
    "Post failed to load for restoring a revision",
  );
  const formData = await requireSmallForm(args.request);
  const id = formData.get("revision");
  const supabase = getSupabase(args.context);
  const [revision] =
    typeof id === "string"
      ? ((await readRevisions(supabase, post.id, [id])) ?? [])
      : [];
  if (!revision) {
    return data(
      { ok: false, message: REVISIONS_COPY.restoreFailed },
      { status: 404 },
    );
  }
  // The revision's own fields and tags; its publication is left as it is.
  const { tags, ...fields } = revision.fields;
  const saved = await savePost(supabase, {
    id: post.id,
    post: {
      ...fields,
      cover_variants: revision.coverVariants as PostFields["cover_variants"],
      // Sent as null to clear: save_post keeps a column left out.
      cover_alt: revision.coverAlt,
      cover_decorative: revision.coverDecorative,
    },
    tags,
  });
  if (!saved.ok) {
    return data(
      { ok: false, message: saved.message ?? REVISIONS_COPY.restoreFailed },
      { status: saved.kind === "forbidden" ? 403 : 503 },
    );
  }
  return redirectWithToast(`/edit/${post.id}/revisions`, {
    ...REVISIONS_COPY.restored(when(revision.savedAt)),
    type: "success",
  });
}

function DiffView({
  diff,
}: {
  diff: { from: string; to: string; fields: FieldDiff[] };
}) {
  const changed = diff.fields.filter((field) => field.changed);
  return (
    <section aria-labelledby="diff-heading" className={classes.diff}>
      <Title order={2} size="h3" id="diff-heading" mb="sm">
        {REVISIONS_COPY.diffHeading(diff.from, diff.to)}
      </Title>
      {changed.length === 0 ? <Text>{REVISIONS_COPY.unchanged}</Text> : null}
      {changed.map((field) => (
        <div key={field.field} data-testid="diff-field">
          <Title order={3} size="h5" mt="md" mb="xs">
            {field.field}
          </Title>
          <ChangedLines lines={field.lines} />
        </div>
      ))}
    </section>
  );
}

export default function Revisions({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { post, revisions, diff } = loaderData;
  return (
    <PostToolPage copy={REVISIONS_COPY} post={post}>
      <Text>{REVISIONS_COPY.intro}</Text>
      <ActionNotice result={actionData} />
      {revisions === null ? (
        <Alert color="red" role="alert">
          {REVISIONS_COPY.unavailable}
        </Alert>
      ) : revisions.length === 0 ? (
        <Text>{REVISIONS_COPY.noRevisions}</Text>
      ) : (
        <>
          <Form method="post" id="restore-form" />
          <Form method="get">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{REVISIONS_COPY.from}</Table.Th>
                  <Table.Th>{REVISIONS_COPY.to}</Table.Th>
                  <Table.Th>{REVISIONS_COPY.fields.title}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {revisions.map((revision, index) => (
                  <Table.Tr key={revision.id} data-testid="revision">
                    {(["from", "to"] as const).map((end) => (
                      <Table.Td key={end}>
                        <input
                          type="radio"
                          name={end}
                          value={revision.id}
                          defaultChecked={revision.id === loaderData[end]}
                          aria-label={`${REVISIONS_COPY[end]} ${revision.savedAt}`}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Text size="sm">{revision.title}</Text>
                      <Text size="xs" c="dimmed">
                        {revision.savedAt} ·{" "}
                        {revision.autosave
                          ? REVISIONS_COPY.autosaved(revision.byYou)
                          : REVISIONS_COPY.savedBy(revision.byYou)}
                        {index === 0 ? ` · ${REVISIONS_COPY.current}` : ""}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {index === 0 ? null : (
                        <Button
                          type="submit"
                          form="restore-form"
                          name="revision"
                          value={revision.id}
                          variant="default"
                          size="xs"
                          aria-label={REVISIONS_COPY.restoreLabel(
                            revision.savedAt,
                          )}
                        >
                          {REVISIONS_COPY.restore}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group mt="md">
              <Button type="submit">{REVISIONS_COPY.compare}</Button>
            </Group>
          </Form>
        </>
      )}
      {diff ? <DiffView diff={diff} /> : null}
    </PostToolPage>
  );
}

export function ErrorBoundary() {
  return <PostAccessBoundary />;
}
