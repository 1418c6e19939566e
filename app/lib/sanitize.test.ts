import { describe, expect, test } from "vitest";
import {
  safeImageUrl,
  safeLinkUrl,
  safeYoutubeEmbedUrl,
  sanitizePostHtml,
} from "#app/lib/sanitize.ts";

const PNG_DATA =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Nothing in the output may run code, whatever the input was. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<object|<embed|<form|<input|<meta|<link|<base/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/data:(?!image\/(?:png|jpe?g|gif);base64,)/i);
  expect(html).not.toMatch(/expression\(|url\(/i);
}

describe("sanitizePostHtml keeps what the editor produces", () => {
  test("headings, paragraphs and inline marks", () => {
    const html =
      "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>" +
      "<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> H<sub>2</sub>O x<sup>2</sup><br />next</p>";
    expect(sanitizePostHtml(html)).toBe(html);
  });

  test("lists, quotes and code blocks with a language class", () => {
    const html =
      '<ol start="3"><li>a</li></ol><ul><li>b</li></ul><blockquote><p>q</p></blockquote>' +
      '<pre><code class="language-typescript">const a = 1 &lt; 2;</code></pre>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  test("colour, highlight, alignment and direction", () => {
    const html =
      '<p style="text-align:center" dir="rtl"><span style="color:#958DF1">c</span>' +
      '<mark data-color="#ffc078" style="background-color:#ffc078;color:inherit">m</mark>' +
      '<span style="color:rgb(255, 0, 0)">r</span><span style="background-color:yellow">y</span></p>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  test("links get the safe rel and keep http(s) and site paths", () => {
    expect(
      sanitizePostHtml(
        '<a href="https://example.com/a?b=c" target="_blank">x</a>',
      ),
    ).toBe(
      '<a href="https://example.com/a?b=c" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<a href="/contact-us">x</a>')).toBe(
      '<a href="/contact-us" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<a href="#section" rel="opener">x</a>')).toBe(
      '<a href="#section" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  test("images by extension and base64 data URLs", () => {
    expect(
      sanitizePostHtml('<img src="https://cdn.example.com/a.JPG" alt="a">'),
    ).toBe('<img src="https://cdn.example.com/a.JPG" alt="a" />');
    expect(sanitizePostHtml(`<img src="${PNG_DATA}" alt="">`)).toBe(
      `<img src="${PNG_DATA}" alt="" />`,
    );
    expect(
      sanitizePostHtml('<img src="/blog/cover.png" width="300" height="200">'),
    ).toBe('<img src="/blog/cover.png" width="300" height="200" />');
  });

  test("an uploaded image keeps its variants; a srcset from anywhere else goes", () => {
    const store =
      "https://db.example.com/storage/v1/object/public/blog-images/u/";
    const uploaded = `<img src="${store}a-1280.jpg" srcset="${store}a-640.webp 640w, ${store}a-1280.webp 1280w" sizes="(min-width: 820px) 780px, 100vw" loading="lazy" alt="">`;
    expect(sanitizePostHtml(uploaded)).toBe(
      `<img src="${store}a-1280.jpg" srcset="${store}a-640.webp 640w, ${store}a-1280.webp 1280w" sizes="(min-width: 820px) 780px, 100vw" loading="lazy" alt="" />`,
    );
    expect(sanitizePostHtml(`<img src="${store}a.jpg" loading="eager">`)).toBe(
      `<img src="${store}a.jpg" />`,
    );
    for (const srcset of [
      "https://evil.example/storage/v1/object/public/blog-images/u/a.webp 640w",
      `${store}a.webp 640w, https://evil.example/x.webp 1280w`,
      "https://db.example.com/storage/v1/object/public/cv-uploads/a.webp 640w",
      `${store}a.webp 2x`,
      `javascript:alert(1) 640w`,
      `${store}a.svg 640w`,
    ]) {
      expect(
        sanitizePostHtml(
          `<img src="${store}a.jpg" srcset="${srcset}" sizes="100vw">`,
        ),
      ).toBe(`<img src="${store}a.jpg" />`);
    }
    // Variants without a src of their own host are not kept either.
    expect(
      sanitizePostHtml(
        `<img src="${PNG_DATA}" srcset="${store}a-640.webp 640w" sizes="100vw">`,
      ),
    ).toBe(`<img src="${PNG_DATA}" />`);
    expect(
      sanitizePostHtml(
        `<img src="${store}a.jpg" srcset="${store}a-640.webp 640w" sizes="url(x)">`,
      ),
    ).toBe(`<img src="${store}a.jpg" srcset="${store}a-640.webp 640w" />`);
  });

  test("YouTube embeds on both official hosts, sandboxed and lazy", () => {
    const out = sanitizePostHtml(
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10" width="640" height="480" allow="camera; microphone" onload="alert(1)"></iframe></div>',
    );
    expect(out).toBe(
      '<div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" title="YouTube video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10"></iframe></div>',
    );
    expect(
      sanitizePostHtml(
        '<iframe src="https://www.youtube.com/embed/abc_DEF-1"></iframe>',
      ),
    ).toContain('src="https://www.youtube.com/embed/abc_DEF-1"');
  });
});

