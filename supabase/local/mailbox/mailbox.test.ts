// Contract tests for the embedded server's mailbox: Resend's sending API as
// the functions call it (single and batch sends, idempotency keys, its
// errors), Mailpit's reading API as the tests read it, the pages a person
// reads, persistence in the data directory, and that only this machine can
// reach it.
import { appendFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../test-support.ts";
import { htmlToText } from "./html-text.ts";

let server: TestServer;
let functionsDir: string;

// A function that sends what it is given through the provider its
// environment names, as the site's functions do.
const SENDER = `Deno.serve(async (request) => {
  const response = await fetch(\`\${Deno.env.get("RESEND_API_URL")}/emails\`, {
    method: "POST",
    headers: {
      Authorization: \`Bearer \${Deno.env.get("RESEND_API_KEY")}\`,
      "Content-Type": "application/json",
      "Idempotency-Key": request.headers.get("x-key") ?? crypto.randomUUID(),
    },
    body: await request.text(),
  });
  return new Response(await response.text(), { status: response.status });
});
`;

beforeAll(async () => {
  functionsDir = path.join(
    await mkdtemp(path.join(tmpdir(), "mailbox-functions-")),
    "functions",
  );
  await mkdir(path.join(functionsDir, "sender"), { recursive: true });
  await writeFile(path.join(functionsDir, "sender", "index.ts"), SENDER);
  await writeFile(
    path.join(functionsDir, "..", "config.toml"),
    "[functions.sender]\nverify_jwt = false\n",
  );
  server = await startTestServer({ functionsDir });
});

afterAll(async () => {
  await server?.close();
  await rm(path.dirname(functionsDir), { recursive: true, force: true });
});

const KEY = { Authorization: "Bearer re_test" };

function send(
  body: unknown,
  { batch = false, headers = {} as Record<string, string> } = {},
) {
  return fetch(`${server.mailboxUrl}/emails${batch ? "/batch" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...KEY, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function api<T = Record<string, unknown>>(pathAndQuery: string) {
  const response = await fetch(`${server.mailboxUrl}/api/v1${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

type Summary = {
  messages_count: number;
  total: number;
  count: number;
  start: number;
  messages: {
    ID: string;
    Subject: string;
    Snippet: string;
    To: { Address: string }[];
  }[];
};

const unique = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const email = (to: string, extra: Record<string, unknown> = {}) => ({
  from: "Recursa Website <website@recursa.ai>",
  to: [to],
  subject: `Hello ${to}`,
  text: `Plain words for ${to}.`,
  ...extra,
});

describe("the functions send through Resend's API to the mailbox", () => {
  test("a function's e-mail arrives, read back in Mailpit's shape", async () => {
    const to = unique("function");
    const response = await fetch(`${server.url}/functions/v1/sender`, {
      method: "POST",
      body: JSON.stringify(
        email(to, {
          reply_to: "Ada Lovelace <ada@example.com>",
          html: "<p>Hello <b>there</b></p>",
          headers: {
            "List-Unsubscribe": "<https://recursa.ai/u/1>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }),
      ),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const message = await api(`/message/${id}`);
    expect(message).toMatchObject({
      ID: id,
      From: { Name: "Recursa Website", Address: "website@recursa.ai" },
      To: [{ Name: "", Address: to }],
      ReplyTo: [{ Name: "Ada Lovelace", Address: "ada@example.com" }],
      Subject: `Hello ${to}`,
      Text: `Plain words for ${to}.`,
      HTML: "<p>Hello <b>there</b></p>",
      Attachments: [],
    });
    const headers = await api<Record<string, string[]>>(
      `/message/${id}/headers`,
    );
    expect(headers).toMatchObject({
      From: ["Recursa Website <website@recursa.ai>"],
      To: [to],
      "Reply-To": ["Ada Lovelace <ada@example.com>"],
      Subject: [`Hello ${to}`],
      "List-Unsubscribe": ["<https://recursa.ai/u/1>"],
      "List-Unsubscribe-Post": ["List-Unsubscribe=One-Click"],
    });
    expect(headers["Message-Id"]?.[0]).toMatch(/^<.+@.+>$/);
    expect(Object.keys(headers)).toEqual(Object.keys(headers).toSorted());

    const list = await api<Summary>("/messages");
    expect(list.messages[0]).toMatchObject({
      ID: id,
      Subject: `Hello ${to}`,
      Snippet: `Plain words for ${to}.`,
    });
    expect(list.total).toBe(list.messages_count);
    expect(await api(`/message/latest`)).toMatchObject({ ID: id });
  });

  test("a retry under the same Idempotency-Key is answered again, not sent again", async () => {
    const to = unique("retry");
    const body = JSON.stringify(email(to));
    const headers = { "x-key": `retry-${to}` };
    const call = () =>
      fetch(`${server.url}/functions/v1/sender`, {
        method: "POST",
        headers,
        body,
      });
    const first = await (await call()).json();
    const second = await (await call()).json();
    expect(second).toEqual(first);
    const found = await api<Summary>(
      `/search?${new URLSearchParams({ query: `to:${to}` })}`,
    );
    expect(found.messages_count).toBe(1);

    const other = await fetch(`${server.url}/functions/v1/sender`, {
      method: "POST",
      headers,
      body: JSON.stringify(email(to, { subject: "Something else" })),
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      statusCode: 409,
      name: "invalid_idempotent_request",
    });
  });
});

describe("Resend's batch endpoint", () => {
  test("up to 100 e-mails in one request, each its own message, replayed whole", async () => {
    const recipients = [
      unique("batch-a"),
      unique("batch-b"),
      unique("batch-c"),
    ];
    const headers = { "Idempotency-Key": `batch-${recipients[0]}` };
    const body = recipients.map((to) => email(to));
    const first = await send(body, { batch: true, headers });
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { id: string }[] };
    expect(data).toHaveLength(3);
    for (const [index, { id }] of data.entries())
      expect(await api(`/message/${id}`)).toMatchObject({
        To: [{ Address: recipients[index] }],
      });
    const again = await send(body, { batch: true, headers });
    expect(await again.json()).toEqual({ data });
    for (const to of recipients)
      expect(
        (await api<Summary>(`/search?query=${encodeURIComponent(`to:${to}`)}`))
          .messages_count,
      ).toBe(1);
  });

  test("one invalid e-mail refuses the whole batch, naming it; none is kept", async () => {
    const good = unique("strict-good");
    const response = await send([email(good), email("not an address")], {
      batch: true,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      statusCode: 422,
      name: "validation_error",
      message: expect.stringMatching(/^emails\[1\]: Invalid `to` field/),
    });
    const found = await api<Summary>(
      `/search?query=${encodeURIComponent(`to:${good}`)}`,
    );
    expect(found.messages_count).toBe(0);
    const tooMany = await send(
      Array.from({ length: 101 }, () => email(good)),
      { batch: true },
    );
    expect(tooMany.status).toBe(422);
  });
});

describe("requests Resend refuses are refused here too", () => {
  test.each([
    [
      "no API key",
      email("a@example.com"),
      { Authorization: "" },
      401,
      "missing_api_key",
    ],
    [
      "no recipient",
      { ...email("a@example.com"), to: undefined },
      {},
      422,
      "missing_required_field",
    ],
    [
      "no subject",
      { ...email("a@example.com"), subject: undefined },
      {},
      422,
      "missing_required_field",
    ],
    [
      "a sender that is no address",
      email("a@example.com", { from: "Website" }),
      {},
      422,
      "validation_error",
    ],
    [
      "neither html nor text",
      { ...email("a@example.com"), text: undefined },
      {},
      422,
      "validation_error",
    ],
    [
      "a header that breaks the line",
      email("a@example.com", { headers: { "X-A": "1\r\nBcc: b@example.com" } }),
      {},
      422,
      "validation_error",
    ],
    [
      "an idempotency key over 256 characters",
      email("a@example.com"),
      { "Idempotency-Key": "k".repeat(257) },
      400,
      "invalid_idempotency_key",
    ],
  ] as const)("%s", async (_, body, headers, status, name) => {
    const response = await send(body, { headers: { ...headers } });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ statusCode: status, name });
  });

  test("what the local mailbox cannot do is 501, never silently dropped", async () => {
    const response = await send(
      email("a@example.com", {
        attachments: [{ filename: "a.txt", content: "aGk=" }],
      }),
    );
    expect(response.status).toBe(501);
  });

  test("without a text part, one is written from the HTML; an empty one stays empty", async () => {
    const to = unique("generated");
    const html =
      '<html><head><style>p{color:red}</style></head><body><h1>Confirm</h1><p>Please <a href="https://recursa.ai/c?t=1&amp;x=2">confirm</a> &amp; enjoy.</p></body></html>';
    const { id } = (await (
      await send({ ...email(to), text: undefined, html })
    ).json()) as { id: string };
    expect(await api(`/message/${id}`)).toMatchObject({
      Text: "Confirm\n\nPlease confirm (https://recursa.ai/c?t=1&x=2) & enjoy.",
    });
    const { id: empty } = (await (
      await send({ ...email(to), text: "", html })
    ).json()) as { id: string };
    expect(await api(`/message/${empty}`)).toMatchObject({ Text: "" });
  });
});

describe("Mailpit's reading API", () => {
  test("search by field, phrase and exclusion; pages of a list", async () => {
    const to = unique("search");
    for (const subject of [
      "Welcome aboard",
      "Your weekly digest",
      "Welcome back",
    ])
      await send(email(to, { subject }));
    const search = (query: string) =>
      api<Summary>(`/search?${new URLSearchParams({ query })}`);
    expect((await search(`to:${to}`)).messages_count).toBe(3);
    expect(
      (await search(`to:${to} subject:welcome`)).messages.map((m) => m.Subject),
    ).toEqual(["Welcome back", "Welcome aboard"]);
    expect(
      (await search(`to:${to} -subject:welcome`)).messages.map(
        (m) => m.Subject,
      ),
    ).toEqual(["Your weekly digest"]);
    expect((await search(`to:${to} "weekly digest"`)).messages_count).toBe(1);

    const page = await api<Summary>(
      `/search?${new URLSearchParams({ query: `to:${to}`, start: "1", limit: "1" })}`,
    );
    expect(page).toMatchObject({ start: 1, count: 1, messages_count: 3 });
    expect(page.messages[0]?.Subject).toBe("Your weekly digest");
  });

  test("an unknown message is 404; delete by ID, then everything", async () => {
    expect(
      (await fetch(`${server.mailboxUrl}/api/v1/message/nope`)).status,
    ).toBe(404);
    const to = unique("delete");
    const ids: string[] = [];
    for (const subject of ["one", "two"])
      ids.push(
        ((await (await send(email(to, { subject }))).json()) as { id: string })
          .id,
      );
    const remove = (body?: unknown) =>
      fetch(`${server.mailboxUrl}/api/v1/messages`, {
        method: "DELETE",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await remove({ IDs: [ids[0]] })).status).toBe(200);
    expect(
      (await fetch(`${server.mailboxUrl}/api/v1/message/${ids[0]}`)).status,
    ).toBe(404);
    expect((await api(`/message/${ids[1]}`)).ID).toBe(ids[1]);
    expect((await remove()).status).toBe(200);
    expect(await api<Summary>("/messages")).toMatchObject({
      total: 0,
      messages: [],
    });
  });
});

describe("the pages a person reads", () => {
  test("the list links each message; its page shows the parts and headers", async () => {
    const to = unique("page");
    const { id } = (await (
      await send(
        email(to, {
          subject: "Confirm <your> subscription",
          text: "Confirm here: https://site.example/confirm?token=a&b=c.\nThanks",
          html: '<p><a href="https://site.example/confirm?token=a">Confirm</a></p><script>alert(1)</script>',
        }),
      )
    ).json()) as { id: string };

    const list = await fetch(`${server.mailboxUrl}`);
    expect(list.headers.get("content-type")).toMatch(/^text\/html/);
    const listHtml = await list.text();
    expect(listHtml).toContain(
      `<a href="/mailbox/view/${id}">Confirm &lt;your&gt; subscription</a>`,
    );
    expect(list.headers.get("content-security-policy")).toContain(
      "default-src 'none'",
    );

    const view = await (await fetch(`${server.mailboxUrl}/view/${id}`)).text();
    expect(view).toContain("<h1>Confirm &lt;your&gt; subscription</h1>");
    expect(view).toContain(
      'Confirm here: <a href="https://site.example/confirm?token=a&amp;b=c">https://site.example/confirm?token=a&amp;b=c</a>.',
    );
    expect(view).toMatch(
      new RegExp(
        `<iframe [^>]*sandbox="[^"]*allow-top-navigation-by-user-activation[^"]*"[^>]*src="/mailbox/view/${id}\\.html\\?embed=1"`,
      ),
    );
    expect(view).not.toContain("allow-scripts");
    expect(view).toContain('<th scope="row">Subject</th>');

    const part = await fetch(`${server.mailboxUrl}/view/${id}.html?embed=1`);
    const policy = part.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/sandbox allow-popups/);
    expect(policy).not.toMatch(/allow-scripts|allow-forms|allow-same-origin/);
    expect(await part.text()).toMatch(/^<base target="_top"><p><a href/);
    expect(
      await (await fetch(`${server.mailboxUrl}/view/${id}.txt`)).text(),
    ).toBe("Confirm here: https://site.example/confirm?token=a&b=c.\nThanks");
  });
});

describe("only this machine reaches it", () => {
  function get(pathname: string, host: string, method = "GET") {
    const { port } = new URL(server.url);
    return new Promise<{ status: number; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: pathname,
            method,
            headers: {
              host,
              origin: "https://evil.example",
              "access-control-request-method": "DELETE",
            },
          },
          (response) => {
            response.resume();
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
            });
          },
        );
        request.on("error", reject);
        request.end();
      },
    );
  }

  test("a request to another host name (DNS rebinding) is refused", async () => {
    expect(
      (await get("/mailbox/api/v1/messages", "rebound.example:80")).status,
    ).toBe(403);
    expect(
      (
        await get(
          "/mailbox/api/v1/messages",
          `localhost:${new URL(server.url).port}`,
        )
      ).status,
    ).toBe(200);
  });

  test("no CORS: another origin can neither read it nor preflight a change", async () => {
    const host = new URL(server.url).host;
    for (const method of ["GET", "OPTIONS"]) {
      const { headers } = await get("/mailbox/api/v1/messages", host, method);
      expect(headers["access-control-allow-origin"], method).toBeUndefined();
    }
  });
});

