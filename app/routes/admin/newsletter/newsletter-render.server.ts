import { Parser } from "htmlparser2";
import {
  escapeHtml,
  UNSUBSCRIBE_PLACEHOLDER,
} from "#supabase/functions/_shared/newsletter-mail.ts";
import { DEFAULT_NEWSLETTER_NAME } from "#supabase/functions/_shared/settings.ts";
import { trimEndOf } from "#supabase/functions/_shared/text.ts";

// A post as a newsletter e-mail: the post's sanitised HTML with every style
// on its element (mail clients drop <style> blocks and class rules), and a
// text part written from the same elements (headings, paragraphs, lists,
// links with their addresses, code as it is), not the HTML with its tags
// stripped. The unsubscribe link is a placeholder the sender fills per
// recipient.

const STYLES: Record<string, string> = {
  h1: "margin:28px 0 12px;font-size:24px;line-height:1.3;color:#1a1b1e;",
  h2: "margin:28px 0 12px;font-size:21px;line-height:1.3;color:#1a1b1e;",
  h3: "margin:24px 0 10px;font-size:18px;line-height:1.3;color:#1a1b1e;",
  h4: "margin:20px 0 8px;font-size:16px;line-height:1.3;color:#1a1b1e;",
  p: "margin:0 0 16px;font-size:16px;line-height:1.6;color:#1a1b1e;",
  a: "color:#1c7ed6;text-decoration:underline;",
  ul: "margin:0 0 16px;padding-left:24px;",
  ol: "margin:0 0 16px;padding-left:24px;",
  li: "margin:0 0 6px;font-size:16px;line-height:1.6;",
  blockquote:
    "margin:0 0 16px;padding:4px 16px;border-left:4px solid #dee2e6;color:#495057;",
  pre: "margin:0 0 16px;padding:12px;background:#f1f3f5;border-radius:6px;overflow:auto;font-size:14px;line-height:1.5;",
  code: "font-family:Menlo,Consolas,monospace;font-size:14px;",
  img: "max-width:100%;height:auto;border-radius:8px;",
  hr: "border:0;border-top:1px solid #dee2e6;margin:24px 0;",
  table: "border-collapse:collapse;margin:0 0 16px;",
  th: "border:1px solid #dee2e6;padding:6px 10px;text-align:left;",
  td: "border:1px solid #dee2e6;padding:6px 10px;",
};

const VOID = new Set(["br", "hr", "img", "wbr"]);
const BLOCKS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "blockquote",
  "pre",
  "table",
  "figure",
  "div",
  "hr",
]);

const BODY_STYLE =
  "margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;";
const CARD_STYLE =
  "max-width:640px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px;";
const TITLE_STYLE = "margin:0 0 8px;font-size:28px;line-height:1.25;";
const SMALL_STYLE = "margin:0;font-size:13px;line-height:1.5;color:#5c5f66;";

function absolute(url: string, siteUrl: string) {
  return url.startsWith("/") && !url.startsWith("//") ? siteUrl + url : url;
}

/**
 * The text part as it is written, in pieces: a string grown by `+=` and
 * read at its end after each block is copied whole each time, so a post
 * of many blocks would cost its length times their number.
 */
class TextPieces {
  private list: string[] = [];

  add(value: string) {
    if (value) this.list.push(value);
  }

  get empty() {
    return this.list.length === 0;
  }

  endsWith(suffix: string) {
    let end = "";
    for (let i = this.list.length - 1; i >= 0; i--) {
      if (end.length >= suffix.length) break;
      end = this.list[i]!.slice(-(suffix.length - end.length)) + end;
    }
    return end === suffix;
  }

  /** Removes the run of any of `characters` at the end, or `count` characters. */
  trimEnd(characters: string) {
    while (this.list.length > 0) {
      const last = trimEndOf(this.list.at(-1)!, characters);
      if (last !== "") {
        this.list[this.list.length - 1] = last;
        return;
      }
      this.list.pop();
    }
  }

  dropLast() {
    const last = this.list.pop()!.slice(0, -1);
    this.add(last);
  }

  /** Where the text is now, to take back what follows with `takeFrom`. */
  mark() {
    return this.list.length;
  }

  takeFrom(mark: number) {
    return this.list.splice(mark).join("");
  }

  toString() {
    return this.list.join("");
  }
}

