// The one HTML escaper: text and attribute values for mail, server-rendered pages and the
// product name filled into the prerendered landing page. Core, so the server and the prerender
// share it; the server's html`` template (server/lib/html.ts) builds on it.
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
