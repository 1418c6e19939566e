import { describe, expect, test } from "vitest";
import { popupFeatures, SHARE_NETWORKS } from "./share-links.ts";

const url =
  "https://site.example/blueprints/b0000000-0000-4000-8000-000000000001";
const byId = Object.fromEntries(SHARE_NETWORKS.map((n) => [n.id, n]));

describe("share links", () => {
  test("real share URLs with the post's address encoded", () => {
    expect(byId.facebook?.href(url, "T")).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(byId.twitter?.href(url, "A & B")).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=A+%26+B`,
    );
    expect(byId.linkedin?.href(url, "T")).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
  });

  test("the product's popup sizes: 550x400, 550x400, 750x600", () => {
    expect(
      SHARE_NETWORKS.map((n) => `${n.name} ${n.width}x${n.height}`),
    ).toEqual(["Facebook 550x400", "Twitter 550x400", "LinkedIn 750x600"]);
  });

  test("popups are centred and never placed off screen", () => {
    expect(
      popupFeatures(
        { width: 550, height: 400 },
        { left: 0, top: 0, width: 1450, height: 1000 },
      ),
    ).toBe("width=550,height=400,left=450,top=300");
    expect(
      popupFeatures(
        { width: 750, height: 600 },
        { left: 0, top: 0, width: 500, height: 400 },
      ),
    ).toBe("width=750,height=600,left=0,top=0");
  });
});
