import { randomUUID } from "node:crypto";
import { signIn } from "../support/auth-helpers.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { service, waitForHydration } from "../support/form-helpers.ts";
import { mailHeaders, readMail, searchMail } from "../support/mailbox.ts";
import { formatInboxTime } from "#app/routes/admin/inbox-time.ts";

// An application moves through the hiring pipeline with internal notes and
// replies to the candidate, and the job's list filters by status.

const expect = baseExpect.configure({ timeout: 20_000 });

function application(
  name: string,
  job = { id: 1, title: "Research Scientist Intern (PhD)" },
) {
  return {
    job_id: String(job.id),
    job_title: job.title,
    name,
    email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
    cv_file_name: "cv.pdf",
    cv_path: `${Date.now()}-${randomUUID()}.pdf`,
  };
}

async function storedApplication(name: string) {
  const { data, error } = await service
    .from("job_applications")
    .insert(application(name))
    .select("id")
    .single();
  if (error) throw error;
  return data.id as string;
}

/** A draft job of the test's own, so its applications are the only ones it filters to. */
async function draftJob() {
  const title = `Filter Fixture ${randomUUID().slice(0, 6)}`;
  const { data, error } = await service
    .from("jobs")
    .insert({
      title,
      description: "A fixture.",
      location: "London",
      duration: "Permanent",
      employment_type: "Full-time",
      about: "A fixture job.",
      location_type: "on-site",
      office_locality: "London",
      office_country: "GB",
      published: false,
    })
    .select("id")
    .single();
  if (error) throw error;
  return { id: data.id as number, title };
}

test("an application moves through the pipeline with notes, and the job's list filters by status", async ({
  page,
}, { project }) => {
  const name = `Grace Hopper ${randomUUID().slice(0, 6)}`;
  const id = await storedApplication(name);
  await signIn(page, "admin", "/admin/jobs/1/applications?status=new");
  await expect(page).toHaveURL(/\/admin\/jobs\/1\/applications/);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await expect(page.getByTestId("application-status")).toHaveText("New");

  const move = page.getByRole("button", { name: "Move" });
  if (project.name === "js") await waitForHydration(move);
  for (const [value, label] of [
    ["reviewing", "Reviewing"],
    ["interview", "Interview"],
  ] as const) {
    await page.getByLabel("Move to").selectOption(value);
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByTestId("application-status")).toHaveText(label);
  }

  // An empty note is refused with a message; a note is kept.
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write the note first")).toBeVisible();
  await page
    .getByLabel("New note (the candidate never sees it)")
    .fill("Strong on compilers.\nInvite to a second interview.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("note")).toContainText(
    "Invite to a second interview.",
  );
  const { data: notes } = await service
    .from("application_notes")
    .select("body")
    .eq("application_id", id);
  expect(notes).toEqual([
    { body: "Strong on compilers.\nInvite to a second interview." },
  ]);

  await page.goto("/admin/jobs/1/applications");
  await page.getByLabel("Status").selectOption("interview");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=interview/);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await page.goto("/admin/jobs/1/applications?status=new");
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  await page.goto("/admin/jobs/2/applications");
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("a reply from the application's page reaches the candidate with the team's address as Reply-To", async ({
  page,
}, { project }) => {
  const name = `Ada Lovelace ${randomUUID().slice(0, 6)}`;
  const email = `${name.toLowerCase().replaceAll(" ", ".")}@example.com`;
  const id = await storedApplication(name);
  await signIn(page, "admin", `/admin/applications/${id}`);
  // The database queued the candidate's confirmation with the application.
  await expect(page.getByTestId("reply")).toContainText(
    "We received your application for Research Scientist Intern (PhD)",
  );
  await expect(page.getByTestId("reply")).toContainText("by the website");
  const send = page.getByRole("button", { name: "Send reply" });
  if (project.name === "js") await waitForHydration(send);

  // The subject comes filled in; an empty message is refused, the subject kept.
  const subject = page.getByLabel("Subject");
  await expect(subject).toHaveValue(
    "Your application for Research Scientist Intern (PhD)",
  );
  await subject.fill(`Next steps ${project.name}`);
  await send.click();
  await expect(page.getByText("Write the message first")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(
    `Next steps ${project.name}`,
  );

  await page
    .getByLabel(/^Message/)
    .fill("Thank you for applying.\nCould you talk on Tuesday?");
  await page.getByRole("button", { name: "Send reply" }).click();
  const reply = page.getByTestId("reply").last();
  await expect(reply).toContainText(`Next steps ${project.name}`);
  await expect(reply).toContainText("Could you talk on Tuesday?");
  await expect(reply).toContainText("by admin");

  // Stored with the application, then sent by the outbox through the provider.
  await expect
    .poll(async () => {
      const { data } = await service
        .from("candidate_emails")
        .select("to_email, notification_state")
        .eq("application_id", id)
        .eq("purpose", "reply");
      return data;
    })
    .toEqual([{ to_email: email, notification_state: "sent" }]);
  const [received, ...more] = await searchMail(
    `to:${email} subject:"Next steps ${project.name}"`,
  );
  expect(more).toEqual([]);
  expect(received?.Subject).toBe(`Next steps ${project.name}`);
  expect((await readMail(received!.ID)).Text).toContain(
    "Thank you for applying.\nCould you talk on Tuesday?",
  );
  expect((await mailHeaders(received!.ID))["Reply-To"]).toEqual([
    "sales@recursa.ai",
  ]);
  await page.reload();
  await expect(page.getByTestId("reply-state")).toHaveText(["Sent", "Sent"]);
});

test("the inbox filters applications by job and stage, page after page", async ({
  page,
}) => {
  const job = await draftJob();
  const tag = randomUUID().slice(0, 6);
  const offers = Array.from({ length: 21 }, (_, n) =>
    application(`Offer ${tag} ${String(n).padStart(2, "0")}`, job),
  );
  const { error } = await service
    .from("job_applications")
    .insert([
      ...offers.map((row) => ({ ...row, status: "offer" })),
      { ...application(`Interview ${tag}`, job), status: "interview" },
      { ...application(`Other job ${tag}`), status: "offer" },
    ]);
  if (error) throw error;

  await signIn(page, "admin", "/admin/inbox");
  await page.getByLabel("Job", { exact: true }).selectOption(job.title);
  await page.getByLabel("Stage", { exact: true }).selectOption("offer");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`job=${job.id}&stage=offer`));
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Offer");
  await expect(page.getByText(`Interview ${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Other job ${tag}`)).toHaveCount(0);
  const firstPage = await rows
    .getByRole("link", { name: /^Offer / })
    .allTextContents();

  // The next page keeps the filters and holds the one offer left.
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(page).toHaveURL(new RegExp(`job=${job.id}&stage=offer`));
  await expect(rows).toHaveCount(1);
  const seen = [
    ...firstPage,
    ...(await rows.getByRole("link", { name: /^Offer / }).allTextContents()),
  ];
  expect(seen.sort()).toEqual(offers.map((row) => row.name).sort());

  // The filter form shows what is chosen; the stage alone spans every job.
  await expect(page.getByLabel("Stage", { exact: true })).toHaveValue("offer");
  await page.goto("/admin/inbox?stage=interview");
  await expect(page.getByText(`Interview ${tag}`)).toBeVisible();
  await expect(page.getByText(`Offer ${tag} 00`)).toHaveCount(0);
});

