// "Add to the team" against the embedded server over real Postgres: an
// account that wrote someone else's address into its own platform_users row
// is not found by that address, and the team list names it by its own
// address, the name it chose beside it (docs/decisions/250).
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TypedSupabaseClient } from "#app/utils/supabase.server.ts";
import {
  startTestServer,
  type TestServer,
} from "#supabase/local/test-support.ts";
import { addToTeam, listTeam, personLabel } from "./people.server.ts";

let server: TestServer;
let service: SupabaseClient;
let admin: TypedSupabaseClient;
let claimantId: string;

beforeAll(async () => {
  server = await startTestServer({ reset: true });
  service = server.service();
  admin = (await server.signedIn("admin")) as unknown as TypedSupabaseClient;
  const email = "claimant@example.com";
  const password = "claimant-password";
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  claimantId = created.data.user!.id;
  const claimant = server.anon();
  await claimant.auth.signInWithPassword({ email, password });
  const { error } = await claimant.from("platform_users").insert({
    id: claimantId,
    email: "cfo@example.com",
    username: "admin@example.com",
  });
  expect(error).toBeNull();
}, 300_000);

afterAll(async () => {
  await server?.close();
});

test("adding the address an account claimed finds no account, so the role goes to nobody", async () => {
  expect(await addToTeam(admin, "cfo@example.com", "admin")).toBe("no-account");
  const { data } = await service
    .from("team_members")
    .select("id")
    .eq("id", claimantId);
  expect(data).toEqual([]);
});

test("the team list names a member by their account's address, their chosen name beside it", async () => {
  expect(await addToTeam(admin, "claimant@example.com", "hiring")).toBe("done");
  const team = await listTeam(admin);
  expect(team?.find((member) => member.id === claimantId)?.name).toBe(
    "claimant@example.com (admin@example.com)",
  );
});

test("a person without a name is their address, without an address their name", () => {
  expect(personLabel("  ", "riley@example.com")).toBe("riley@example.com");
  expect(personLabel("Riley", null)).toBe("Riley");
  expect(personLabel(null, null)).toBeNull();
});
