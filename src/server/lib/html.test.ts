import { describe, expect, it } from "vitest";
import { escapeHtml, html, rawHtml } from "./html";

describe("html", () => {
  it("escapes interpolated text and attributes", () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p title="${name}">${name}</p>`.toString()).toBe(
      `<p title="${escapeHtml(name)}">${escapeHtml(name)}</p>`,
    );
    expect(escapeHtml(`<&"'>`)).toBe("&lt;&amp;&quot;&#39;&gt;");
  });

  it("keeps nested templates and arrays, drops null, undefined and false", () => {
    const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}${null}${undefined}${false}</ul>`;
    expect(list.toString()).toBe("<ul><li>a&lt;b</li><li>c</li></ul>");
    expect(html`${rawHtml("<br>")}`.toString()).toBe("<br>");
  });
});
