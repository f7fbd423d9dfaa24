// HTML for mail and server-rendered pages: one escaper, and a tagged template that escapes every
// interpolated value unless it is already safe HTML (the result of another `html` call).
const SAFE = Symbol("safe-html");

export type SafeHtml = { readonly [SAFE]: true; readonly value: string; toString(): string };

import { escapeHtml } from "../../core/escape-html";

export { escapeHtml };

function toSafe(value: string): SafeHtml {
  return { [SAFE]: true, value, toString: () => value };
}

function isSafe(value: unknown): value is SafeHtml {
  return typeof value === "object" && value !== null && SAFE in value;
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (isSafe(value)) return value.value;
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return escapeHtml(JSON.stringify(value) ?? "");
}

// html`<a href="${url}">${name}</a>`: url and name are escaped; nested html`` is kept as is.
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return toSafe(out);
}

// Trusted markup written by our own code (never user input).
export function rawHtml(value: string): SafeHtml {
  return toSafe(value);
}
