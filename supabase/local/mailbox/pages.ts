// The mailbox as a person reads it: a list (newest first, searchable) and a
// message with its HTML part, its text part and its headers. Plain HTML and
// CSS, no script. A message's HTML is the sender's markup, so it is shown in
// a sandboxed frame under its own policy (no script, no form, no plugin);
// a click on one of its links opens the link in the whole tab, as a reader's
// mail client would, so a confirmation link can be followed from here.
import { messagesSummary } from "./mailpit.ts";
import type { Address, MailboxStore, StoredMessage } from "./store.ts";

export const MAILBOX_PATH = "/mailbox";

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const HTML_PART_POLICY =
  "default-src 'none'; img-src http: https: data: cid:; style-src 'unsafe-inline' http: https:; font-src http: https: data:; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation";

/** What every mailbox answer carries: never cached, never sniffed, no referrer for the links it opens. */
export const MAILBOX_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        char
      ]!,
  );
}

/** Escaped text whose web addresses are links. */
function linkify(text: string) {
  return escapeHtml(text).replace(
    /https?:\/\/(?:(?!&(?:lt|gt|quot|#39);)\S)+/g,
    (match) => {
      const url = match.replace(/[.,;:!?)\]]+$/, "");
      return `<a href="${url}">${url}</a>${match.slice(url.length)}`;
    },
  );
}

const addresses = (list: readonly Address[]) =>
  list
    .map(({ Name, Address }) => (Name ? `${Name} <${Address}>` : Address))
    .join(", ");

function when(iso: string) {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `<time datetime="${iso}">${text}</time>`;
}

const STYLE = `
:root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; justify-content: space-between; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; }
p { margin: .25rem 0; }
.quiet { opacity: .75; }
form { display: flex; gap: .5rem; }
input, button { font: inherit; padding: .4rem .6rem; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { text-align: left; vertical-align: top; padding: .5rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); }
td.snippet { opacity: .75; }
td a { font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 70vh; border: 1px solid color-mix(in srgb, currentColor 25%, transparent); background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 1rem; border: 1px solid color-mix(in srgb, currentColor 25%, transparent); }
nav { display: flex; gap: 1rem; margin-top: 1rem; }
@media (max-width: 40rem) {
  body { padding: 1rem; }
  form, input { flex: 1; min-width: 0; }
  table.messages thead, td.snippet { display: none; }
  table.messages tr { display: block; padding: .5rem 0; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); }
  table.messages td { display: block; border: 0; padding: 0; }
  dl { grid-template-columns: 1fr; }
}
`;

function document(title: string, body: string) {
  return new Response(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`,
    {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": PAGE_POLICY,
        ...MAILBOX_HEADERS,
      },
    },
  );
}

export function listPage(store: MailboxStore, url: URL) {
  const query = url.searchParams.get("query")?.trim() || null;
  const { messages, messages_count, total, start, count } = messagesSummary(
    store,
    url,
    query,
  );
  const link = (from: number) => {
    const params = new URLSearchParams();
    if (query) params.set("query", query);
    if (from > 0) params.set("start", String(from));
    const search = params.toString();
    return `${MAILBOX_PATH}/${search ? `?${search}` : ""}`;
  };
  const rows = messages
    .map(
      (message) => `<tr>
<td>${when(message.Created)}</td>
<td>${escapeHtml(addresses([message.From]))}</td>
<td>${escapeHtml(addresses(message.To))}</td>
<td><a href="${MAILBOX_PATH}/view/${message.ID}">${escapeHtml(message.Subject || "(no subject)")}</a></td>
<td class="snippet">${escapeHtml(message.Snippet.slice(0, 120))}</td>
</tr>`,
    )
    .join("\n");
  const limit = count || 50;
  const pages = [
    start > 0 ? `<a href="${link(Math.max(0, start - limit))}">Newer</a>` : "",
    start + count < messages_count
      ? `<a href="${link(start + count)}">Older</a>`
      : "",
  ].join("");
  const summary = query
    ? `${messages_count} of ${total} ${total === 1 ? "message matches" : "messages match"} “${escapeHtml(query)}”.`
    : `${total} ${total === 1 ? "message" : "messages"}, newest first.`;
  const empty = query
    ? `<p>No message matches. <a href="${MAILBOX_PATH}/">Show all messages</a>.</p>`
    : `<p>No e-mail yet. Whatever the site sends from this local run (the team's notification of a contact message, for example) arrives here; nothing leaves this machine.</p>`;
  return document(
    `Mailbox (${total})`,
    `<header>
<div>
<h1>Mailbox</h1>
<p class="quiet">Every e-mail the site sends from this local run. ${summary}</p>
</div>
<form role="search" method="get" action="${MAILBOX_PATH}/">
<label for="query">Search</label>
<input id="query" type="search" name="query" value="${escapeHtml(query ?? "")}" placeholder="to:ada@example.com">
<button type="submit">Search</button>
</form>
</header>
<main>
${
  messages.length > 0
    ? `<table class="messages">
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Begins</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : empty
}
${pages ? `<nav aria-label="Pages">${pages}</nav>` : ""}
</main>`,
  );
}

export function messagePage(message: StoredMessage) {
  const rows: [string, string][] = [
    ["From", addresses([message.From])],
    ["To", addresses(message.To)],
    ["Cc", addresses(message.Cc)],
    ["Bcc (not shown to recipients)", addresses(message.Bcc)],
    ["Reply-To", addresses(message.ReplyTo)],
  ];
  const facts = rows
    .filter(([, value]) => value)
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("\n");
  const headers = Object.entries(message.Headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, values]) =>
      values.map(
        (value) =>
          `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
    )
    .join("\n");
  const part = `${MAILBOX_PATH}/view/${message.ID}`;
  return document(
    message.Subject || "(no subject)",
    `<p><a href="${MAILBOX_PATH}/">All messages</a></p>
<main>
<h1>${escapeHtml(message.Subject || "(no subject)")}</h1>
<dl>
${facts}
<dt>Received</dt><dd>${when(message.Created)}</dd>
</dl>
<h2>HTML part</h2>
${
  message.HTML
    ? `<iframe title="The message's HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="${part}.html?embed=1"></iframe>
<p><a href="${part}.html">Open the HTML part on its own</a></p>`
    : "<p>This message has no HTML part.</p>"
}
<h2>Text part</h2>
${message.Text ? `<pre>${linkify(message.Text)}</pre>` : "<p>This message has no text part.</p>"}
<h2>Headers</h2>
<table>
<tbody>
${headers}
</tbody>
</table>
</main>`,
  );
}

/**
 * The HTML part alone (Mailpit's /view/{ID}.html). Embedded in the message
 * page, its links target the whole tab (a <base> at the top of the head),
 * since the frame is sandboxed and the linked site forbids being framed.
 */
export function htmlPart(message: StoredMessage, embed: boolean) {
  const base = '<base target="_top">';
  const html = !embed
    ? message.HTML
    : /<head\b[^>]*>/i.test(message.HTML)
      ? message.HTML.replace(/<head\b[^>]*>/i, (head) => `${head}${base}`)
      : `${base}${message.HTML}`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": HTML_PART_POLICY,
      ...MAILBOX_HEADERS,
    },
  });
}

export function textPart(message: StoredMessage) {
  return new Response(message.Text, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      ...MAILBOX_HEADERS,
    },
  });
}
