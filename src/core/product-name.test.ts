import { describe, expect, it } from "vitest";
import { fillProductName, PRODUCT_NAME_MARKER, readServedProductName } from "./product-name";

describe("fillProductName", () => {
  it("replaces every marker, in text and in attributes", () => {
    const html = `<meta name="application-name" content="${PRODUCT_NAME_MARKER}"><p>${PRODUCT_NAME_MARKER}<!-- --> gives every contact a rhythm. © 2026 ${PRODUCT_NAME_MARKER}.</p>`;
    expect(fillProductName(html, "Kin")).toBe(
      `<meta name="application-name" content="Kin"><p>Kin<!-- --> gives every contact a rhythm. © 2026 Kin.</p>`,
    );
  });

  it("escapes the name so it can neither break the markup nor inject any", () => {
    const filled = fillProductName(`<p title="${PRODUCT_NAME_MARKER}">x</p>`, `A&B "<script>'`);
    expect(filled).toBe(`<p title="A&amp;B &quot;&lt;script&gt;&#39;">x</p>`);
  });

  it("leaves HTML without markers as it is", () => {
    expect(fillProductName("<p>Tend</p>", "Kin")).toBe("<p>Tend</p>");
  });
});

describe("readServedProductName", () => {
  it("takes a filled name and ignores a missing or unfilled one", () => {
    expect(readServedProductName("Kin")).toBe("Kin");
    expect(readServedProductName(PRODUCT_NAME_MARKER)).toBeNull();
    expect(readServedProductName("")).toBeNull();
    expect(readServedProductName(null)).toBeNull();
  });
});
