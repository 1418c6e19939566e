import { describe, expect, test } from "vitest";
import {
  choice,
  contentFields,
  group,
  image,
  link,
  list,
  number,
  schemaOf,
  text,
} from "./content-model.ts";

const FIELDS = {
  hero: group("Hero", {
    headline: text("Headline", { max: 10 }),
    note: text("Note", { max: 10, optional: true }),
    cta: link("Button"),
    picture: image("Picture"),
    icon: choice("Icon", ["bulb", "cloud"]),
    points: list("Points", text("Point", { max: 5 }), {
      itemLabel: "point",
      min: 1,
      max: 2,
    }),
  }),
};

const VALID = {
  hero: {
    headline: "Hello",
    note: "",
    cta: { label: "Go", href: "/contact-us" },
    picture: { src: "/a.svg", alt: "A", decorative: false },
    icon: "bulb",
    points: ["one"],
  },
};

function errors(value: unknown) {
  const result = schemaOf(FIELDS).safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(
        result.error.issues.map((issue) => [
          issue.path.join("."),
          issue.message,
        ]),
      );
}

describe("a content type's schema", () => {
  test("accepts its shape and drops keys it does not define", () => {
    const parsed = schemaOf(FIELDS).parse({
      ...VALID,
      extra: 1,
      hero: { ...VALID.hero, extra: 2 },
    });
    expect(parsed).toEqual(VALID);
  });

  test("says what is wrong with each field by its label", () => {
    expect(
      errors({
        hero: {
          headline: "  ",
          cta: { label: "Go", href: "javascript:alert(1)" },
          picture: { src: "/a.svg", alt: "", decorative: false },
          icon: "trash",
          points: ["one", "two", "three"],
        },
      }),
    ).toEqual({
      "hero.headline": "Headline is required.",
      "hero.cta.href":
        "Button: address must be a path on the site (/…), an anchor (#…), an https:// address or a mailto: address.",
      "hero.picture.alt":
        "Describe picture for readers who cannot see it, or mark it decorative.",
      "hero.icon": "Choose one of the options for Icon.",
      "hero.points": "Points takes at most 2 entries.",
    });
    expect(
      errors({
        hero: {
          ...VALID.hero,
          headline: "x".repeat(11),
          note: "y".repeat(11),
          points: [],
        },
      }),
    ).toEqual({
      "hero.headline": "Headline must be at most 10 characters.",
      "hero.note": "Note must be at most 10 characters.",
      "hero.points": "Points needs at least 1 entry.",
    });
  });

  test("an optional text left out is stored empty", () => {
    const { note: _, ...hero } = VALID.hero;
    expect(schemaOf(FIELDS).parse({ hero })).toEqual(VALID);
  });

  test("a number is a whole number within its bounds, as the form posts it", () => {
    const schema = schemaOf({
      progress: number("Progress", { min: 0, max: 100 }),
    });
    expect(schema.parse({ progress: "92" })).toEqual({ progress: 92 });
    expect(schema.parse({ progress: 0 })).toEqual({ progress: 0 });
    const message = "Progress must be a whole number from 0 to 100.";
    for (const wrong of ["101", "-1", "4.5", "many", undefined]) {
      const result = schema.safeParse({ progress: wrong });
      expect(result.success, String(wrong)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });

  test("a decorative image needs no description", () => {
    expect(
      errors({
        hero: { ...VALID.hero, picture: { src: "/a.svg", decorative: true } },
      }),
    ).toEqual({});
  });
});

test("a value's fields are labelled lines, groups walked into, list entries numbered", () => {
  expect(contentFields(FIELDS, VALID)).toEqual([
    { path: "hero.headline", label: "Hero › Headline", lines: ["Hello"] },
    { path: "hero.note", label: "Hero › Note", lines: [""] },
    { path: "hero.cta", label: "Hero › Button", lines: ["Go → /contact-us"] },
    {
      path: "hero.picture",
      label: "Hero › Picture",
      lines: ["/a.svg", "Alt: A"],
    },
    { path: "hero.icon", label: "Hero › Icon", lines: ["bulb"] },
    { path: "hero.points", label: "Hero › Points", lines: ["1. one"] },
  ]);
});