describe("sanitizePostHtml removes hostile input", () => {
  const hostile: [string, string][] = [
    ["script tag", "<p>hi</p><script>alert(1)</script>"],
    ["script with src", '<script src="https://evil.example/x.js"></script>'],
    ["uppercase script", "<SCRIPT>alert(1)</SCRIPT>"],
    ["nested script", "<scr<script>ipt>alert(1)</script>"],
    [
      "script in attribute-breaking text",
      '<p title="</p><script>alert(1)</script>">x</p>',
    ],
    [
      "event handler on img",
      '<img src="https://x.example/a.png" onerror="alert(1)">',
    ],
    [
      "event handler on p",
      '<p onclick="alert(1)" onmouseover="alert(2)">x</p>',
    ],
    ["event handler without quotes", "<p onclick=alert(1)>x</p>"],
    ["javascript link", '<a href="javascript:alert(1)">x</a>'],
    ["mixed-case javascript", '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ["javascript with tab", '<a href="java\tscript:alert(1)">x</a>'],
    [
      "javascript with newline entity",
      '<a href="java&#10;script:alert(1)">x</a>',
    ],
    ["javascript entity encoded", '<a href="&#106;avascript:alert(1)">x</a>'],
    ["javascript with leading space", '<a href=" javascript:alert(1)">x</a>'],
    ["vbscript link", '<a href="vbscript:msgbox(1)">x</a>'],
    [
      "data html link",
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    ],
    [
      "svg data image",
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    ],
    [
      "svg data image with png suffix",
      '<img src="data:image/svg+xml,<svg onload=alert(1)>.png">',
    ],
    ["inline svg", '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ["svg with script", "<svg><script>alert(1)</script></svg>"],
    [
      "math mxss",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ],
    ["style tag", "<style>body{background:url(javascript:alert(1))}</style>"],
    [
      "style injection url",
      '<p style="background-image:url(javascript:alert(1))">x</p>',
    ],
    ["style expression", '<span style="color:expression(alert(1))">x</span>'],
    [
      "style breaking out",
      '<span style="color:red;position:fixed;top:0">x</span>',
    ],
    ["object", '<object data="https://evil.example/x.swf"></object>'],
    ["embed", '<embed src="https://evil.example/x.swf">'],
    ["form", '<form action="https://evil.example"><input name="p"></form>'],
    [
      "meta refresh",
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ],
    ["base tag", '<base href="https://evil.example/">'],
    [
      "link stylesheet",
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["iframe javascript", '<iframe src="javascript:alert(1)"></iframe>'],
    ["comment trick", "<!--<img src=x onerror=alert(1)>-->"],
    ["cdata trick", "<![CDATA[<script>alert(1)</script>]]>"],
    [
      "noscript mxss",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    ],
  ];

  test.each(hostile)("%s", (_name, input) => {
    expectInert(sanitizePostHtml(input));
  });

  test("a script's text is dropped, surrounding text kept", () => {
    expect(sanitizePostHtml("<p>hi</p><script>alert(1)</script>")).toBe(
      "<p>hi</p>",
    );
  });

  test("a link with a forbidden scheme keeps its text but loses its destination", () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">click</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">click</a>',
    );
    expect(sanitizePostHtml('<a href="mailto:a@b.c">mail</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  test.each([
    ["protocol-relative", "//evil.example/path"],
    ["backslash protocol-relative", "/\\evil.example/path"],
    ["double backslash", "\\\\evil.example"],
    ["non-image data on a link", "data:text/plain;base64,AAAA"],
    ["svg data on a link", "data:image/svg+xml;base64,AAAA"],
    ["file scheme", "file:///etc/passwd"],
  ])("links: %s is refused", (_name, href) => {
    const out = sanitizePostHtml(`<a href="${href}">x</a>`);
    expect(out).toBe('<a rel="noopener noreferrer nofollow">x</a>');
  });

  test("links may point at a base64 png/jpeg/gif data URL (the product's schemes: http, https, data)", () => {
    expect(sanitizePostHtml(`<a href="${PNG_DATA}">x</a>`)).toBe(
      `<a href="${PNG_DATA}" rel="noopener noreferrer nofollow">x</a>`,
    );
  });

  test("paragraph indent in whole em steps, nothing else", () => {
    expect(sanitizePostHtml('<p style="margin-inline-start:4em">i</p>')).toBe(
      '<p style="margin-inline-start:4em">i</p>',
    );
    expect(
      sanitizePostHtml('<p style="margin-inline-start:calc(100vw)">i</p>'),
    ).toBe("<p>i</p>");
    expect(sanitizePostHtml('<p style="margin-left:-999em">i</p>')).toBe(
      "<p>i</p>",
    );
  });

  test.each([
    ["svg by URL", "https://evil.example/a.svg"],
    ["extension only in the query", "https://evil.example/a.php?x=.png"],
    ["no extension", "https://evil.example/image"],
    ["protocol-relative png", "//evil.example/a.png"],
    ["javascript png", "javascript:alert(1)//a.png"],
    ["webp data URL", "data:image/webp;base64,AAAA"],
    ["non-base64 data URL", "data:image/png,AAAA"],
    ["data URL with parameters", "data:image/png;charset=utf-8;base64,AAAA"],
    ["data URL with a space", "data:image/png;base64,AAAA onerror=alert(1)"],
  ])("images: %s is dropped", (_name, src) => {
    const out = sanitizePostHtml(`<p><img src="${src}" alt="x"></p>`);
    expect(out).not.toContain("<img");
    expectInert(out);
  });

  test.each([
    ["lookalike host suffix", "https://youtube.com.evil.example/embed/abc"],
    ["lookalike with www", "https://www.youtube.com.evil.example/embed/abc"],
    ["credentials trick", "https://www.youtube.com@evil.example/embed/abc"],
    ["bare youtube.com", "https://youtube.com/embed/abc"],
    ["other subdomain", "https://m.youtube.com/embed/abc"],
    ["http", "http://www.youtube.com/embed/abc"],
    ["not an embed path", "https://www.youtube.com/watch?v=abc"],
    ["path traversal", "https://www.youtube.com/embed/../redirect?q=evil"],
    ["protocol-relative", "//www.youtube.com/embed/abc"],
    ["port", "https://www.youtube.com:8443/embed/abc"],
    ["other host", "https://evil.example/embed/abc"],
  ])("iframes: %s is dropped", (_name, src) => {
    const out = sanitizePostHtml(`<iframe src="${src}"></iframe>`);
    expect(out).not.toContain("<iframe");
  });

  test("style keeps only the allowed properties with strict values", () => {
    expect(
      sanitizePostHtml(
        '<span style="color:#f00;position:fixed;background-color:url(x);font-size:99px">x</span>',
      ),
    ).toBe('<span style="color:#f00">x</span>');
    expect(
      sanitizePostHtml('<p style="text-align:center;width:100vw">x</p>'),
    ).toBe('<p style="text-align:center">x</p>');
    expect(sanitizePostHtml('<p style="text-align:expression(1)">x</p>')).toBe(
      "<p>x</p>",
    );
  });

  test("styles only on the tags that carry them", () => {
    expect(sanitizePostHtml('<strong style="color:red">x</strong>')).toBe(
      "<strong>x</strong>",
    );
  });

  test("dir only with its three values, classes only language-*", () => {
    expect(sanitizePostHtml('<p dir="rtl">x</p><p dir="evil">y</p>')).toBe(
      '<p dir="rtl">x</p><p>y</p>',
    );
    expect(sanitizePostHtml('<code class="language-js evil">x</code>')).toBe(
      '<code class="language-js">x</code>',
    );
    expect(sanitizePostHtml('<p class="x" id="y" data-x="z">x</p>')).toBe(
      "<p>x</p>",
    );
  });

  test("target only _blank, no other attributes on links", () => {
    expect(
      sanitizePostHtml(
        '<a href="https://a.example" target="_top" ping="https://evil.example">x</a>',
      ),
    ).toBe(
      '<a href="https://a.example" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  test("image dimensions must be numbers", () => {
    expect(
      sanitizePostHtml(
        '<img src="/a.png" width="100&quot; onerror=&quot;x" height="50%">',
      ),
    ).toBe('<img src="/a.png" height="50%" />');
  });

  test("text is escaped, not parsed again", () => {
    expect(
      sanitizePostHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
    ).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });

  test("sanitizing twice changes nothing", () => {
    const once = sanitizePostHtml(
      '<h2 style="text-align:right">t</h2><p><a href="https://a.example" target="_blank">a</a><img src="/b.gif"></p><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/x"></iframe></div>',
    );
    expect(sanitizePostHtml(once)).toBe(once);
  });
});

describe("URL checks", () => {
  test("safeLinkUrl", () => {
    expect(safeLinkUrl("https://example.com")).toBe("https://example.com");
    expect(safeLinkUrl("HTTP://example.com")).toBe("HTTP://example.com");
    expect(safeLinkUrl("relative/path")).toBe("relative/path");
    expect(safeLinkUrl("?q=1")).toBe("?q=1");
    expect(safeLinkUrl("")).toBeNull();
    expect(safeLinkUrl(undefined)).toBeNull();
    expect(safeLinkUrl("https://exa\nmple.com")).toBeNull();
    expect(safeLinkUrl("ftp://example.com")).toBeNull();
  });

  test("safeImageUrl", () => {
    expect(safeImageUrl("https://a.example/b.jpeg")).toBe(
      "https://a.example/b.jpeg",
    );
    expect(safeImageUrl("data:image/gif;base64,R0lGODlhAQABAAAAACw=")).toBe(
      "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
    );
    expect(safeImageUrl("/uploads/b.png?v=2")).toBe("/uploads/b.png?v=2");
    expect(safeImageUrl("data:image/svg+xml;base64,AAAA")).toBeNull();
  });

  test("safeYoutubeEmbedUrl", () => {
    expect(safeYoutubeEmbedUrl("https://www.youtube.com/embed/abc")).toBe(
      "https://www.youtube.com/embed/abc",
    );
    expect(
      safeYoutubeEmbedUrl("https://www.youtube.com.evil.example/embed/abc"),
    ).toBeNull();
  });
});