/** The post's body, styled inline, and the same body as text. */
export function postBody(html: string, siteUrl: string) {
  let out = "";
  const text = new TextPieces();
  const links: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  const quotes: number[] = [];
  let pre = 0;
  const block = () => {
    text.trimEnd(" \t");
    if (!text.empty && !text.endsWith("\n\n"))
      text.add(text.endsWith("\n") ? "\n" : "\n\n");
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        let tag = `<${name}`;
        for (const [key, raw] of Object.entries(attributes)) {
          if (key === "style" || key === "class") continue;
          const value =
            key === "href" || key === "src" ? absolute(raw, siteUrl) : raw;
          tag += ` ${key}="${escapeHtml(value)}"`;
        }
        if (STYLES[name]) tag += ` style="${STYLES[name]}"`;
        out += `${tag}>`;
        if (BLOCKS.has(name)) block();
        if (/^h[1-6]$/.test(name)) text.add(`${"#".repeat(Number(name[1]))} `);
        if (name === "ul" || name === "ol")
          lists.push({ ordered: name === "ol", n: 0 });
        if (name === "li") {
          const list = lists.at(-1);
          if (list) list.n++;
          text.trimEnd(" \t");
          if (!text.empty && !text.endsWith("\n")) text.add("\n");
          text.add(
            `${"  ".repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.n}.` : "-"} `,
          );
        }
        if (name === "blockquote") quotes.push(text.mark());
        if (name === "pre") pre++;
        if (name === "br") text.add("\n");
        if (name === "img" && attributes.alt) text.add(`[${attributes.alt}]`);
        if (name === "a") links.push(absolute(attributes.href ?? "", siteUrl));
      },
      ontext(value) {
        out += escapeHtml(value);
        text.add(pre > 0 ? value : value.replace(/\s+/g, " "));
        if (text.endsWith("\n ")) text.dropLast();
      },
      onclosetag(name) {
        if (!VOID.has(name)) out += `</${name}>`;
        if (name === "a") {
          const href = links.pop();
          if (href && !text.endsWith(href)) text.add(` (${href})`);
        }
        if (name === "ul" || name === "ol") lists.pop();
        if (name === "pre") pre--;
        if (name === "blockquote") {
          const quoted = text
            .takeFrom(quotes.pop() ?? text.mark())
            .trim()
            .split("\n");
          text.add(quoted.map((line) => (line ? `> ${line}` : ">")).join("\n"));
        }
        if (name === "li") {
          text.trimEnd(" \t");
          text.add("\n");
        }
        if (BLOCKS.has(name)) block();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return {
    html: out,
    text: text
      .toString()
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
  };
}

export type NewsletterEmail = { subject: string; html: string; text: string };

/** The footer when the settings give none. */
export const defaultNewsletterFooter = (name: string) =>
  `You get this e-mail because you subscribed to ${name}.`;

/**
 * The e-mail a post is sent as; UNSUBSCRIBE_PLACEHOLDER stands for each
 * recipient's link. `footer` is the settings' (/admin/settings).
 */
export function renderPostEmail({
  title,
  excerpt,
  html,
  url,
  siteUrl,
  footer = defaultNewsletterFooter(DEFAULT_NEWSLETTER_NAME),
}: {
  title: string;
  excerpt: string | null;
  html: string;
  url: string;
  siteUrl: string;
  footer?: string;
}): NewsletterEmail {
  const body = postBody(html, siteUrl);
  return {
    subject: title,
    html: `<!doctype html><html><body style="${BODY_STYLE}"><div style="${CARD_STYLE}"><h1 style="${TITLE_STYLE}">${escapeHtml(title)}</h1>${excerpt ? `<p style="${STYLES.p}color:#495057;">${escapeHtml(excerpt)}</p>` : ""}${body.html}<p style="${STYLES.p}"><a href="${escapeHtml(url)}" style="${STYLES.a}">Read it on the site</a></p><hr style="${STYLES.hr}"><p style="${SMALL_STYLE}">${escapeHtml(footer)} <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="${STYLES.a}">Unsubscribe</a>.</p></div></body></html>`,
    text: [
      title,
      "=".repeat(Math.min(title.length, 72)),
      "",
      ...(excerpt ? [excerpt, ""] : []),
      body.text,
      "",
      `Read it on the site: ${url}`,
      "",
      "-- ",
      footer,
      `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
    ].join("\n"),
  };
}
