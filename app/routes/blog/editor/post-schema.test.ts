import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import {
  COVER_SIZE_MESSAGE,
  COVER_TYPE_MESSAGE,
  CONTENT_REQUIRED_MESSAGE,
  TAGS_TYPE_MESSAGE,
  TITLE_REQUIRED_MESSAGE,
} from "#app/routes/blog/post-messages.ts";
import {
  COVER_MAX_BYTES,
  hasVisibleContent,
  parseTagList,
  postSchemaFor,
} from "./post-schema.ts";

function form(entries: [string, string | File][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

function parse(formData: FormData) {
  const submission = parseWithZod(formData, {
    schema: postSchemaFor(formData.get("intent")),
  });
  const error = submission.status === "error" ? submission.error : undefined;
  return Object.assign(submission, { error });
}

describe("hasVisibleContent", () => {
  test.each([
    [undefined, false],
    ["", false],
    ["<p></p>", false],
    ["<p> &nbsp; </p><h2></h2>", false],
    ["<p>Hello</p>", true],
    ['<p><img src="https://a.example/a.png"></p>', true],
    [
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/x"></iframe></div>',
      true,
    ],
  ])("%s -> %s", (html, expected) => {
    expect(hasVisibleContent(html)).toBe(expected);
  });
});

describe("parseTagList", () => {
  test("one list from hidden inputs and comma-separated text, trimmed and without repeats", () => {
    expect(parseTagList(["AI", " Data  Quality ", "AI"])).toEqual([
      "AI",
      "Data Quality",
    ]);
    expect(parseTagList("a, b,,  c ,a")).toEqual(["a", "b", "c"]);
    expect(parseTagList(["x", "y, z"])).toEqual(["x", "y", "z"]);
    expect(parseTagList(undefined)).toEqual([]);
    expect(parseTagList(" , ")).toEqual([]);
    // What Conform makes of an empty field, and what its reply carries back.
    expect(parseTagList([undefined, "a", null, "b"])).toEqual(["a", "b"]);
  });
});

describe("PostSchema tags", () => {
  const base: [string, string][] = [
    ["intent", "publish"],
    ["title", "A title"],
    ["content", "<p>Body</p>"],
  ];

  test("the empty comma field posted beside checked toggles is no error", () => {
    const submission = parse(
      form([...base, ["tags", ""], ["tags", "AI"], ["tags", "Data"]]),
    );
    expect(submission.error).toBeUndefined();
    expect(submission.status === "success" && submission.value.tags).toEqual([
      "AI",
      "Data",
    ]);
  });

  test("no tags field at all means no tags", () => {
    const submission = parse(form(base));
    expect(submission.status === "success" && submission.value.tags).toEqual(
      [],
    );
  });

  test("a file where tags belong is refused with a message", () => {
    const submission = parse(
      form([...base, ["tags", new File(["x"], "x.txt")]]),
    );
    expect(submission.error?.tags).toEqual([TAGS_TYPE_MESSAGE]);
  });
});

describe("PostSchema (publish)", () => {
  test("a post with title and content passes, tags become a list and no file means no cover", () => {
    const submission = parse(
      form([
        ["intent", "publish"],
        ["title", "  A title  "],
        ["content", "<p>Body</p>"],
        ["excerpt", ""],
        ["tags", "one"],
        ["tags", "two, three"],
        ["cover", new File([], "", { type: "application/octet-stream" })],
      ]),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      intent: "publish",
      title: "A title",
      content: "<p>Body</p>",
      tags: ["one", "two", "three"],
    });
    expect(submission.value.cover).toBeUndefined();
    expect(submission.value.excerpt).toBeUndefined();
  });

  test("empty title and an empty editor are refused with the form's messages", () => {
    const submission = parse(
      form([
        ["title", " "],
        ["content", "<p></p>"],
      ]),
    );
    expect(submission.status).toBe("error");
    expect(submission.error?.title).toEqual([TITLE_REQUIRED_MESSAGE]);
    expect(submission.error?.content).toEqual([CONTENT_REQUIRED_MESSAGE]);
  });

  test("the cover must be an image type the bucket accepts and at most 5 MB", () => {
    const svg = parse(
      form([
        ["title", "t"],
        ["content", "<p>c</p>"],
        ["cover", new File(["<svg/>"], "a.svg", { type: "image/svg+xml" })],
      ]),
    );
    expect(svg.error?.cover).toEqual([COVER_TYPE_MESSAGE]);
    const big = parse(
      form([
        ["title", "t"],
        ["content", "<p>c</p>"],
        [
          "cover",
          new File([new Uint8Array(COVER_MAX_BYTES + 1)], "a.png", {
            type: "image/png",
          }),
        ],
      ]),
    );
    expect(big.error?.cover).toEqual([COVER_SIZE_MESSAGE]);
    const fine = parse(
      form([
        ["title", "t"],
        ["content", "<p>c</p>"],
        ["coverAlt", "A cover"],
        [
          "cover",
          new File([new Uint8Array(COVER_MAX_BYTES)], "a.png", {
            type: "image/png",
          }),
        ],
      ]),
    );
    expect(fine.status).toBe("success");
  });
});

describe("PostPreviewSchema", () => {
  test("a preview may be empty", () => {
    const submission = parse(form([["intent", "preview"]]));
    expect(submission.status).toBe("success");
  });
});

describe("alt text before publishing", () => {
  const image = '<p>Body</p><p><img src="https://a.example/a.png"></p>';
  const base = (intent: string, content = image): [string, string][] => [
    ["intent", intent],
    ["title", "A post"],
    ["content", content],
  ];

  test("publish and schedule are refused while an image is undescribed; a draft is kept", () => {
    for (const intent of ["publish", "schedule"]) {
      expect(parse(form(base(intent))).error?.imageAlt).toEqual([
        "Before publishing or scheduling, describe each image or mark it decorative: image 1 in the content (a.png).",
      ]);
    }
    expect(parse(form(base("draft"))).status).toBe("success");
  });

  test("the saved cover counts only where the form says there is one", () => {
    const entries = base("publish", "<p>Body</p>");
    const plain = parseWithZod(form(entries), {
      schema: postSchemaFor("publish"),
    });
    expect(plain.status).toBe("success");
    const withCover = parseWithZod(form(entries), {
      schema: postSchemaFor("publish", { currentCover: true }),
    });
    expect(withCover.status).toBe("error");
    const decorative = parseWithZod(
      form([...entries, ["coverDecorative", "on"]]),
      { schema: postSchemaFor("publish", { currentCover: true }) },
    );
    expect(decorative.status).toBe("success");
    const described = parseWithZod(
      form([...entries, ["coverAlt", "Our office"]]),
      { schema: postSchemaFor("publish", { currentCover: true }) },
    );
    expect(described.status).toBe("success");
  });
});
