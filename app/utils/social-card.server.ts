// Social images (og:image, twitter:image) must be PNG or JPEG at 1200×630:
// Facebook, LinkedIn and X do not render SVG. This renders an SVG to PNG with
// resvg and the brand's Inter (the Latin WOFF files of @fontsource/inter,
// unpacked once per process into TrueType, which resvg reads), so text looks
// the same on a developer's machine, in CI and on a server without fonts.
// It makes the site's default cards (scripts/social-images.ts, committed
// under public/) and the title card of a post without a cover, made once
// when the post is saved (app/routes/blog/editor/editor.server.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-js";

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

const FONT_WEIGHTS = [400, 700] as const;

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps: the same tables,
 * each inflated when it was compressed (WOFF's zlib is the only change).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const tag = woff.readUInt32BE(entry);
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    return { tag, checksum, data };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    header.writeUInt32BE(table.tag, entry);
    header.writeUInt32BE(table.checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(table.data.length, entry + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

let fontFiles: string[] | null = null;

/** Inter's Latin 400 and 700 as TrueType files in a temporary folder. */
function interFontFiles() {
  if (fontFiles) return fontFiles;
  const require = createRequire(import.meta.url);
  const dir = join(tmpdir(), `site-social-fonts-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  fontFiles = FONT_WEIGHTS.map((weight) => {
    const woff = readFileSync(
      require.resolve(
        `@fontsource/inter/files/inter-latin-${weight}-normal.woff`,
      ),
    );
    const path = join(dir, `inter-${weight}.ttf`);
    writeFileSync(path, woffToSfnt(woff));
    return path;
  });
  return fontFiles;
}

/** An SVG as a PNG of the social image's size, its text in Inter. */
export function renderSocialPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: SOCIAL_IMAGE_WIDTH },
    font: {
      loadSystemFonts: false,
      fontFiles: interFontFiles(),
      defaultFontFamily: "Inter",
      sansSerifFamily: "Inter",
    },
  });
  return resvg.render().asPng();
}

function escapeXml(text: string) {
  return text.replace(
    /[<>&"']/g,
    (char) =>
      ({
        "<": "&lt;",
        ">": "&gt;",
        "&": "&amp;",
        '"': "&quot;",
        "'": "&apos;",
      })[char]!,
  );
}

/**
 * The title in lines of at most `width` characters (a long word is cut), at
 * most `maxLines`, the last ending in an ellipsis when text was left out.
 */
export function wrapTitle(title: string, width = 26, maxLines = 4) {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words.flatMap((w) =>
    w.length > width ? (w.match(new RegExp(`.{1,${width}}`, "g")) ?? []) : [w],
  )) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1).trimEnd()}…`;
  return kept;
}

/**
 * The card of a post without a cover: the blog's no-cover card (navy to
 * indigo, a faint grid, the brand's glow) with the post's title.
 */
export function postCardSvg(title: string, brand: string, label: string) {
  const lines = wrapTitle(title);
  const lineHeight = 76;
  const firstBaseline = 630 - 96 - (lines.length - 1) * lineHeight;
  const grid = Array.from({ length: 38 }, (_, i) => i * 32)
    .map(
      (x) =>
        `<line x1="${x}" y1="0" x2="${x}" y2="630"/><line x1="0" y1="${x}" x2="1200" y2="${x}"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e1b4b"/>
      <stop offset="0.55" stop-color="#312e81"/>
      <stop offset="1" stop-color="#4338ca"/>
    </linearGradient>
    <radialGradient id="violet" cx="1" cy="0" r="0.7">
      <stop offset="0" stop-color="#8b5cf6" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#8b5cf6" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sky" cx="0" cy="1" r="0.6">
      <stop offset="0" stop-color="#0ea5e9" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#0ea5e9" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g stroke="#ffffff" stroke-opacity="0.06" stroke-width="1">${grid}</g>
  <rect width="1200" height="630" fill="url(#violet)"/>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <rect x="80" y="72" width="56" height="56" rx="14" fill="#7c3aed"/>
  <text x="108" y="112" text-anchor="middle" font-family="Inter" font-weight="700" font-size="34" fill="#ffffff">${escapeXml(brand.slice(0, 1))}</text>
  <text x="156" y="111" font-family="Inter" font-weight="700" font-size="34" fill="#ffffff">${escapeXml(brand)}</text>
  <rect x="${1120 - (label.length * 15 + 48)}" y="76" width="${label.length * 15 + 48}" height="48" rx="24" fill="#0f172a" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.35"/>
  <text x="${1120 - (label.length * 15 + 48) / 2}" y="108" text-anchor="middle" font-family="Inter" font-weight="700" font-size="20" letter-spacing="2" fill="#ffffff">${escapeXml(label.toUpperCase())}</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="80" y="${firstBaseline + i * lineHeight}" font-family="Inter" font-weight="700" font-size="64" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
</svg>`;
}
