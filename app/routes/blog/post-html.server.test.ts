import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { CONTENT_MAX_DEPTH } from "#app/lib/html-depth.ts";
import { SANITIZER_VERSION } from "#app/lib/sanitize.ts";
import { safePostHtml, sanitizeOffThread } from "./post-html.server.ts";

/** Markup nested to the limit, many times over: what costs the sanitiser most. */
function deepBlocks(bytes: number) {
  const open = "<blockquote><ul><li>".repeat(CONTENT_MAX_DEPTH / 3);
  const close = "</li></ul></blockquote>".repeat(CONTENT_MAX_DEPTH / 3);
  const block = `<p>${open}<strong>Deep</strong> <em>text</em>${close}</p>`;
  return block.repeat(Math.ceil(bytes / block.length));
}

/** How often a 1 ms timer fired while `work` ran: never, if it held this thread. */
async function ticksDuring(work: () => Promise<unknown>) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

test("sanitises in a worker thread: this thread keeps answering meanwhile", async () => {
  expect(
    await sanitizeOffThread('<p onclick="x()">hi<script>x</script></p>'),
  ).toEqual({ html: "<p>hi</p>" });
  const content = deepBlocks(2 * 1024 * 1024);
  let result: unknown;
  const ticks = await ticksDuring(async () => {
    result = await sanitizeOffThread(content);
  });
  expect(result).toHaveProperty("html");
  expect(ticks).toBeGreaterThan(10);
});

test("refuses content nested past the limit without sanitising it", async () => {
  // 1.6 MB of these took the sanitiser 16 s on the request thread.
  const stairs = "<blockquote></i>".repeat(100_000);
  expect(await sanitizeOffThread(stairs)).toEqual({ refused: "too-deep" });
});

test("stops a sanitising that runs past its time, and the next one still runs", async () => {
  expect(await sanitizeOffThread(deepBlocks(4 * 1024 * 1024), 20)).toEqual({
    refused: "failed",
  });
  expect(await sanitizeOffThread("<p>next</p>")).toEqual({
    html: "<p>next</p>",
  });
});

test("a stored copy that fits is used as it is; content refused is not shown", async () => {
  const content = "<p>stored</p>";
  const stored = {
    // Not what the sanitiser would make: proves the copy is used as stored.
    html: "<p>the stored copy</p>",
    sanitizer_version: SANITIZER_VERSION,
    content_md5: createHash("md5").update(content).digest("hex"),
  };
  const id = crypto.randomUUID();
  expect(await safePostHtml({ id, content, stored })).toBe(
    "<p>the stored copy</p>",
  );
  expect(
    await safePostHtml({
      id,
      content,
      stored: { ...stored, sanitizer_version: SANITIZER_VERSION - 1 },
    }),
  ).toBe("<p>stored</p>");
  expect(
    await safePostHtml({
      id: crypto.randomUUID(),
      content: "<div/>".repeat(CONTENT_MAX_DEPTH + 1),
      stored: null,
    }),
  ).toBeNull();
});