describe("kept in the data directory", () => {
  test("a restart keeps the messages and what a retry must be answered; a reset empties it", async () => {
    const to = unique("kept");
    const headers = { "Idempotency-Key": `kept-${to}` };
    const { id } = (await (await send(email(to), { headers })).json()) as {
      id: string;
    };
    const { dataDir } = server;
    await server.stop();
    // A run stopped while writing leaves half a line; the rest still loads.
    await appendFile(path.join(dataDir, "mailbox", "sends.jsonl"), '{"at":"20');
    server = await startTestServer({ functionsDir }, dataDir);
    expect(await api(`/message/${id}`)).toMatchObject({
      To: [{ Address: to }],
    });
    expect(await (await send(email(to), { headers })).json()).toEqual({ id });

    await server.stop();
    server = await startTestServer({ functionsDir, reset: true }, dataDir);
    expect((await api<Summary>("/messages")).total).toBe(0);
  });
});

test("htmlToText keeps the words, line breaks and link targets", () => {
  expect(
    htmlToText(
      "<ul><li>One</li><li>Two&nbsp;&#8212; <a href='https://a.example/x'>https://a.example/x</a></li></ul><p>Line<br>break</p><!-- hidden -->",
    ),
  ).toBe("* One\n* Two — https://a.example/x\n\nLine\nbreak");
});
