import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, test, vi } from "vitest";
import {
  CONTENT_SIZE_MESSAGE,
  CONTENT_TOO_DEEP_MESSAGE,
  POST_FORM_TOO_MANY,
} from "#app/routes/blog/post-messages.ts";
import type { PostActionData } from "./types.ts";
import { postFormAction, postFormLimiter } from "./editor.server.ts";
import { CONTENT_MAX_BYTES } from "./post-schema.ts";
import type * as PermissionsModule from "#app/utils/permissions.server.ts";

// The post form's action up to the point where it would store anything:
// the author's session and role stood in for; nothing here reaches Supabase,
// whose word count (the preview's reading time) answers from `wordCounts`.

const USER_ID = "a0000000-0000-4000-8000-000000000002";
const SITE = "http://127.0.0.1:3000";

// Who the verified session is (authMiddleware's answer) and what role it
// has: an author unless a test says otherwise.
const session = vi.hoisted(() => ({
  user: { id: "a0000000-0000-4000-8000-000000000002" } as { id: string } | null,
  role: "author" as "author" | "reader",
}));

vi.mock("#app/utils/session.server.ts", () => ({
  getUser: () => session.user,
  getAuthState: () => ({ user: session.user }),
}));

vi.mock("#app/utils/permissions.server.ts", async (original) => {
  const actual = await original<typeof PermissionsModule>();
  return {
    ...actual,
    requireAccess: async () => {
      if (session.role !== "author") throw actual.forbidden("Authors only");
      return { user: { id: USER_ID }, role: "author" };
    },
  };
});

const wordCounts: string[] = [];

vi.mock("#app/utils/supabase.server.ts", () => ({
  getSupabase: () => ({
    rpc: async (name: string, args: { p_html: string }) => {
      wordCounts.push(`${name}: ${args.p_html}`);
      return { data: 500, error: null };
    },
  }),
}));

async function submit(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = (await postFormAction({
    request: new Request(`${SITE}/write`, {
      method: "POST",
      body,
      headers: { Origin: SITE, Cookie: "sb-127-auth-token=x" },
    }),
    context: new RouterContextProvider(),
    postId: null,
  })) as { data: PostActionData; init: ResponseInit | null };
  return {
    status: response.init?.status ?? 200,
    headers: new Headers(response.init?.headers),
    ...response.data,
  };
}

const preview = (content: string) =>
  submit({ intent: "preview", title: "Preview", content });

beforeEach(() => {
  postFormLimiter.reset();
  session.user = { id: USER_ID };
  session.role = "author";
});

/** A post of the PoC's 160,000 `<`, whose body says whether anything read it. */
function watchedPost() {
  const watch = { read: false };
  const bytes = new TextEncoder().encode(
    new URLSearchParams({
      intent: "publish",
      title: "Stall",
      content: "<".repeat(160_000),
    }).toString(),
  );
  const request = new Request(`${SITE}/write`, {
    method: "POST",
    headers: {
      Origin: SITE,
      Cookie: "sb-127-auth-token=junk",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new ReadableStream(
      {
        pull(controller) {
          watch.read = true;
          controller.enqueue(bytes);
          controller.close();
        },
      },
      // Nothing is pulled until someone reads.
      { highWaterMark: 0 },
    ),
    duplex: "half",
  } as RequestInit);
  return { request, watch };
}

describe("who is asking comes before the body", () => {
  test("a cookie with the session's name but no verified session: 401, the body never read", async () => {
    session.user = null;
    const { request, watch } = watchedPost();
    const response = (await postFormAction({
      request,
      context: new RouterContextProvider(),
      postId: null,
    })) as { data: PostActionData; init: ResponseInit | null };
    expect(response.init?.status).toBe(401);
    expect(response.data.result.initialValue).toBeUndefined();
    expect(watch.read).toBe(false);
  });

  test("a signed-in reader who is not an author: 403, the body never read", async () => {
    session.role = "reader";
    const { request, watch } = watchedPost();
    const thrown = await postFormAction({
      request,
      context: new RouterContextProvider(),
      postId: null,
    }).catch((error: unknown) => error);
    expect((thrown as { init: ResponseInit }).init.status).toBe(403);
    expect(watch.read).toBe(false);
  });
});

describe("the post form's action", () => {
  test("a preview is sanitised and answered", async () => {
    const answer = await preview(
      '<p onclick="x()">Hello<script>x</script></p>',
    );
    expect(answer.status).toBe(200);
    expect(answer.preview?.html).toBe("<p>Hello</p>");
    // The reading time is counted by the table's rule, on the sanitised body.
    expect(wordCounts.at(-1)).toBe("post_word_count: <p>Hello</p>");
    expect(answer.preview?.readingTime).toBe("3 min read");
  });

  test("content nested past the limit is refused on its field, however its end tags are spelt", async () => {
    for (const content of [
      `${"<blockquote></i>".repeat(10_000)}deep`,
      `${"<div/>".repeat(40)}deep`,
      `${"<ul><li>".repeat(20)}deep`,
    ]) {
      for (const answer of [
        await preview(content),
        await submit({ intent: "publish", title: "Deep", content }),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.result.error?.content).toEqual([
          CONTENT_TOO_DEEP_MESSAGE,
        ]);
      }
    }
  });

  test("content past the cap is refused with the size message, before or after escaping", async () => {
    const over = await preview(`<p>${"a".repeat(CONTENT_MAX_BYTES)}</p>`);
    expect(over.status).toBe(413);
    expect(over.toast?.description).toBe(CONTENT_SIZE_MESSAGE);
    // Within the cap as sent, past it once every ">" is escaped.
    const arrows = `<p>${">".repeat(CONTENT_MAX_BYTES / 2)}</p>`;
    const escaped = await submit({
      intent: "publish",
      title: "Arrows",
      content: arrows,
    });
    expect(escaped.status).toBe(413);
    expect(escaped.toast?.description).toBe(CONTENT_SIZE_MESSAGE);
  });

  test("previews count like saves: past the author's limit, 429 with Retry-After", async () => {
    for (let i = 0; i < postFormLimiter.limit; i += 1) {
      expect((await preview("<p>again</p>")).status).toBe(200);
    }
    const refused = await preview("<p>once more</p>");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.toast?.description).toBe(POST_FORM_TOO_MANY.description);
    expect(refused.preview).toBeNull();
  });
});
