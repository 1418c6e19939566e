import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { ACCOUNTS, DEMO_PASSWORD } from "../support/auth-helpers.ts";
import {
  BASE_URL,
  SUPABASE_SERVICE_ROLE_KEY,
  SUPABASE_URL,
} from "../support/e2e-env.ts";
import {
  startFailingSite,
  type FailingSite,
} from "../support/failing-backend.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { AXE_AUTHOR, authorProfile } from "../support/authors.ts";

// Publishing waits on an upload and a build of the editor chunk: on a busy
// machine that takes longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

// Writing, editing, previewing and deleting posts (the product's post
// form), with and without JavaScript, plus the guards around them.
// Every post made here carries RUN in its title and is removed afterwards,
// with its cover; the second author is removed too.

const RUN = randomUUID().slice(0, 8);
const COVER_PREFIX = `${SUPABASE_URL}/storage/v1/object/public/blog-images/`;
// A 1x1 PNG: real image bytes, as the server checks them.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const DENIED = "This area is restricted to authors and team members only.";

const service = createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

const otherAuthor = { email: `author-${RUN}@example.com`, id: "" };

test.beforeAll(async () => {
  const { data, error } = await service.auth.admin.createUser({
    email: otherAuthor.email,
    password: DEMO_PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error("no user");
  otherAuthor.id = data.user.id;
  const { error: rowError } = await service.from("platform_users").insert({
    id: otherAuthor.id,
    email: otherAuthor.email,
    username: "",
    is_author: true,
  });
  if (rowError) throw rowError;
});

test.afterAll(async () => {
  const { data: posts } = await service
    .from("blog_posts")
    .select("id, cover_image_url")
    .like("title", `%${RUN}%`);
  const covers = (posts ?? [])
    .map((post: { cover_image_url: string | null }) => post.cover_image_url)
    .filter((url): url is string => url?.startsWith(COVER_PREFIX) ?? false)
    .map((url) => decodeURIComponent(url.slice(COVER_PREFIX.length)));
  if (covers.length > 0)
    await service.storage.from("blog-images").remove(covers);
  await service.from("blog_posts").delete().like("title", `%${RUN}%`);
  await service.from("tags").delete().like("name", `%${RUN}%`);
  if (otherAuthor.id) {
    await service.from("platform_users").delete().eq("id", otherAuthor.id);
    await service.auth.admin.deleteUser(otherAuthor.id);
  }
});

async function signIn(page: Page, email: string, redirect: string) {
  await page.goto(`/auth?${new URLSearchParams({ redirect })}`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === redirect);
  await expect(page.getByRole("heading", { name: "Team Login" })).toHaveCount(
    0,
  );
}

async function storedPost(title: string) {
  const { data, error } = await service
    .from("blog_posts")
    .select(
      "id, title, excerpt, content, cover_image_url, author_id, post_tags(tags(name))",
    )
    .eq("title", title)
    .maybeSingle();
  if (error) throw error;
  return data as {
    id: string;
    title: string;
    excerpt: string | null;
    content: string;
    cover_image_url: string | null;
    author_id: string;
    post_tags: { tags: { name: string } }[];
  } | null;
}

function tagNames(post: { post_tags: { tags: { name: string } }[] } | null) {
  return (post?.post_tags ?? []).map((link) => link.tags.name).sort();
}

async function seedPost(title: string, authorId: string) {
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title,
      content: "<p>Seeded body</p>",
      author_id: authorId,
      published: true,
    })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** The toast saying this (the sign-in's "Welcome back!" may still be showing beside it). */
function toast(page: Page, text: string) {
  return page.getByTestId("toast").filter({ hasText: text });
}

const coverFile = (name = "cover.png") => ({
  name,
  mimeType: "image/png",
  buffer: PNG,
});

// The editor, overlay and confirm dialog need scripts.
test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("write with the editor, preview, publish, edit and delete", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const title = `Editor post ${RUN}`;
    const customTag = `custom ${RUN}`;
    await authorProfile();
    await signIn(page, ACCOUNTS.author.email, "/write");
    await expect(
      page.getByRole("heading", { level: 1, name: "Write a New Post" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "New Post" })).toHaveCount(0);

    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByLabel("Cover Image").setInputFiles(coverFile());
    await page
      .getByRole("textbox", { name: "Cover description (alt text)" })
      .fill("A test cover");
    await expect(page.getByTestId("cover-preview")).toHaveAttribute(
      "src",
      /^blob:/,
    );
    await page
      .getByRole("textbox", { name: "Excerpt" })
      .fill("Written with the editor");

    const editor = page.getByTestId("post-editor");
    await editor.click();
    await page.getByRole("button", { name: "Text style" }).click();
    await page.getByRole("menuitem", { name: "Heading 2" }).click();
    await page.keyboard.type("Editor heading");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("bold words");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bullet list" }).click();
    await page.keyboard.type("first item");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second item");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("docs link");
    await page.keyboard.press("Shift+Home");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page
      .getByRole("textbox", { name: "Enter URL" })
      .fill("https://example.com/docs");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(editor.locator("a")).toHaveText("docs link");
    // Popovers hand focus back on their own schedule: put the caret back
    // explicitly before typing on.
    // Click the text's right edge and wait for the editor to hold focus
    // before moving: an End pressed while focus is still on its way is lost.
    const caretAtEndOf = async (text: string) => {
      const target = editor.getByText(text);
      const box = await target.boundingBox();
      await target.click({
        position: { x: Math.max(0, box!.width - 1), y: box!.height / 2 },
      });
      await expect(page.locator(".ProseMirror")).toBeFocused();
      await page.keyboard.press("End");
      // ProseMirror takes the browser's selection on its own schedule (a
      // selectionchange event): an Enter pressed before then replaces the
      // old selection, e.g. the words just coloured. Wait until the editor's
      // own state has the caret at the end of the text.
      await page.waitForFunction((expected) => {
        type Dom = Element & {
          editor?: {
            state: {
              selection: {
                empty: boolean;
                $from: {
                  parent: { textContent: string };
                  parentOffset: number;
                };
              };
            };
          };
        };
        const dom = document.querySelector<Dom>(".ProseMirror");
        const selection = dom?.editor?.state.selection;
        return (
          selection?.empty === true &&
          selection.$from.parent.textContent === expected &&
          selection.$from.parentOffset === expected.length
        );
      }, text);
    };
    await caretAtEndOf("docs link");
    await page.keyboard.press("Enter");
    // Colour a selection, not the caret: a colour picked for text not yet
    // typed is lost when the popover hands focus back with a new selection.
    await page.keyboard.type("red words");
    await page.keyboard.press("Shift+Home");
    await page.getByRole("button", { name: "Text color" }).click();
    await page.getByRole("button", { name: "Set text color #fa5252" }).click();
    await expect(
      page.getByRole("button", { name: "Set text color #fa5252" }),
    ).toBeHidden();
    await caretAtEndOf("red words");
    await page.keyboard.press("Enter");
    await page.keyboard.type("right to left");
    await page.getByRole("button", { name: "More formatting" }).click();
    await page.getByRole("menuitem", { name: "Right-to-left text" }).click();

    await expect(editor.locator("h2")).toHaveText("Editor heading");
    await expect(editor.locator("strong")).toHaveText("bold words");
    await expect(editor.locator("ul li")).toHaveCount(2);
    await expect(
      editor.locator('a[href="https://example.com/docs"]'),
    ).toHaveText("docs link");
    await expect(
      editor.locator('span[style*="color"]', { hasText: "red words" }),
    ).toHaveText("red words");
    await expect(editor.locator('p[dir="rtl"]')).toHaveText("right to left");

    const tagInput = page.getByRole("textbox", { name: "Tags" });
    await tagInput.fill(customTag);
    await tagInput.press("Enter");
    await expect(tagInput).toHaveValue("");
    await tagInput.fill(customTag);
    await tagInput.press("Enter");
    await expect(
      page.getByTestId("custom-tags").getByText(customTag),
    ).toHaveCount(1);
    const dropped = `dropped ${RUN}`;
    await tagInput.fill(dropped);
    await tagInput.press("Enter");
    await page.getByRole("button", { name: `Remove tag ${dropped}` }).click();
    await expect(
      page.getByTestId("custom-tags").getByText(dropped),
    ).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Analytics" }).check();

    await page.getByRole("button", { name: "Preview" }).click();
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByRole("heading", { level: 1, name: title }),
    ).toBeVisible();
    await expect(
      dialog.locator("h2", { hasText: "Editor heading" }),
    ).toBeVisible();
    await expect(dialog.getByTestId("preview-cover")).toHaveAttribute(
      "src",
      /^blob:/,
    );
    // Drawn like the post page: its byline, and the tags chosen so far.
    await expect(dialog.locator("time")).toBeVisible();
    await expect(
      dialog.getByText(new RegExp(`^${AXE_AUTHOR.name} · .+ · 1 min read$`)),
    ).toBeVisible();
    await expect(
      dialog.getByRole("link", { name: customTag, exact: true }),
    ).toBeVisible();
    await expect(
      dialog.getByRole("link", { name: "Analytics", exact: true }),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Your post has been published.")).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();

    const stored = await storedPost(title);
    expect(stored?.author_id).toBe(ACCOUNTS.author.id);
    expect(stored?.excerpt).toBe("Written with the editor");
    expect(stored?.cover_image_url).toMatch(
      new RegExp(`^${COVER_PREFIX}${ACCOUNTS.author.id}/[0-9a-f-]{36}\\.png$`),
    );
    expect(stored?.content).toContain("<h2>Editor heading</h2>");
    expect(stored?.content).toContain('dir="rtl"');
    expect(tagNames(stored)).toEqual(["Analytics", customTag].sort());
    const coverPath = stored!.cover_image_url!.slice(COVER_PREFIX.length);

    await card.getByRole("link", { name: title, exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: title }),
    ).toBeVisible();
    const body = page.locator("article");
    await expect(
      body.locator("h2", { hasText: "Editor heading" }),
    ).toBeVisible();
    await expect(
      body.locator("strong", { hasText: "bold words" }),
    ).toBeVisible();
    await expect(
      body.locator('a[href="https://example.com/docs"]'),
    ).toBeVisible();
    await expect(body.locator('p[dir="rtl"]')).toHaveText("right to left");
    await expect(page.getByRole("link", { name: customTag })).toBeVisible();

    // Edit: tags are replaced and the cover kept (the skeleton has its own test).
    await page.getByRole("link", { name: "Edit Post" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Edit Blog Post" }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );
    await expect(page.getByTestId("current-cover")).toHaveAttribute(
      "src",
      stored!.cover_image_url!,
    );
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute(
      "href",
      "/write",
    );
    await expect(
      page.getByRole("checkbox", { name: "Analytics" }),
    ).toBeChecked();
    // The custom tag is in the database now: it is offered as a toggle.
    await page.getByRole("checkbox", { name: customTag }).uncheck();
    await page.getByRole("checkbox", { name: "Analytics" }).uncheck();
    await page.getByRole("checkbox", { name: "Machine Learning" }).check();
    const editTag = `edited ${RUN}`;
    await page.getByRole("textbox", { name: "Tags" }).fill(editTag);
    await page.getByRole("textbox", { name: "Tags" }).press("Enter");
    const edited = `${title} edited`;
    await page.getByRole("textbox", { name: "Title" }).fill(edited);
    // Held long enough to see the busy label.
    await page.route(
      (url) => url.pathname === `/edit/${stored!.id}.data`,
      async (route) => {
        if (route.request().method() === "POST")
          await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(
      page.getByRole("button", { name: "Updating..." }),
    ).toBeDisabled();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Your post has been updated.")).toBeVisible();
    const updated = await storedPost(edited);
    expect(tagNames(updated)).toEqual(["Machine Learning", editTag].sort());
    expect(updated?.cover_image_url).toBe(stored?.cover_image_url);

    // The card's Delete leads to the confirmation page, which names the post.
    const editedCard = page.getByRole("article").filter({ hasText: edited });
    await editedCard.hover();
    await editedCard
      .getByRole("link", { name: `Delete post ${edited}` })
      .click();
    await expect(
      page.getByText("Are you sure you want to delete this post?"),
    ).toBeVisible();
    await expect(page.getByText(edited, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Delete Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Post deleted successfully")).toBeVisible();
    await expect(
      page.getByRole("article").filter({ hasText: edited }),
    ).toHaveCount(0);
    expect(await storedPost(edited)).toBeNull();
    const { data: objects } = await service.storage
      .from("blog-images")
      .list(ACCOUNTS.author.id, { search: coverPath.split("/")[1] });
    expect(objects ?? []).toEqual([]);
  });

  test("inserting an image over a selected, linked word keeps the word and its link", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.author.email, "/write");
    const editor = page.getByTestId("post-editor");
    await editor.click();
    await page.keyboard.type("read the docs");
    await page.keyboard.press("Shift+Home");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page
      .getByRole("textbox", { name: "Enter URL" })
      .fill("https://example.com/docs");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(editor.locator("a")).toHaveText("read the docs");

    // Select the linked words again, then insert an image.
    await editor.getByText("read the docs").click();
    await expect(page.locator(".ProseMirror")).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Home");
    await page.getByTestId("editor-image-input").setInputFiles(coverFile());

    await expect(editor.locator("img")).toHaveCount(1);
    await expect(editor.locator("a")).toHaveText("read the docs");
    await expect(editor.locator("a")).toHaveAttribute(
      "href",
      "https://example.com/docs",
    );
    // The image follows the words rather than standing in for them.
    const order = await page.locator(".ProseMirror").evaluate((root) => {
      const link = root.querySelector("a");
      const img = root.querySelector("img");
      return link && img
        ? link.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING
        : 0;
    });
    expect(order).toBeGreaterThan(0);
  });

  test("empty title or content sends nothing and says what is missing", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.author.email, "/write");
    await page.getByTestId("post-editor").waitFor();
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/write"))
        posted = true;
    });
    await page.getByRole("button", { name: "Publish Post" }).click();
    await expect(toast(page, "Missing information")).toBeVisible();
    await expect(
      toast(page, "Please provide a title and content for your post."),
    ).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a session that ended while writing keeps the post on screen", async ({
    page,
    context,
  }) => {
    const title = `Expired session ${RUN}`;
    await signIn(page, ACCOUNTS.author.email, "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByTestId("post-editor").click();
    await page.keyboard.type("Words worth keeping");
    await context.clearCookies();
    // Held long enough to see the busy label.
    await page.route(
      (url) => url.pathname === "/write.data",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Publish Post" }).click();
    await expect(
      page.getByRole("button", { name: "Publishing..." }),
    ).toBeDisabled();
    await expect(toast(page, "Authentication Error")).toBeVisible();
    await expect(toast(page, "Please sign in to publish posts")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );
    await expect(page.getByTestId("post-editor")).toContainText(
      "Words worth keeping",
    );
    expect(await storedPost(title)).toBeNull();
  });

  test("editing from a post page shows a skeleton while the post loads", async ({
    page,
  }) => {
    const title = `Skeleton post ${RUN}`;
    const id = await seedPost(title, ACCOUNTS.author.id);
    await signIn(page, ACCOUNTS.author.email, `/blueprints/${id}`);
    // Only the edit route's own data: holding the root's revalidation too
    // would hold the whole navigation, and the skeleton would never show.
    await page.route(
      (url) =>
        url.pathname === `/edit/${id}.data` &&
        url.searchParams.get("_routes") === "routes/blog/editor/edit",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    await page.getByRole("link", { name: "Edit Post" }).click();
    await expect(
      page.getByRole("status", { name: "Loading the post..." }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );
  });

  test("the editor's Delete asks in a dialog that names the post; Cancel keeps it, Delete Post removes it", async ({
    page,
  }) => {
    const title = `Kept post ${RUN}`;
    const id = await seedPost(title, ACCOUNTS.author.id);
    await signIn(page, ACCOUNTS.author.email, `/edit/${id}`);
    await expect(page.getByRole("link", { name: "View post" })).toHaveAttribute(
      "href",
      `/blueprints/${id}`,
    );
    await page.getByRole("link", { name: `Delete post ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete post" });
    await expect(dialog).toContainText(
      "Are you sure you want to delete this post?",
    );
    await expect(dialog.getByTestId("delete-dialog-title")).toHaveText(title);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
    const { data } = await service.from("blog_posts").select("id").eq("id", id);
    expect(data).toHaveLength(1);

    await page.getByRole("link", { name: `Delete post ${title}` }).click();
    await dialog.getByRole("button", { name: "Delete Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Post deleted successfully")).toBeVisible();
    expect(await storedPost(title)).toBeNull();
  });
});

// The plain-form path.
test.describe("without JavaScript", { tag: "@no-js-only" }, () => {
  test("publish from the textarea, preview, edit and delete through the confirmation page", async ({
    page,
  }) => {
    const title = `Plain post ${RUN}`;
    await signIn(page, ACCOUNTS.author.email, "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    const content = page.getByRole("textbox", { name: "Content" });
    await expect(content).toBeVisible();
    await content.fill(
      [
        "<h2>Plain heading</h2>",
        "<p>Safe text <strong>bold</strong></p>",
        '<script>window.pwned = 1</script><img src="x.png" alt="x" onerror="window.pwned = 2">',
        '<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/ok">good link</a></p>',
        '<iframe src="https://evil.example/embed/x"></iframe>',
      ].join(""),
    );
    await page
      .getByRole("textbox", { name: "More tags, separated by commas" })
      .fill(`plain ${RUN}, second ${RUN}`);
    await page.getByRole("checkbox", { name: "Analytics" }).check();
    await page.getByLabel("Cover Image").setInputFiles(coverFile());
    await page
      .getByRole("textbox", { name: "Cover description (alt text)" })
      .fill("A test cover");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(
      preview.getByRole("heading", { level: 1, name: title }),
    ).toBeVisible();
    await expect(
      preview.locator("h2", { hasText: "Plain heading" }),
    ).toBeVisible();
    await expect(preview.getByTestId("preview-cover")).toHaveAttribute(
      "src",
      /^data:image\/png;base64,/,
    );
    await expect(preview.locator("script, iframe")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
      title,
    );
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(
      /Plain heading/,
    );
    await expect(
      page.getByRole("checkbox", { name: "Analytics" }),
    ).toBeChecked();
    expect(await storedPost(title)).toBeNull();

    // Browsers never send a chosen file back: choose it again.
    await page.getByLabel("Cover Image").setInputFiles(coverFile("again.png"));
    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Your post has been published.")).toBeVisible();
    await expect(
      page.getByRole("article").filter({ hasText: title }),
    ).toBeVisible();

    const stored = await storedPost(title);
    expect(stored?.content).toContain("<h2>Plain heading</h2>");
    expect(stored?.content).toContain('href="https://example.com/ok"');
    expect(stored?.content).not.toMatch(
      /<script|onerror|javascript:|<iframe|evil\.example/i,
    );
    expect(stored?.cover_image_url).toMatch(
      new RegExp(`^${COVER_PREFIX}${ACCOUNTS.author.id}/.+\\.png$`),
    );
    expect(tagNames(stored)).toEqual(
      ["Analytics", `plain ${RUN}`, `second ${RUN}`].sort(),
    );

    await page.goto(`/edit/${stored!.id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Edit Blog Post" }),
    ).toBeVisible();
    // Its tags exist now, so they come back as checked toggles.
    for (const tag of ["Analytics", `plain ${RUN}`, `second ${RUN}`]) {
      await expect(page.getByRole("checkbox", { name: tag })).toBeChecked();
    }
    const edited = `${title} edited`;
    await page.getByRole("textbox", { name: "Title" }).fill(edited);
    await page
      .getByRole("textbox", { name: "More tags, separated by commas" })
      .fill(`third ${RUN}`);
    for (const tag of ["Analytics", `plain ${RUN}`, `second ${RUN}`]) {
      await page.getByRole("checkbox", { name: tag }).uncheck();
    }
    await page.getByRole("button", { name: "Update Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Your post has been updated.")).toBeVisible();
    expect(tagNames(await storedPost(edited))).toEqual([`third ${RUN}`]);

    await page
      .getByRole("article")
      .filter({ hasText: edited })
      .getByRole("link", { name: `Delete post ${edited}` })
      .click();
    await expect(
      page.getByText("Are you sure you want to delete this post?"),
    ).toBeVisible();
    await page.getByRole("button", { name: "Delete Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Post deleted successfully")).toBeVisible();
    expect(await storedPost(edited)).toBeNull();
  });

  test("editing only the title of a post with tags keeps its tags", async ({
    page,
  }) => {
    // Every tag is an existing one, so the comma field posts empty beside the
    // checked toggles: that empty value once failed the schema and the form
    // then crashed re-rendering it (HTTP 500, nothing saved).
    const title = `Tagged post ${RUN}`;
    await signIn(page, ACCOUNTS.author.email, "/write");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<p>Tagged body</p>");
    await page.getByRole("checkbox", { name: "Analytics" }).check();
    await page
      .getByRole("textbox", { name: "More tags, separated by commas" })
      .fill(`kept ${RUN}`);
    await page.getByRole("button", { name: "Publish Post" }).click();
    await page.waitForURL((url) => url.pathname === "/blueprints");
    const stored = await storedPost(title);
    expect(tagNames(stored)).toEqual(["Analytics", `kept ${RUN}`].sort());

    await page.goto(`/edit/${stored!.id}`);
    await expect(
      page.getByRole("textbox", { name: "More tags, separated by commas" }),
    ).toHaveValue("");
    const edited = `${title} renamed`;
    await page.getByRole("textbox", { name: "Title" }).fill(edited);
    const response = page.waitForResponse(
      (res) => res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Update Post" }).click();
    expect((await response).status()).toBeLessThan(500);
    await page.waitForURL((url) => url.pathname === "/blueprints");
    await expect(toast(page, "Your post has been updated.")).toBeVisible();
    expect(tagNames(await storedPost(edited))).toEqual(
      ["Analytics", `kept ${RUN}`].sort(),
    );
  });

  test("empty title or content shows the message in the page and keeps the form", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.author.email, "/write");
    // Skip the browser's own required-field check to reach the server's.
    await page
      .locator("#post-form")
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page
      .getByRole("textbox", { name: "Excerpt" })
      .fill("Only an excerpt");
    await page.getByRole("button", { name: "Publish Post" }).click();
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "Missing information" });
    await expect(alert).toContainText(
      "Please provide a title and content for your post.",
    );
    await expect(page.getByRole("textbox", { name: "Excerpt" })).toHaveValue(
      "Only an excerpt",
    );
  });
});

