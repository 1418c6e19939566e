// Contract tests for the edges of /rest/v1's PostgREST subset, through
// supabase-js: what PostgREST answers inside it (as its own test suite and
// docs define), 501 naming the feature outside it, and statement timeouts.
// A schema of its own keeps each case small: no project migrations, no seed.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { startTestServer, type TestServer } from "./test-support.ts";

const FIXTURE = `
create table public.items (
  id int primary key,
  name text not null unique,
  parent_id int references public.items (id)
);
create index on public.items (parent_id);
insert into public.items values (1, 'root', null), (2, 'kid a', 1), (3, 'kid b', 1), (4, 'grandkid', 2);
create table public.events (
  id int generated always as identity primary key,
  note text not null
);
create function public.overloaded(arg integer) returns text
  language sql as $$ select 'integer' $$;
create function public.overloaded(arg text, num integer default 0) returns text
  language sql as $$ select 'text' $$;
create function public.unnamed_integer(integer) returns integer
  language sql as $$ select $1 $$;
create function public.unnamed_json(json) returns json
  language sql as $$ select $1 $$;
create function public.write_then_sleep(seconds float8) returns void
  language plpgsql as $$
  begin
    insert into public.events (note) values ('slow');
    perform pg_sleep(seconds);
  end $$;
`;

let root: string;
let server: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "rest-subset-"));
  const migrationsDir = path.join(root, "migrations");
  await mkdir(migrationsDir);
  await writeFile(
    path.join(migrationsDir, "20260101000000_fixture.sql"),
    FIXTURE,
  );
  server = await startTestServer({ migrationsDir, seedFile: null });
  anon = server.anon();
  service = server.service();
});

afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  const { error } = await service.from("events").delete().gt("id", 0);
  expect(error).toBeNull();
});

async function eventCount() {
  const { count, error } = await service
    .from("events")
    .select("*", { count: "exact", head: true });
  expect(error).toBeNull();
  return count;
}

