// `npm start` as a person meets it, on a data directory of its own: its last
// lines are the site, the mailbox and the demo accounts, and they stay the
// last lines while the site answers requests (the request log goes to a
// file); a message sent through the contact form reaches the team's
// notification in the mailbox, which a person reads in the browser; Ctrl+C
// stops it and lets the data directory go. Plain HTTP and the mailbox's
// script-free pages: runs once, in the "js" project.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "../support/fixtures.ts";
import { uniqueEmail, waitForHydration } from "../support/form-helpers.ts";
import { freePort } from "../support/free-port.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

test("npm start keeps the site, mailbox and accounts in view; the contact form's e-mail is in the mailbox", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "npm-start-"));
  const [port, backendPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${port}`;
  const mailbox = `http://127.0.0.1:${backendPort}/mailbox`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOCAL_SUPABASE_PORT: String(backendPort),
    LOCAL_SUPABASE_DATA_DIR: dataDir,
  };
  // As on a developer's machine: nothing points e-mail or the app elsewhere.
  for (const name of [
    "SUPABASE_URL",
    "RESEND_API_URL",
    "RESEND_API_KEY",
    "SITE_URL",
    "LOCAL_SUPABASE_RESET",
  ])
    delete env[name];
  const launcher = spawn(process.execPath, ["supabase/local/run-site.ts"], {
    cwd: root,
    env,
  });
  let stdout = "";
  let stderr = "";
  launcher.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  launcher.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    launcher.on("close", resolve),
  );
  try {
    await expect
      .poll(() => stdout, { timeout: 90_000, message: stderr })
      .toContain("Ctrl+C stops it.");
    const banner = stdout;
    expect(banner).toContain(`Site       ${site}\n`);
    expect(banner).toContain(`Mailbox    ${mailbox} `);
    for (const account of [
      "admin@example.com",
      "author@example.com",
      "reader@example.com",
    ])
      expect(banner).toContain(account);
    // Nothing of the server's own output or the build's.
    expect(banner).not.toMatch(/\[server\]|vite|kB|chunks/);

    const email = uniqueEmail("npm-start", testInfo.project.name);
    await page.goto(`${site}/contact-us`);
    await page
      .getByRole("textbox", { name: "Name", exact: true })
      .fill("Grace Hopper");
    await page.getByLabel("Company email").fill(email);
    await page
      .getByLabel("Project description")
      .fill("Agents for our compiler team, please.");
    const send = page.getByRole("button", { name: "Send Message" });
    await waitForHydration(send);
    await send.click();
    await expect(page.getByTestId("toast")).toContainText(
      "Message sent successfully!",
    );

    // The team's notification, read as a person reads it.
    await expect
      .poll(
        async () => {
          await page.goto(mailbox);
          return page
            .getByRole("link", { name: "Contact message from Grace Hopper" })
            .count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await page
      .getByRole("link", { name: "Contact message from Grace Hopper" })
      .click();
    await expect(
      page.getByRole("heading", { name: "Contact message from Grace Hopper" }),
    ).toBeVisible();
    await expect(page.getByText(`Reply-To`).first()).toBeVisible();
    await expect(page.locator("dd", { hasText: email })).toBeVisible();
    await expect(page.locator("pre")).toContainText(
      "Agents for our compiler team, please.",
    );

    // The requests went to the log file, not over the banner.
    expect(stdout).toBe(banner);
    const log = readFileSync(path.join(dataDir, "site.log"), "utf8");
    expect(log).toMatch(/GET \/contact-us 200/);
  } finally {
    launcher.kill("SIGINT");
    expect(await exited, stderr).toBe(0);
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
  }
});