// The plain form is the same in both projects once filled; with JavaScript the
// editor replaces the textarea, which the tests above already cover.
test.describe(
  "when Supabase fails while writing",
  { tag: "@no-js-only" },
  () => {
    let site: FailingSite;

    test.beforeAll(async () => {
      test.setTimeout(60_000);
      site = await startFailingSite();
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    async function signInThere(page: Page, redirect: string) {
      await page.goto(`${site.url}/auth?${new URLSearchParams({ redirect })}`);
      await page
        .getByRole("textbox", { name: "Email" })
        .fill(ACCOUNTS.author.email);
      await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === redirect);
    }

    // Without scripts the failure is the form's own alert, title and message.
    const alert = (page: Page, text: string) =>
      page.getByRole("alert").filter({ hasText: text });

    const failSave = (code: string, message: string) =>
      site.failWhen(({ method, url }) =>
        method === "POST" && url.pathname === "/rest/v1/rpc/save_post"
          ? { code, message }
          : null,
      );

    test("publish: the database's message, else the fallback; nothing is stored", async ({
      page,
    }) => {
      const title = `Down post ${RUN}`;
      // Not a SQLSTATE: nothing worth showing, so the fallback.
      failSave("WORKER_ERROR", "upstream exploded");
      await signInThere(page, "/write");
      await page.getByRole("textbox", { name: "Title" }).fill(title);
      await page
        .getByRole("textbox", { name: "Content" })
        .fill("<p>Kept on failure</p>");
      await page.getByRole("button", { name: "Publish Post" }).click();
      const fallback = alert(page, "Failed to publish post. Please try again.");
      await expect(fallback).toContainText("Error");
      await expect(fallback).not.toContainText("upstream exploded");
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(
        title,
      );

      failSave("XX000", "The database is read-only right now");
      await page.getByRole("button", { name: "Publish Post" }).click();
      const specific = alert(page, "The database is read-only right now");
      await expect(specific).toContainText("Error");
      expect(await storedPost(title)).toBeNull();
    });

    test('update: "Failed to update post. Please try again."', async ({
      page,
    }) => {
      const title = `Down update ${RUN} ${test.info().project.name}`;
      const id = await seedPost(title, ACCOUNTS.author.id);
      failSave("WORKER_ERROR", "upstream exploded");
      await signInThere(page, "/write");
      await page.goto(`${site.url}/edit/${id}`);
      await page
        .getByRole("textbox", { name: "Title" })
        .fill(`${title} edited`);
      await page.getByRole("button", { name: "Update Post" }).click();
      await expect(
        alert(page, "Failed to update post. Please try again."),
      ).toContainText("Error");
      expect((await storedPost(title))?.id).toBe(id);
    });

    test('a failed cover upload: "Upload Error" / "Failed to upload image. Please try again."', async ({
      page,
    }) => {
      const title = `Down cover ${RUN}`;
      site.failWhen(({ method, url }) =>
        method === "POST" &&
        url.pathname.startsWith("/storage/v1/object/blog-images/")
          ? { code: "InternalError", message: "storage down" }
          : null,
      );
      await signInThere(page, "/write");
      await page.getByRole("textbox", { name: "Title" }).fill(title);
      await page
        .getByRole("textbox", { name: "Content" })
        .fill("<p>With a cover</p>");
      await page.getByLabel("Cover Image").setInputFiles(coverFile());
      await page
        .getByRole("textbox", { name: "Cover description (alt text)" })
        .fill("A test cover");
      await page.getByRole("button", { name: "Publish Post" }).click();
      await expect(
        alert(page, "Failed to upload image. Please try again."),
      ).toContainText("Upload Error");
      expect(await storedPost(title)).toBeNull();
    });

    test('a post that cannot be loaded for editing: "Error" / "Failed to load blog post."', async ({
      page,
    }) => {
      const id = await seedPost(
        `Down load ${RUN} ${test.info().project.name}`,
        ACCOUNTS.author.id,
      );
      site.failWhen(({ method, url }) =>
        method === "GET" && url.pathname === "/rest/v1/blog_posts"
          ? { code: "XX000", message: "backend down" }
          : null,
      );
      await signInThere(page, "/write");
      await page.goto(`${site.url}/edit/${id}`);
      await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
      await expect(page.getByText("Failed to load blog post.")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveCount(0);
    });
  },
);

// Who may write, edit and delete: the server's answers (status, sign-in form,
// refusal message, the links it leaves out) are the same document with and
// without scripts, and the direct posts are HTTP; once, in "js".
test.describe("access", { tag: "@js-only" }, () => {
  test("an anonymous visitor gets the sign-in form", async ({ page }) => {
    await page.goto("/write");
    await expect(
      page.getByRole("heading", { name: "Team Login" }),
    ).toBeVisible();
    await page.goto("/edit/b0000000-0000-4000-8000-000000000001");
    await expect(
      page.getByRole("heading", { name: "Team Login" }),
    ).toBeVisible();
    const response = await page.request.post("/write", {
      multipart: { title: "Anonymous", content: "<p>x</p>" },
      headers: { Origin: BASE_URL },
    });
    expect(response.status()).toBe(401);
    expect(await storedPost("Anonymous")).toBeNull();
  });

  test("editing a post that does not exist says so", async ({ page }) => {
    await signIn(page, ACCOUNTS.author.email, "/write");
    const response = await page.goto(`/edit/${randomUUID()}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Not Found" }),
    ).toBeVisible();
    await expect(page.getByText("Blog post not found.")).toBeVisible();
  });

  test("a reader gets the access-denied view", async ({ page }) => {
    await signIn(page, ACCOUNTS.reader.email, "/write");
    await expect(page.getByTestId("access-denied-message")).toHaveText(DENIED);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });

  test("an author whose status was removed keeps their posts but may no longer edit or delete them", async ({
    page,
  }) => {
    const project = test.info().project.name;
    const former = `former-${RUN}-${project}@example.com`;
    const created = await service.auth.admin.createUser({
      email: former,
      password: DEMO_PASSWORD,
      email_confirm: true,
    });
    if (created.error || !created.data.user) throw created.error;
    const formerId = created.data.user.id;
    try {
      const inserted = await service.from("platform_users").insert({
        id: formerId,
        email: former,
        username: "",
        is_author: false,
      });
      if (inserted.error) throw inserted.error;
      const title = `Former author ${RUN} ${project}`;
      const id = await seedPost(title, formerId);

      await signIn(page, former, `/blueprints/${id}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByRole("link", { name: "Edit Post" })).toHaveCount(
        0,
      );
      await page.goto("/blueprints");
      await expect(
        page.getByRole("article").filter({ hasText: title }),
      ).toBeVisible();
      await expect(
        page.getByRole("link", { name: `Delete post ${title}` }),
      ).toHaveCount(0);

      await page.goto(`/edit/${id}`);
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        DENIED,
      );
      await page.goto(`/blueprints/${id}/delete`);
      await expect(page.getByTestId("access-denied-message")).toHaveText(
        DENIED,
      );
      const remove = await page.request.post(`/blueprints/${id}/delete`, {
        form: { returnTo: "/blueprints" },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
      expect(remove.status()).toBe(403);
      expect(await storedPost(title)).not.toBeNull();
    } finally {
      await service.auth.admin.deleteUser(formerId);
    }
  });

  test("an author cannot edit or delete another author's post, even by posting directly", async ({
    page,
  }) => {
    const title = `Not yours ${RUN} ${test.info().project.name}`;
    const id = await seedPost(title, ACCOUNTS.author.id);
    await signIn(page, otherAuthor.email, "/blueprints");
    await expect(
      page.getByRole("article").filter({ hasText: title }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: `Delete post ${title}` }),
    ).toHaveCount(0);

    await page.goto(`/edit/${id}`);
    await expect(page.getByTestId("access-denied-message")).toHaveText(
      "You are not allowed to edit this post.",
    );
    const edit = await page.request.post(`/edit/${id}`, {
      multipart: {
        intent: "publish",
        title: "Taken over",
        content: "<p>mine now</p>",
      },
      headers: { Origin: BASE_URL },
    });
    expect(edit.status()).toBe(403);

    await page.goto(`/blueprints/${id}/delete`);
    await expect(page.getByTestId("access-denied-message")).toHaveText(
      "You are not allowed to delete this post.",
    );
    const remove = await page.request.post(`/blueprints/${id}/delete`, {
      form: { returnTo: "/blueprints" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(remove.status()).toBe(302);
    const back = await page.request.get(remove.headers().location!);
    expect(await back.text()).toContain("Failed to delete post");

    const { data } = await service
      .from("blog_posts")
      .select("title, content")
      .eq("id", id)
      .single();
    expect(data).toEqual({ title, content: "<p>Seeded body</p>" });
  });
});
