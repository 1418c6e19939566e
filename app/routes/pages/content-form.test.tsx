import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { z } from "zod";
import { ContentFields } from "./content-form.tsx";
import { useSchemaForm } from "#app/components/form-kit.tsx";
import {
  choice,
  group,
  image,
  link,
  list,
  schemaOf,
  text,
} from "#app/lib/content-model.ts";

// A definition's form, as the server renders it for a browser without
// JavaScript: every field named as Conform reads it back, labelled, and a
// list's entries with the buttons that change it by a plain post.

const FIELDS = {
  hero: group("Hero", {
    headline: text("Headline", { max: 10, help: "The page's h1." }),
    text: text("Text", { max: 300, multiline: true }),
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

const SCHEMA = z.object({ content: schemaOf(FIELDS) });

function Form() {
  const [form, fields] = useSchemaForm({
    id: "test",
    schema: SCHEMA,
    lastResult: null,
    defaultValue: {
      content: {
        hero: {
          headline: "Hello",
          text: "Words",
          cta: { label: "Go", href: "/contact-us" },
          picture: { src: "/a.svg", alt: "A", decorative: false },
          icon: "cloud",
          points: ["one"],
        },
      },
    },
  });
  return (
    <ContentFields
      form={form as never}
      fields={FIELDS}
      meta={fields.content as never}
    />
  );
}

const html = renderToStaticMarkup(
  <MantineProvider>
    <Form />
  </MantineProvider>,
);

function attributesOf(name: string) {
  const tag = new RegExp(`<(input|textarea|select)[^>]*name="${name}"[^>]*>`)
    .exec(html)
    ?.at(0);
  expect(tag, `a field named ${name}`).toBeDefined();
  return tag!;
}

test("every field of the definition is an input named by its path, with its value", () => {
  expect(attributesOf("content.hero.headline")).toContain('value="Hello"');
  expect(attributesOf("content.hero.text")).toMatch(/^<textarea/);
  expect(attributesOf("content.hero.cta.href")).toContain(
    'value="/contact-us"',
  );
  expect(attributesOf("content.hero.picture.alt")).toContain('value="A"');
  expect(attributesOf("content.hero.picture.decorative")).toContain(
    'type="checkbox"',
  );
  expect(attributesOf("content.hero.icon")).toMatch(/^<select/);
  expect(html).toMatch(/<option value="cloud" selected="">cloud<\/option>/);
  expect(attributesOf("content.hero.points\\[0\\]")).toContain('value="one"');
});

test("labels, help and sections come from the definition", () => {
  expect(html).toContain("<legend");
  expect(html).toMatch(/>Hero<\/legend>/);
  expect(html).toMatch(/>Headline<span/);
  expect(html).toContain("The page&#x27;s h1.");
  expect(html).toMatch(/>Point 1<span/);
});

test("a list's entries are added, moved and removed by buttons that post the form, within its limits", () => {
  const buttons = [...html.matchAll(/<button[^>]*>/g)].map(([tag]) => tag);
  const intents = buttons
    .filter((tag) => tag.includes('name="__intent__"'))
    .map((tag) => ({
      intent: JSON.parse(
        /value="([^"]*)"/.exec(tag)![1]!.replaceAll("&quot;", '"'),
      ).type as string,
      disabled: tag.includes("disabled"),
    }));
  expect(intents).toEqual([
    { intent: "reorder", disabled: true },
    { intent: "reorder", disabled: true },
    { intent: "remove", disabled: true },
    { intent: "insert", disabled: false },
  ]);
  expect(buttons.every((tag) => tag.includes('type="submit"'))).toBe(true);
});
