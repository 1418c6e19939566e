// `npm run agent-videos`: the agent pages' looping videos, rendered from the
// agents' posters (public/images/agents/<slug>-poster.svg) with the motion of
// scripts/agent-video-scenes.ts. Chromium plays the SVG's animations, paused
// and stepped frame by frame so every frame is exact, and ffmpeg encodes the
// frames twice: MP4 (H.264, yuv420p, moov atom first so playback starts
// before the download ends) and WebM (VP9), both without audio. The files go
// to supabase/storage/agent-videos/, which the embedded server seeds into the
// public agent-videos bucket and `npm run storage:upload` sends to a hosted
// project. Rerun after changing a poster or a scene, and commit the files.
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { AGENTS } from "#app/content/agents.ts";
import { CHROMIUM_ARGS, ensureChromium } from "#tests/support/browser.ts";
import { LOOP_SECONDS, SCENES } from "./agent-video-scenes.ts";

const FPS = 25;
const WIDTH = 1280;
const HEIGHT = 720;
const root = new URL("../", import.meta.url).pathname;
const outDir = join(root, "supabase/storage/agent-videos");

// The posters name Inter; the browser gets the brand's own file, as the site
// serves it, so the video's label matches the page around it.
const inter = readFileSync(
  join(
    root,
    "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  ),
).toString("base64");

const page = (svg: string) => `<!doctype html>
<html><head><style>
@font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${inter}) format("woff2"); }
html, body { margin: 0; background: #000; }
svg { display: block; }
</style></head><body>${svg}</body></html>`;

function encode(frames: string, target: string, codec: string[]) {
  execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-y",
      "-framerate",
      String(FPS),
      "-i",
      join(frames, "%03d.png"),
      "-an",
      ...codec,
      target,
    ],
    { stdio: "inherit" },
  );
  return `${(statSync(target).size / 1024).toFixed(0)} KB`;
}

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_ARGS,
});
mkdirSync(outDir, { recursive: true });
try {
  const tab = await browser.newPage({
    viewport: { width: WIDTH, height: HEIGHT },
  });
  for (const agent of AGENTS) {
    const poster = readFileSync(
      join(root, "public", agent.video.poster),
      "utf8",
    );
    await tab.setContent(page(SCENES[agent.slug](poster)));
    await tab.evaluate(() => document.fonts.ready);
    const frames = mkdtempSync(join(tmpdir(), `agent-video-${agent.slug}-`));
    try {
      const count = LOOP_SECONDS * FPS;
      for (let frame = 0; frame < count; frame++) {
        await tab.evaluate((seconds) => {
          const svg = document.querySelector("svg")!;
          svg.pauseAnimations();
          svg.setCurrentTime(seconds);
        }, frame / FPS);
        await tab.screenshot({
          path: join(frames, `${String(frame).padStart(3, "0")}.png`),
        });
      }
      const mp4 = encode(frames, join(outDir, `${agent.slug}.mp4`), [
        "-c:v",
        "libx264",
        "-preset",
        "veryslow",
        "-tune",
        "animation",
        "-crf",
        "30",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
      ]);
      const webm = encode(frames, join(outDir, `${agent.slug}.webm`), [
        "-c:v",
        "libvpx-vp9",
        "-b:v",
        "0",
        "-crf",
        "42",
        "-row-mt",
        "1",
        "-pix_fmt",
        "yuv420p",
      ]);
      console.info(`${agent.slug}: mp4 ${mp4}, webm ${webm}`);
    } finally {
      rmSync(frames, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
