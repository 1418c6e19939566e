import { json } from "../http.ts";
import { messageDetail, messageHeaders, messagesSummary } from "./mailpit.ts";
import {
  htmlPart,
  listPage,
  MAILBOX_HEADERS,
  MAILBOX_PATH,
  messagePage,
  textPart,
} from "./pages.ts";
import { composeMessage, sendEmails } from "./resend.ts";
import { openMailboxStore } from "./store.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

export { MAILBOX_PATH };

// A page on the open web can reach 127.0.0.1 too. The mailbox holds sign-in
// and confirmation links, so it answers only requests addressed to a
// loopback name (a rebound DNS name is refused) and sends no CORS headers
// (another origin's script can neither read it nor preflight a DELETE).
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isMailboxPath(pathname: string) {
  return pathname === MAILBOX_PATH || pathname.startsWith(`${MAILBOX_PATH}/`);
}

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      ...MAILBOX_HEADERS,
    },
  });

/**
 * The embedded server's mailbox, at /mailbox: Resend's sending API for the
 * functions, Mailpit's reading API for tests, and pages for a person.
 * Messages live in `dir` (the data directory's `mailbox/`).
 */
export function createMailbox(dir: string, { reset = false } = {}) {
  const store = openMailboxStore(dir, { reset });

  /** An e-mail of the server's own (Auth's), kept as a send would keep it. */
  function deliver(email: Record<string, unknown>) {
    store.record({
      idempotencyKey: null,
      digest: null,
      answer: null,
      messages: [composeMessage(email)],
    });
  }

  async function handleMailbox(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!LOOPBACK_NAMES.has(url.hostname))
      return text(
        403,
        "The mailbox answers requests to 127.0.0.1 or localhost only.",
      );
    const path = trimEndOf(url.pathname.slice(MAILBOX_PATH.length), "/") || "/";
    const read = request.method === "GET" || request.method === "HEAD";

    if (
      request.method === "POST" &&
      (path === "/emails" || path === "/emails/batch")
    )
      return sendEmails(store, request, path === "/emails/batch");

    if (path === "/api/v1/messages" && read)
      return json(200, messagesSummary(store, url, null), MAILBOX_HEADERS);
    if (path === "/api/v1/messages" && request.method === "DELETE") {
      const body = (await request.text()).trim();
      let ids: string[] | undefined;
      try {
        const parsed = body ? (JSON.parse(body) as { IDs?: unknown }) : {};
        if (parsed.IDs !== undefined) {
          if (
            !Array.isArray(parsed.IDs) ||
            !parsed.IDs.every((id) => typeof id === "string")
          )
            return text(400, "IDs must be an array of message IDs");
          if (parsed.IDs.length > 0) ids = parsed.IDs;
        }
      } catch {
        return text(400, "The body must be JSON");
      }
      store.delete(ids);
      return text(200, "ok");
    }
    if (path === "/api/v1/search" && read) {
      const query = url.searchParams.get("query");
      if (!query) return text(400, "Query is required");
      return json(200, messagesSummary(store, url, query), MAILBOX_HEADERS);
    }
    const api = /^\/api\/v1\/message\/([^/]+)(\/headers)?$/.exec(path);
    if (api && read) {
      const message = store.get(decodeURIComponent(api[1]!));
      if (!message) return text(404, "Not found");
      return json(
        200,
        api[2] ? messageHeaders(message) : messageDetail(message),
        MAILBOX_HEADERS,
      );
    }
    const view = /^\/view\/([^/.]+)(\.html|\.txt)?$/.exec(path);
    if (view && read) {
      const message = store.get(decodeURIComponent(view[1]!));
      if (!message) return text(404, "Not found");
      if (view[2] === ".txt") return textPart(message);
      if (view[2] === ".html")
        return message.HTML
          ? htmlPart(message, url.searchParams.get("embed") === "1")
          : text(404, "This message has no HTML part");
      return messagePage(message);
    }
    if (path === "/" && read) return listPage(store, url);
    return text(404, "Not found");
  }

  return Object.assign(handleMailbox, { deliver });
}
