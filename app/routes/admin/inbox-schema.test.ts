import { describe, expect, test } from "vitest";
import {
  inboxHref,
  openItemHref,
  parseInboxView,
  parseOpenItem,
  StatusChangeSchema,
} from "./inbox-schema.ts";
import { formatInboxTime } from "./inbox-time.ts";

const ID = "0b7d2d55-7f2e-4f43-9e3b-2f6a1d9c8e11";

describe("parseInboxView", () => {
  const TOP = { page: 1, after: null, before: null, job: null, stage: null };

  test("reads the kind, status, page and cursor", () => {
    expect(
      parseInboxView(
        new URLSearchParams(
          "kind=application&status=handled&page=3&after=abc_-9",
        ),
      ),
    ).toEqual({
      kind: "application",
      status: "handled",
      job: null,
      stage: null,
      page: 3,
      after: "abc_-9",
      before: null,
    });
  });

  test("reads a job and a stage, and ignores ones that cannot be", () => {
    expect(
      parseInboxView(new URLSearchParams("job=12&stage=interview")),
    ).toMatchObject({ job: 12, stage: "interview" });
    for (const query of [
      "job=0&stage=handled",
      "job=1%20or%201=1&stage=Interview",
      "job=-3&stage=",
      "job=12345678901234567&stage=hired2",
    ]) {
      expect(parseInboxView(new URLSearchParams(query))).toMatchObject({
        job: null,
        stage: null,
      });
    }
  });

  test.each([
    ["", { kind: null, status: null, ...TOP }],
    ["kind=spam&status=deleted&page=-1", { kind: null, status: null, ...TOP }],
    ["kind=MESSAGE&status=New", { kind: null, status: null, ...TOP }],
    ["page=3", { kind: null, status: null, ...TOP }],
    ["page=3&after=a%20b", { kind: null, status: null, ...TOP }],
    ["job=&stage=", { kind: null, status: null, ...TOP }],
    [
      "kind=message&kind=application",
      { kind: "message", status: null, ...TOP },
    ],
  ])("falls back to all and page 1 for %j", (query, expected) => {
    expect(parseInboxView(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("inboxHref", () => {
  test("leaves defaults out and keeps filters with the page", () => {
    expect(inboxHref({})).toBe("/admin/inbox");
    expect(inboxHref({ kind: null, status: null, page: 1 })).toBe(
      "/admin/inbox",
    );
    expect(
      inboxHref({ kind: "message", status: "new", page: 2, after: "c1" }),
    ).toBe("/admin/inbox?kind=message&status=new&page=2&after=c1");
    expect(inboxHref({ job: 2, stage: "offer", page: 2, before: "c2" })).toBe(
      "/admin/inbox?job=2&stage=offer&page=2&before=c2",
    );
  });

  test("round-trips through parseInboxView", () => {
    const view = {
      kind: "application",
      status: "new",
      job: 7,
      stage: "reviewing",
      page: 4,
      after: null,
      before: "Y3Vyc29y",
    } as const;
    const href = inboxHref(view);
    expect(
      parseInboxView(new URL(href, "http://x.invalid").searchParams),
    ).toEqual(view);
  });
});

describe("StatusChangeSchema", () => {
  test("accepts a row's button", () => {
    expect(
      StatusChangeSchema.parse({
        intent: "mark-handled",
        kind: "application",
        id: ID,
        view: "?status=new",
      }),
    ).toEqual({
      intent: "mark-handled",
      kind: "application",
      id: ID,
      view: "?status=new",
    });
  });

  test.each([
    { intent: "delete", kind: "message", id: ID },
    { intent: "mark-new", kind: "blog_posts", id: ID },
    { intent: "mark-new", kind: "message", id: "1 or 1=1" },
    { intent: "mark-new", kind: "message", id: ID, view: "x".repeat(201) },
  ])("refuses %j", (value) => {
    expect(StatusChangeSchema.safeParse(value).success).toBe(false);
  });
});

describe("the open submission", () => {
  test("is read from ?open= only when it is an id", () => {
    expect(parseOpenItem(new URLSearchParams(`open=${ID}`))).toBe(ID);
    expect(parseOpenItem(new URLSearchParams("open=1 or 1=1"))).toBeNull();
    expect(parseOpenItem(new URLSearchParams(""))).toBeNull();
  });

  test("joins the view's query string, or starts one", () => {
    const top = { page: 1, after: null, before: null, job: null, stage: null };
    expect(openItemHref({ ...top, kind: null, status: null }, ID)).toBe(
      `/admin/inbox?open=${ID}`,
    );
    expect(openItemHref({ ...top, kind: "message", status: "new" }, ID)).toBe(
      `/admin/inbox?kind=message&status=new&open=${ID}`,
    );
  });

  test("survives a status change: the view it posts keeps it", () => {
    const href = openItemHref(
      {
        page: 1,
        after: null,
        before: null,
        job: null,
        stage: null,
        kind: "message",
        status: null,
      },
      ID,
    );
    const posted = new URLSearchParams(href.slice(href.indexOf("?")));
    expect(parseOpenItem(posted)).toBe(ID);
    expect(parseInboxView(posted).kind).toBe("message");
  });
});

describe("formatInboxTime", () => {
  test("is the same in every time zone: UTC, said so", () => {
    expect(formatInboxTime("2026-11-24T09:05:00Z")).toBe(
      "24 Nov 2026, 09:05 UTC",
    );
  });
});
