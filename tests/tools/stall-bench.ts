// `npm run bench:stall`: whether one author's heaviest requests hold up the
// site for everyone else. While the signed-in author sends the post form's
// worst inputs and four image bombs at once, anonymous visitors ask for `/`,
// a post and `/healthz` on a fixed schedule (20 a second each, whether or
// not earlier answers came back, so a stalled server shows as waiting); the
// server's resident memory is sampled every 20 ms. A quiet round first, for
// what the machine gives when nobody sends anything, then two rounds:
//
//   attack    previews of 1.6 MB and of 512 KB of `<blockquote></i>` (every
//             end tag stray, so each opens one level more), a preview of
//             512 KB nested 32 deep (the most the sanitiser accepts), and
//             four 381 KB PNGs that decode to 7000×7000 16-bit RGBA
//   accepted  four 8-bit 5000×5000 PNGs (the largest image accepted) with
//             three more of those previews
//
//   strangers the three attacks of security round 4, a round each, five
//             times: anonymous posts of 160,000 `<` to /write with a junk
//             session cookie, applications naming a victim's address with a
//             phishing name, and the admin's test send of a post that is a
//             <pre> of 40,000 spaces; then whether any e-mail carried the
//             phishing text
//
// Then every regular expression of the served code on 100,000-character
// adversarial inputs (tests/support/regex-inventory.ts): the slowest.
//
// Prints the author's answers, each route's p50/p99/max, the peak RSS and
// the load average.
// Target: p99 under 1 s, memory under 400 MB (the machine has 512 MB); the
// anonymous routes' p99 under 100 ms in the strangers' round.
//
//   ports STALL_BENCH_PORT and STALL_BENCH_SUPABASE_PORT (free ones unless set)
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { DEMO_ACCOUNTS, demoPassword } from "#supabase/local/demo-accounts.ts";
import { freePort } from "#tests/support/free-port.ts";
import { pngBomb } from "#tests/support/png-bomb.ts";
import { startProductionSite } from "#tests/support/production-site.ts";
import {
  adversarialInputs,
  runOn,
  servedPatterns,
} from "#tests/support/regex-inventory.ts";
import { MAILBOX_PATH } from "#supabase/local/mailbox/service.ts";
import { createClient } from "@supabase/supabase-js";

const PROBE_INTERVAL_MS = 50;
const ROUTES = {
  "/": "/",
  "a post": "/blueprints/b0000000-0000-4000-8000-000000000001",
  "/healthz": "/healthz",
};

// The server runs with the Docker image's memory settings (MALLOC_ARENA_MAX
// and the V8 heap flags, decision 111), read from the Dockerfile so the two
// cannot differ: on a large machine V8 would otherwise let garbage grow to
// 4 GB before collecting it.
const dockerfile = readFileSync("Dockerfile", "utf8");
process.env.MALLOC_ARENA_MAX ??= /MALLOC_ARENA_MAX=(\S+)/.exec(dockerfile)?.[1];
process.env.NODE_OPTIONS ??= /NODE_OPTIONS="([^"]+)"/.exec(dockerfile)?.[1];

const site = await startProductionSite({
  port: Number(process.env.STALL_BENCH_PORT ?? (await freePort())),
  supabasePort: Number(
    process.env.STALL_BENCH_SUPABASE_PORT ?? (await freePort()),
  ),
  name: "stall-bench",
});

