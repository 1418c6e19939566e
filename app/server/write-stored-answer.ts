// Writes a stored page's answer. `writeHead` checks and joins every header of
// every response: for a stored page's fifteen (a 900-byte policy among them)
// that is a third of what a bare Node server spends on the whole answer
// (decision 173). A stored page's headers are the same list for every
// request, so its status line and headers are checked and joined once per
// list and kept; a request adds its own few lines (Server-Timing, a blog
// page's Age, the Date) and the keep-alive lines Node would add.
import {
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
  type ServerResponse,
} from "node:http";

export type WritableAnswer = {
  status: number;
  /** Shared by every answer for one stored page and encoding; never changed. */
  headers: readonly string[];
  /** This answer's own. */
  extra: string[];
  body: Buffer | null;
};

/**
 * The two fields of Node's ServerResponse that `writeHead` sets: the header
 * block `end()` sends before the body, and whether it has gone out. Node has
 * kept them under these names since its first releases; the byte-for-byte
 * test beside this file fails if a Node release changes them.
 */
type NodeResponse = ServerResponse & {
  _header: string | null;
  _headerSent: boolean;
};

function lines(list: readonly string[]) {
  let text = "";
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i]!;
    const value = list[i + 1]!;
    validateHeaderName(name);
    validateHeaderValue(name, value);
    text += `${name}: ${value}\r\n`;
  }
  return text;
}

type Head = { text: string; bytes: Buffer };

const heads = new WeakMap<readonly string[], Map<number, Head>>();

/** The status line and shared headers, as text and as the bytes sent. */
function headOf(status: number, headers: readonly string[]) {
  let byStatus = heads.get(headers);
  if (!byStatus) {
    byStatus = new Map();
    heads.set(headers, byStatus);
  }
  let head = byStatus.get(status);
  if (head === undefined) {
    const text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n${lines(headers)}`;
    head = { text, bytes: Buffer.from(text, "latin1") };
    byStatus.set(status, head);
  }
  return head;
}

// Node's own Date is made once a second too.
let dateSecond = -1;
let dateLine = "";
function date() {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * The header block of a stored answer on a kept-alive connection, as Node
 * makes it on a server whose kept-alive connections idle out after
 * `keepAliveMs` (its `keepAliveTimeout`, which Node names in its Keep-Alive
 * header), in two parts: the bytes made once for the page, and this
 * answer's own lines after them.
 */
export function storedAnswerHead(answer: WritableAnswer, keepAliveMs: number) {
  return {
    shared: headOf(answer.status, answer.headers),
    own: `${lines(answer.extra)}${date()}${keepAliveLines(keepAliveMs)}\r\n`,
  };
}

function keepAliveLines(keepAliveMs: number) {
  return `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`;
}

/**
 * A writer for stored answers on a server whose kept-alive connections idle
 * out after `keepAliveMs`. A response Node would not keep alive (HTTP/1.0,
 * `Connection: close`), or one something has already set a header on, is
 * written by `writeHead` instead: those are the cases where Node's header
 * block differs from the one made here.
 */
export function createStoredAnswerWriter(keepAliveMs: number) {
  return (response: ServerResponse, answer: WritableAnswer) => {
    const outgoing = response as NodeResponse;
    if (
      !outgoing.shouldKeepAlive ||
      !outgoing.sendDate ||
      outgoing._header ||
      outgoing.getHeaderNames().length > 0
    ) {
      response.writeHead(answer.status, [...answer.headers, ...answer.extra]);
      response.end(answer.body ?? undefined);
      return;
    }
    outgoing.statusCode = answer.status;
    const { shared, own } = storedAnswerHead(answer, keepAliveMs);
    outgoing._header = shared.text + own;
    outgoing._headerSent = false;
    response.end(answer.body ?? undefined);
  };
}