test("a rejected application shows when it is deleted, on its page and in the inbox", async ({
  page,
}, { project }) => {
  const name = `Alan Turing ${randomUUID().slice(0, 6)}`;
  const id = await storedApplication(name);
  await signIn(page, "admin", `/admin/applications/${id}`);
  await expect(page.getByTestId("deletes-at")).toHaveCount(0);
  const move = page.getByRole("button", { name: "Move" });
  if (project.name === "js") await waitForHydration(move);
  await page.getByLabel("Move to").selectOption("rejected");
  await move.click();
  await expect(page.getByTestId("application-status")).toHaveText("Rejected");

  // Six months after the decision, by the database's setting.
  const { data, error } = await service
    .from("inbox_items")
    .select("deletes_at, submission")
    .eq("id", id)
    .single();
  if (error) throw error;
  const days =
    (Date.parse(data.deletes_at as string) -
      Date.parse(data.submission.decided_at as string)) /
    86_400_000;
  expect(days).toBeGreaterThanOrEqual(181);
  expect(days).toBeLessThanOrEqual(184);
  const shown = `Deleted on ${formatInboxTime(data.deletes_at as string)}`;
  await expect(page.getByTestId("deletes-at")).toHaveText(shown);

  await page.goto(`/admin/inbox?stage=rejected&open=${id}`);
  await expect(
    page.getByTestId("inbox-detail").getByTestId("deletes-at"),
  ).toHaveText(shown);

  // Moved on again, it is kept.
  await page.goto(`/admin/applications/${id}`);
  await page.getByLabel("Move to").selectOption("reviewing");
  await page.getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("application-status")).toHaveText("Reviewing");
  await expect(page.getByTestId("deletes-at")).toHaveCount(0);
});