/** The app server the launcher started: the process listening for the site. */
function serverPid(launcherPid: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(
        stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1],
      );
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (
        parent === launcherPid &&
        command.includes("app/server/production.ts")
      )
        return Number(entry);
    } catch {
      // The process ended while being read.
    }
  }
  throw new Error("the app server's process was not found");
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function signIn(
  account: keyof typeof DEMO_ACCOUNTS = "author",
  attempt = 1,
): Promise<string> {
  const { email } = DEMO_ACCOUNTS[account];
  const page = await (await fetch(`${site.origin}/auth`)).text();
  const from = /name="from__confirm" value="([^"]*)"/.exec(page)?.[1] ?? "";
  const response = await fetch(`${site.origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.origin },
    body: new URLSearchParams({
      email,
      password: demoPassword(),
      name__confirm: "",
      from__confirm: from,
    }),
  });
  // A loaded machine can time the sign-in out (503): ask again.
  if (response.status === 503 && attempt < 5)
    return signIn(account, attempt + 1);
  if (response.status !== 302) throw new Error(`sign-in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

type Answer = { label: string; status: number | string; ms: number };

async function timed(label: string, send: () => Promise<Response>) {
  const started = performance.now();
  try {
    const response = await send();
    await response.arrayBuffer();
    return { label, status: response.status, ms: performance.now() - started };
  } catch (error) {
    return {
      label,
      status: (error as Error).message,
      ms: performance.now() - started,
    };
  }
}

function preview(cookie: string, label: string, content: string) {
  const body = new FormData();
  body.set("intent", "preview");
  body.set("title", "Stall bench");
  body.set("content", content);
  return timed(`preview, ${label}`, () =>
    fetch(`${site.origin}/write`, {
      method: "POST",
      headers: { Origin: site.origin, Cookie: cookie },
      body,
    }),
  );
}

function image(cookie: string, label: string, png: Buffer) {
  const body = new FormData();
  body.set("image", new Blob([new Uint8Array(png)]), "image.png");
  return timed(`image, ${label}`, () =>
    fetch(`${site.origin}/write/image`, {
      method: "POST",
      headers: { Origin: site.origin, Cookie: cookie },
      body,
    }),
  );
}

const KB = 1024;
const stairs = (bytes: number) => "<blockquote></i>".repeat(bytes / 16);
/** Blocks nested 30 deep with text, repeated: what costs the sanitiser most within the limits. */
function deepBlocks(bytes: number) {
  const block = `<p>${"<blockquote><ul><li>".repeat(10)}<strong>Deep</strong> <em>text</em>${"</li></ul></blockquote>".repeat(10)}</p>`;
  return block.repeat(Math.floor(bytes / block.length));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ??
  NaN;

/** Runs `author` while the anonymous routes are asked on schedule; what each saw. */
async function round(pid: number, author: () => Promise<Answer[]>) {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let peak = rssMb(pid);
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const prober = setInterval(() => {
    for (const [name, path] of Object.entries(ROUTES)) {
      const started = performance.now();
      pending.push(
        fetch(`${site.origin}${path}`)
          .then(async (response) => {
            await response.arrayBuffer();
            if (!response.ok) throw new Error(String(response.status));
          })
          .then(
            () => {
              const list = latencies.get(name) ?? [];
              list.push(performance.now() - started);
              latencies.set(name, list);
            },
            () => {
              errors.set(name, (errors.get(name) ?? 0) + 1);
            },
          ),
      );
    }
  }, PROBE_INTERVAL_MS);
  const started = performance.now();
  // A second of plain traffic first, and two after, so the figures cover
  // the whole of the author's requests.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const answers = await author();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  clearInterval(prober);
  await Promise.all(pending);
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  for (const answer of answers) {
    console.log(
      `  author: ${answer.label}: ${answer.status} in ${(answer.ms / 1000).toFixed(2)} s`,
    );
  }
  console.log(
    `  anonymous, ${(1000 / PROBE_INTERVAL_MS).toFixed(0)} a second per route for ${seconds.toFixed(0)} s:`,
  );
  console.log("  | route | answered | p50 | p99 | max | failed |");
  console.log("  | --- | --- | --- | --- | --- | --- |");
  for (const name of Object.keys(ROUTES)) {
    const sorted = (latencies.get(name) ?? []).sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `  | ${name} | ${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? NaN)} | ${errors.get(name) ?? 0} |`,
    );
  }
  console.log(
    `  server RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
  // The machine's other work decides these figures as much as the server.
  console.log(
    `  load average at the end (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")}`,
  );
}

try {
  const pid = serverPid(site.pid);
  const cookie = await signIn();
  const bomb = await pngBomb(7000, 7000, 16);
  const largest = await pngBomb(5000, 5000, 8);
  // Warm: the pages are rendered and stored, the worker and sharp loaded.
  for (const path of Object.values(ROUTES))
    await fetch(`${site.origin}${path}`);
  await preview(cookie, "warm-up", "<p>warm</p>");

  console.log("quiet: nobody signed in sends anything");
  await round(pid, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    return [];
  });

  console.log(
    `attack: 1.6 MB and 512 KB of <blockquote></i>, 512 KB nested 32 deep, four ${(bomb.length / KB).toFixed(0)} KB PNGs of 7000×7000 16-bit at once`,
  );
  await round(pid, async () => {
    const bombs = [1, 2, 3, 4].map((n) => image(cookie, `bomb ${n}`, bomb));
    const previews = [
      await preview(cookie, "1.6 MB of <blockquote></i>", stairs(1600 * KB)),
      await preview(cookie, "512 KB of <blockquote></i>", stairs(512 * KB)),
      await preview(cookie, "512 KB nested 32 deep", deepBlocks(512 * KB)),
    ];
    return [...previews, ...(await Promise.all(bombs))];
  });

  console.log(
    `accepted: four ${(largest.length / KB).toFixed(0)} KB PNGs of 5000×5000 8-bit at once, three previews of 512 KB nested 32 deep`,
  );
  await round(pid, async () => {
    const images = [1, 2, 3, 4].map((n) =>
      image(cookie, `5000×5000 ${n}`, largest),
    );
    const previews = [];
    for (let n = 1; n <= 3; n++) {
      previews.push(
        await preview(
          cookie,
          `512 KB nested 32 deep ${n}`,
          deepBlocks(512 * KB),
        ),
      );
    }
    return [...previews, ...(await Promise.all(images))];
  });

  const service = createClient(site.supabaseUrl, site.secretKey, {
    auth: { persistSession: false },
  });
  // Sending to the newsletter is an editor's or an admin's: the test send
  // goes out as the admin.
  const adminCookie = await signIn("admin");
  const spaceTitle = "Forty thousand spaces";
  const published = new FormData();
  published.set("intent", "publish");
  published.set("title", spaceTitle);
  published.set("content", `<pre>${" ".repeat(40_000)}x</pre>`);
  const publishing = await fetch(`${site.origin}/write`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.origin, Cookie: adminCookie },
    body: published,
  });
  await publishing.arrayBuffer();
  const { data: spacePost, error: spaceError } = await service
    .from("blog_posts")
    .select("id")
    .eq("title", spaceTitle)
    .single();
  if (!spacePost) {
    throw new Error(
      `the <pre> post was not saved (${publishing.status}): ${spaceError?.message}`,
    );
  }
  const junkCookie = `sb-${new URL(site.supabaseUrl).hostname.split(".")[0]}-auth-token=base64-junk`;
  const victim = "victim@stall-bench.example";
  const phishingName =
    "ACTION NEEDED Sign in at https://evil.example/login to keep your account";
  const cv = new Blob(["%PDF-1.7\n%%EOF\n"], { type: "application/pdf" });
  const times =
    (count: number, send: (n: number) => Promise<Answer>) => async () => {
      const answers: Answer[] = [];
      for (let n = 1; n <= count; n++) answers.push(await send(n));
      return answers;
    };

  console.log(
    "strangers 1: five anonymous posts of 160,000 `<` to /write with a junk session cookie",
  );
  await round(
    pid,
    times(5, (n) => {
      const stall = new FormData();
      stall.set("intent", "publish");
      stall.set("title", "Stall");
      stall.set("content", "<".repeat(160_000));
      return timed(`anonymous 160,000 \`<\` ${n}`, () =>
        fetch(`${site.origin}/write`, {
          method: "POST",
          headers: { Origin: site.origin, Cookie: junkCookie },
          body: stall,
        }),
      );
    }),
  );

  console.log(
    "strangers 2: five applications naming a victim's address with a phishing name",
  );
  await round(
    pid,
    times(5, (n) => {
      const application = new FormData();
      application.set("name__confirm", "");
      application.set("name", phishingName);
      application.set("email", victim);
      application.set("comment", "");
      application.set("cv", cv, `cv-${n}.pdf`);
      return timed(`phishing application ${n}`, () =>
        fetch(`${site.origin}/careers/1?apply=1`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: site.origin, "Fly-Client-IP": `10.9.9.${n}` },
          body: application,
        }),
      );
    }),
  );

  console.log(
    "strangers 3: five test sends of a post that is a <pre> of 40,000 spaces",
  );
  await round(
    pid,
    times(5, (n) =>
      timed(`test send of 40,000 spaces ${n}`, () =>
        fetch(`${site.origin}/edit/${spacePost.id}/newsletter`, {
          method: "POST",
          headers: { Origin: site.origin, Cookie: adminCookie },
          body: new URLSearchParams({ intent: "test" }),
        }),
      ),
    ),
  );
  const mailbox = `${site.supabaseUrl}${MAILBOX_PATH}/api/v1`;
  const { messages } = (await (
    await fetch(
      `${mailbox}/search?${new URLSearchParams({ query: `to:${victim}`, limit: "100" })}`,
    )
  ).json()) as { messages: { ID: string }[] };
  const texts = await Promise.all(
    messages.map(async ({ ID }) => {
      const message = (await (
        await fetch(`${mailbox}/message/${ID}`)
      ).json()) as { Text: string; HTML: string };
      return `${message.Text}${message.HTML}`;
    }),
  );
  console.log(
    `  e-mails to the victim's address: ${texts.length}; carrying the phishing link: ${texts.filter((text) => text.includes("evil")).length}`,
  );

  console.log(
    "patterns: every regular expression of the served code on 100,000-character adversarial inputs",
  );
  const timings = servedPatterns().map(({ where, pattern }) => {
    let worst = { ms: 0, input: "" };
    for (const { label, input } of adversarialInputs()) {
      const started = performance.now();
      runOn(pattern, input);
      const ms = performance.now() - started;
      if (ms > worst.ms) worst = { ms, input: label };
    }
    return { where, pattern: String(pattern), ...worst };
  });
  timings.sort((a, b) => b.ms - a.ms);
  console.log(`  ${timings.length} patterns; the five slowest:`);
  for (const timing of timings.slice(0, 5)) {
    console.log(
      `  ${timing.ms.toFixed(1)} ms  ${timing.where}  ${timing.pattern.slice(0, 60)} on ${timing.input}`,
    );
  }
} finally {
  site.stop();
}
