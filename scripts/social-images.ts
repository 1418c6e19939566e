// `npm run social-images`: the PNG social images (og:image, twitter:image) of
// the site, rendered once from their SVG sources and committed under public/:
// link previews on Facebook, LinkedIn and X show PNG or JPEG, never SVG.
//   public/social-card.svg     -> public/social-card.png (every page's default)
//   public/blog/cover-*.svg    -> public/blog/cover-*.png (the seeded posts'
//                                 covers, used as those posts' social images)
//   public/images/agents/*-poster.svg -> *-poster.png (the agent pages')
//   public/favicon.svg         -> public/logo.png, 512 px square (the
//                                 Organization logo of the structured data:
//                                 Google wants a raster image of 112 px or more)
// Rerun after changing an SVG. A post saved without a cover gets its own card
// when it is saved (app/utils/social-card.server.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { renderSocialPng } from "#app/utils/social-card.server.ts";

const publicDir = new URL("../public/", import.meta.url).pathname;

const inFolder = (folder: string, pattern: RegExp) =>
  readdirSync(join(publicDir, folder))
    .filter((name) => pattern.test(name))
    .map((name) => `${folder}/${name}`);

const sources = [
  "social-card.svg",
  ...inFolder("blog", /^cover-.+\.svg$/),
  ...inFolder("images/agents", /-poster\.svg$/),
];

/** A 16:9 poster fills the 1200×630 card, cropped a little top and bottom. */
function asCard(svg: string) {
  return svg.replace(
    /<svg\b([^>]*?)\swidth="\d+"\s+height="\d+"/,
    '<svg$1 width="1200" height="630" preserveAspectRatio="xMidYMid slice"',
  );
}

for (const source of sources) {
  const svg = asCard(readFileSync(join(publicDir, source), "utf8"));
  const png = renderSocialPng(svg);
  const target = source.replace(/\.svg$/, ".png");
  writeFileSync(join(publicDir, target), png);
  console.info(`${target}: ${(png.length / 1024).toFixed(0)} KB`);
}

/** The logo has no text: no fonts, just the mark at LOGO_SIZE. */
const LOGO_SIZE = 512;
const logo = new Resvg(readFileSync(join(publicDir, "favicon.svg"), "utf8"), {
  fitTo: { mode: "width", value: LOGO_SIZE },
})
  .render()
  .asPng();
writeFileSync(join(publicDir, "logo.png"), logo);
console.info(`logo.png: ${(logo.length / 1024).toFixed(0)} KB`);
