// The product name in prerendered HTML. The landing page is rendered to landing.html at build
// time (scripts/prerender.mjs), but APP_NAME is only known when the server runs: the prerender
// writes PRODUCT_NAME_MARKER wherever the name goes, and the server fills it in once when it
// loads the file.

import { escapeHtml } from "./escape-html";

export const DEFAULT_PRODUCT_NAME = "Tend";

/** Survives React's HTML escaping unchanged, and never occurs in real copy. */
export const PRODUCT_NAME_MARKER = "%%PRODUCT_NAME%%";

/** The HTML with every marker replaced by the product name, escaped for text and attributes. */
export function fillProductName(html: string, productName: string): string {
  return html.replaceAll(PRODUCT_NAME_MARKER, escapeHtml(productName));
}

/**
 * The name the server filled into the prerendered page (its application-name meta tag), so the
 * client's first render matches the HTML it replaces; null when absent or never filled.
 */
export function readServedProductName(content: string | null | undefined): string | null {
  if (!content || content.includes(PRODUCT_NAME_MARKER)) return null;
  return content;
}
