// The settings an admin saves at /admin/settings are the ones the database
// and the functions act on: the retention period delete_expired_submissions()
// deletes by, and the address the contact function's e-mail goes to (the
// embedded server's function, sending to its mailbox). Against the embedded
// server over real Postgres.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  DEMO,
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import { SettingsSchema, type SettingsInput } from "./settings-schema.ts";
import { readSettings, saveSettings } from "./settings.server.ts";

let server: TestServer;
let service: SupabaseClient;
let admin: TypedSupabaseClient;

beforeAll(async () => {
  server = await startTestServer({ reset: true });
  service = server.service();
  admin = (await server.signedIn("admin")) as unknown as TypedSupabaseClient;
}, 300_000);

afterAll(async () => {
  await server?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function rejectedApplication(name: string, decidedDaysAgo: number) {
  const { data, error } = await service
    .from("job_applications")
    .insert({
      job_id: "2",
      job_title: "Founding Engineer",
      name,
      email: "settings@example.com",
      cv_file_name: "cv.pdf",
      cv_path: `${crypto.randomUUID()}.pdf`,
      status: "rejected",
    })
    .select("id")
    .single();
  if (error) throw error;
  const decided = new Date(Date.now() - decidedDaysAgo * DAY_MS).toISOString();
  const moved = await service
    .from("job_applications")
    .update({ decided_at: decided })
    .eq("id", data.id);
  if (moved.error) throw moved.error;
  return data.id as string;
}

async function exists(id: string) {
  const { data, error } = await service
    .from("job_applications")
    .select("id")
    .eq("id", id);
  if (error) throw error;
  return data.length === 1;
}

const input = (values: Record<string, string>): SettingsInput =>
  SettingsSchema.parse(
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        key.startsWith("keep_") ? Number(value) : value,
      ]),
    ),
  );

test("the retention period saved in the settings is the one delete_expired_submissions() deletes by", async () => {
  const before = await readSettings(admin);
  expect(before?.periods.application).toBe("6 mons");
  expect(before?.values.keep_applications).toBe(6);

  const old = await rejectedApplication("Decided forty days ago", 40);
  const recent = await rejectedApplication("Decided twenty days ago", 20);
  // Six months: neither is due.
  must(await service.rpc("delete_expired_submissions"));
  expect([await exists(old), await exists(recent)]).toEqual([true, true]);

  expect(await saveSettings(admin, input({ keep_applications: "1" }))).toBe(
    true,
  );
  expect((await readSettings(admin))?.periods.application).toBe("1 mon");
  const deleted = must(await service.rpc("delete_expired_submissions")) as {
    kind: string;
    deleted: number;
  }[];
  expect(deleted.find((row) => row.kind === "application")?.deleted).toBe(1);
  expect([await exists(old), await exists(recent)]).toEqual([false, true]);

  const { data: audit } = await service
    .from("audit_log")
    .select("kind, actor_id, summary")
    .eq("object_type", "retention")
    .order("id", { ascending: false })
    .limit(1);
  expect(audit?.[0]).toMatchObject({
    kind: "settings.change",
    actor_id: DEMO.admin.id,
    summary: "application retention: 6 mons to 1 mon",
  });
});

test("an author cannot change the settings, through the save or through REST", async () => {
  const author = (await server.signedIn(
    "author",
  )) as unknown as TypedSupabaseClient;
  expect(
    await saveSettings(author, input({ contact_email: "thief@example.com" })),
  ).toBe(false);
  const direct = await author
    .from("site_settings")
    .update({ contact_email: "thief@example.com" })
    .eq("id", true)
    .select("id");
  expect(direct.data ?? []).toEqual([]);
  const { data } = await service
    .from("site_settings")
    .select("contact_email")
    .single();
  expect(data?.contact_email).not.toBe("thief@example.com");
});

test("the contact form's e-mail goes to the address and sender name set in the settings", async () => {
  const to = `contact-${crypto.randomUUID().slice(0, 8)}@team.example.com`;
  expect(
    await saveSettings(
      admin,
      input({
        contact_email: to,
        sender_name: "Recursa Front Desk",
        keep_applications: "1",
      }),
    ),
  ).toBe(true);
  const { data: audit } = await service
    .from("audit_log")
    .select("summary")
    .eq("object_type", "settings")
    .order("id", { ascending: false })
    .limit(1);
  expect(audit?.[0]?.summary).toBe(
    `contact_email: ${to}; sender_name: Recursa Front Desk`,
  );

  const response = await fetch(`${server.url}/functions/v1/contact-us`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      apikey: server.publishableKey,
    },
    body: JSON.stringify({
      name: "Ada Settings",
      email: "ada@visitor.example.com",
      message: "Who reads this, and from which address do you answer?",
    }),
  });
  expect(response.status).toBe(200);

  type Listed = {
    messages: {
      To: { Address: string }[];
      From: { Name: string; Address: string };
      Subject: string;
    }[];
  };
  await expect
    .poll(
      async () => {
        const list = (await (
          await fetch(
            `${server.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`,
          )
        ).json()) as Listed;
        return list.messages.map((message) => ({
          to: message.To.map((address) => address.Address),
          from: message.From,
          subject: message.Subject,
        }));
      },
      { timeout: 30_000 },
    )
    .toEqual([
      {
        to: [to],
        from: { Name: "Recursa Front Desk", Address: "website@recursa.ai" },
        subject: "Contact message from Ada Settings",
      },
    ]);
});

function must<T>({ data, error }: { data: T; error: unknown }) {
  if (error) throw error;
  return data;
}
