import { describe, expect, test } from "vitest";
import {
  contentImages,
  imagesMissingAlt,
  missingAltMessage,
} from "./image-alt.ts";

const noCover = { present: false, decorative: false };

describe("contentImages", () => {
  test("reads src, alt and the decorative mark, quoted or bare", () => {
    expect(
      contentImages(
        `<p><img src="https://a.example/chart.png" alt="A &quot;chart&quot;"><img alt='' data-decorative src=b.png></p><img src="c.png">`,
      ),
    ).toEqual([
      {
        src: "https://a.example/chart.png",
        alt: 'A "chart"',
        decorative: false,
      },
      { src: "b.png", alt: "", decorative: true },
      { src: "c.png", alt: null, decorative: false },
    ]);
  });

  test("an attribute inside another's value is not read", () => {
    expect(
      contentImages(`<img title="x data-decorative alt=y" src="d.png">`),
    ).toEqual([{ src: "d.png", alt: null, decorative: false }]);
  });
});

describe("imagesMissingAlt", () => {
  test("lists the cover and each undescribed inline image by place and file", () => {
    const missing = imagesMissingAlt({
      content:
        '<p><img src="/storage/v1/object/public/blog-images/u/one.png?v=2" alt=" "></p><p><img src="https://a.example/two.png" alt="Two"></p><p><img src="data:image/png;base64,AAAA"></p>',
      cover: { present: true, alt: "", decorative: false },
    });
    expect(missing).toEqual([
      "the cover image",
      "image 1 in the content (one.png)",
      "image 3 in the content (pasted)",
    ]);
    expect(missingAltMessage(missing)).toBe(
      "Before publishing or scheduling, describe each image or mark it decorative: the cover image; image 1 in the content (one.png); image 3 in the content (pasted).",
    );
  });

  test("a described or decorative image, and no cover, need nothing", () => {
    expect(
      imagesMissingAlt({
        content: '<img src="a.png" alt="" data-decorative="">',
        cover: { present: true, alt: null, decorative: true },
      }),
    ).toEqual([]);
    expect(
      imagesMissingAlt({
        content: "<p>No images.</p>",
        cover: { ...noCover, alt: null },
      }),
    ).toEqual([]);
    expect(
      imagesMissingAlt({
        content: "",
        cover: { present: true, alt: "A team at work", decorative: false },
      }),
    ).toEqual([]);
  });
});
