// Notification bodies may hold HTML (spec 02 §3): shown only after DOMPurify has removed scripts,
// event handlers and anything else that could run. Links to other sites open in a new tab
// without access to this one.
import DOMPurify from "dompurify";
import { useMemo } from "react";

const PURIFY_OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  FORBID_ATTR: ["style"],
};

let purifier: typeof DOMPurify | undefined;

function getPurifier(): typeof DOMPurify {
  if (!purifier) {
    purifier = DOMPurify;
    purifier.addHook("afterSanitizeAttributes", (node) => {
      if (node instanceof HTMLAnchorElement && /^https?:/i.test(node.getAttribute("href") ?? "")) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      }
    });
  }
  return purifier;
}

const BLOCKS = "p, li, br, div, h1, h2, h3, h4, h5, h6, tr, td, th, blockquote";

/** The text of a notification body, for one-line previews ("<li>A</li><li>B</li>" → "A B"). */
export function toPlainText(html: string): string {
  const fragment = getPurifier().sanitize(html, { ...PURIFY_OPTIONS, RETURN_DOM_FRAGMENT: true });
  for (const block of fragment.querySelectorAll(BLOCKS)) block.after(" ");
  return (fragment.textContent ?? "").replace(/\s+/g, " ").trim();
}

export function NotificationContent({ html }: { html: string }) {
  const clean = useMemo(() => getPurifier().sanitize(html, PURIFY_OPTIONS), [html]);
  return (
    <div
      data-testid="notification-content"
      className="space-y-2 break-words text-sm [&_a]:text-primary [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
