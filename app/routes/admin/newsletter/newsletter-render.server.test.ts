import { describe, expect, test } from "vitest";
import { postBody, renderPostEmail } from "./newsletter-render.server.ts";

describe("a post as a newsletter e-mail", () => {
  const html =
    '<h2 class="x">Setup</h2><p>Read <a href="/blueprints/abc">the guide</a> &amp; <strong>go</strong>.</p><ul><li>One</li><li>Two</li></ul><pre><code>npm  start\n  --port 3</code></pre><blockquote><p>Quoted</p></blockquote><img src="https://cdn.example/a.png" alt="A chart">';

  test("styles every element inline and keeps no class or style block", () => {
    const body = postBody(html, "https://site.example");
    expect(body.html).not.toMatch(/<style|class=/);
    expect(body.html).toMatch(/^<h2 style="[^"]+">Setup<\/h2>/);
    expect(body.html).toContain(
      '<a href="https://site.example/blueprints/abc" style=',
    );
    expect(body.html).toContain("&amp; <strong>go</strong>");
    expect(body.html).toMatch(
      /<img src="https:\/\/cdn.example\/a.png" alt="A chart" style="[^"]+">$/,
    );
  });

  test("writes the text part from the elements", () => {
    expect(postBody(html, "https://site.example").text).toBe(
      [
        "## Setup",
        "",
        "Read the guide (https://site.example/blueprints/abc) & go.",
        "",
        "- One",
        "- Two",
        "",
        "npm  start\n  --port 3",
        "",
        "> Quoted",
        "",
        "[A chart]",
      ].join("\n"),
    );
  });

  test("frames the post with its title, its link and the unsubscribe placeholder", () => {
    const email = renderPostEmail({
      title: "Agents <that> learn",
      excerpt: null,
      html: "<p>Body</p>",
      url: "https://site.example/blueprints/1",
      siteUrl: "https://site.example",
    });
    expect(email.subject).toBe("Agents <that> learn");
    expect(email.html).toContain("Agents &lt;that&gt; learn");
    expect(email.html).toContain('href="{{unsubscribe_url}}"');
    expect(email.text).toMatch(/^Agents <that> learn\n=+\n\nBody\n/);
    expect(email.text).toContain(
      "Read it on the site: https://site.example/blueprints/1",
    );
    expect(email.text).toMatch(/Unsubscribe: \{\{unsubscribe_url\}\}$/);
  });
});

describe("a post no regular expression can stall", () => {
  test("a <pre> of 100,000 spaces, and 20,000 paragraphs after it, keep their text", () => {
    const spaces = " ".repeat(100_000);
    const body = postBody(
      `<pre>${spaces}x</pre>${"<p>a</p>".repeat(20_000)}<pre>${spaces}</pre>`,
      "https://site.example",
    );
    // The text part is trimmed: the spaces before the x go.
    expect(body.text.startsWith("x\n\na\n\na")).toBe(true);
    expect(body.text.endsWith("a")).toBe(true);
    expect(body.text.split("\n\n")).toHaveLength(20_001);
  });
});