function rest(pathAndQuery: string, init: RequestInit = {}) {
  return fetch(`${server.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: server.publishableKey,
      ...(init.headers as Record<string, string>),
    },
  });
}

/**
 * supabase-js offers maxAffected() only to clients typed for PostgREST 13,
 * which hosted projects run; these clients are untyped.
 */
function strict<T>(builder: T) {
  return builder as unknown as { maxAffected(rows: number): T };
}

function expectNotSupported(
  result: { status: number; error: { message: string } | null },
  feature: string,
) {
  expect(result.status).toBe(501);
  expect(result.error?.message).toContain(feature);
}

describe("transactions", () => {
  test(".rollback() answers as the write would and leaves nothing written", async () => {
    const result = await anon
      .from("events")
      .insert([{ note: "a" }, { note: "b" }], { count: "exact" })
      .select("note")
      .rollback();
    expect(result).toMatchObject({
      error: null,
      status: 201,
      count: 2,
      data: [{ note: "a" }, { note: "b" }],
    });
    expect(await eventCount()).toBe(0);
  });

  test("max-affected with handling=strict refuses a wider write and rolls it back", async () => {
    await service.from("events").insert([{ note: "x" }, { note: "y" }]);
    const refused = await strict(
      anon.from("events").update({ note: "z" }).in("note", ["x", "y"]),
    ).maxAffected(1);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: "PGRST124",
      message: "Query result exceeds max-affected preference constraint",
      details: "The query affects 2 rows",
    });
    const { data } = await service.from("events").select("note").order("id");
    expect(data).toEqual([{ note: "x" }, { note: "y" }]);

    const allowed = await strict(
      anon.from("events").delete().eq("note", "x"),
    ).maxAffected(1);
    expect(allowed).toMatchObject({ error: null, status: 204 });
    expect(await eventCount()).toBe(1);
  });

  test("an unknown preference under handling=strict is 400 PGRST122", async () => {
    const response = await rest("items?select=id", {
      headers: { prefer: "handling=strict, color=blue" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "PGRST122",
      details: "Invalid preferences: color=blue",
      hint: null,
      message: "Invalid preferences given with handling=strict",
    });
  });
});

describe("counts and statuses of writes", () => {
  test("an insert with count exact reports its count in Content-Range", async () => {
    const minimal = await anon
      .from("events")
      .insert([{ note: "a" }, { note: "b" }, { note: "c" }], {
        count: "exact",
      });
    expect(minimal).toMatchObject({ error: null, status: 201, count: 3 });
    const response = await rest("events", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "count=exact" },
      body: JSON.stringify([{ note: "d" }]),
    });
    expect(response.headers.get("content-range")).toBe("*/1");
    expect(response.headers.get("preference-applied")).toBe("count=exact");
  });

  test("updates and deletes report their counts as PostgREST does", async () => {
    await service.from("events").insert([{ note: "a" }, { note: "b" }]);
    const updated = await rest("events?note=in.(a,b)", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "count=exact" },
      body: JSON.stringify({ note: "c" }),
    });
    expect(updated.status).toBe(204);
    expect(updated.headers.get("content-range")).toBe("0-1/2");
    const deleted = await anon
      .from("events")
      .delete({ count: "exact" })
      .eq("note", "c");
    expect(deleted).toMatchObject({ error: null, status: 204, count: 2 });
    const none = await rest("events?note=eq.c", { method: "DELETE" });
    expect(none.headers.get("content-range")).toBe("*/*");
  });

  test("an upsert that only updates answers 200, one that inserts 201", async () => {
    const updated = await anon
      .from("items")
      .upsert({ id: 4, name: "grandkid", parent_id: 2 })
      .select("id");
    expect(updated).toMatchObject({
      error: null,
      status: 200,
      data: [{ id: 4 }],
    });
    const inserted = await anon
      .from("items")
      .upsert([
        { id: 4, name: "grandkid", parent_id: 2 },
        { id: 5, name: "new", parent_id: 1 },
      ])
      .select("id");
    expect(inserted).toMatchObject({ error: null, status: 201 });
    await service.from("items").delete().eq("id", 5);
  });
});

describe("embeds", () => {
  test("a self-referencing key embeds the parent by its column and the children by the table", async () => {
    const { data, error } = await anon
      .from("items")
      .select("id, parent:parent_id(id, name), children:items!parent_id(id)")
      .eq("id", 2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 2, parent: { id: 1, name: "root" }, children: [{ id: 4 }] },
    ]);
    const tree = await anon
      .from("items")
      .select("id, items(id, items(id))")
      .eq("id", 1);
    expect(tree.data).toEqual([
      {
        id: 1,
        items: [
          { id: 2, items: [{ id: 4 }] },
          { id: 3, items: [] },
        ],
      },
    ]);
  });

  test("an empty embed filters its parent and is left out of the answer", async () => {
    const { data, error } = await anon
      .from("items")
      .select("id, parent:parent_id!inner()")
      .eq("parent.name", "root")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
  });
});

describe("functions", () => {
  test("an ambiguous overload answers 300 PGRST203", async () => {
    const { error, status } = await anon.rpc("overloaded", { arg: "1" });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: "PGRST203",
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
      message:
        "Could not choose the best candidate function between: public.overloaded(arg => integer), public.overloaded(arg => text, num => integer)",
    });
    const chosen = await anon.rpc("overloaded", { arg: "1", num: 2 });
    expect(chosen).toMatchObject({ error: null, data: "text" });
  });

  test("one unnamed parameter: json takes the body, any other type is not found", async () => {
    const echoed = await anon.rpc("unnamed_json", { a: 1 });
    expect(echoed).toMatchObject({ error: null, data: { a: 1 } });
    const { error, status } = await anon.rpc("unnamed_integer", { x: 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: "PGRST202",
      message:
        "Could not find the function public.unnamed_integer(x) in the schema cache",
      details:
        "Searched for the function public.unnamed_integer with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    });
  });
});

describe("media types", () => {
  test("an Accept nothing answers is 406 PGRST107", async () => {
    const response = await rest("items?select=id", {
      headers: { accept: "application/xml" },
    });
    expect(response.status).toBe(406);
    expect(await response.json()).toEqual({
      code: "PGRST107",
      details: null,
      hint: null,
      message: "None of these media types are available: application/xml",
    });
  });
});

describe("outside the subset: 501 naming the feature", () => {
  test("explain()", async () => {
    expectNotSupported(
      await anon.from("items").select("id").explain(),
      "Execution plans (explain()",
    );
  });

  test("count planned", async () => {
    expectNotSupported(
      await anon.from("items").select("id", { count: "planned" }),
      "Prefer: count=planned",
    );
  });

  test("filters and selects in PostgREST's grammar the subset lacks", async () => {
    expectNotSupported(
      await anon.from("items").select("id").textSearch("name", "kid", {
        config: "english",
      }),
      'The filter operator "fts(english)"',
    );
    expectNotSupported(
      await anon.from("items").select("id, name::citext"),
      "The cast ::citext",
    );
    expectNotSupported(
      await anon.from("items").select("id.count()"),
      "The aggregate .count()",
    );
    expectNotSupported(
      await anon.from("items").select("id").order("name->x"),
      "Ordering by a JSON path",
    );
    expectNotSupported(
      await anon.from("items").select("...parent_id(name)"),
      "Spread embeds",
    );
  });
});

describe("statement timeouts", () => {
  test("a function that sleeps past anon's 3 s answers 57014 and leaves none of its writes behind", async () => {
    const { error, status } = await anon.rpc("write_then_sleep", {
      seconds: 3.2,
    });
    expect(status).toBe(500);
    expect(error).toEqual({
      code: "57014",
      details: null,
      hint: null,
      message: "canceling statement due to statement timeout",
    });
    expect(await eventCount()).toBe(0);
    // service_role has no statement_timeout on a hosted project.
    const done = await service.rpc("write_then_sleep", { seconds: 3.2 });
    expect(done).toMatchObject({ error: null, status: 204 });
    expect(await eventCount()).toBe(1);
  }, 30_000);
});
