// Sanitisers of spec 02 §5, shared by the server and the browser.

// Control characters other than tab and line breaks, C1 controls included.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
// Tabs and every line break (a line break in a label would end a vCard line).
const BREAKS = /[\t\n\r\u0085\u2028\u2029]+/g;

/** One line of text: breaks and tabs become a space, other control characters go. */
export function sanitizeText(value: string): string {
  return value.replace(CONTROL_CHARS, "").replace(BREAKS, " ").trim();
}

// Multi-line text (notes) keeps its line breaks (as LF) and tabs.
export function sanitizeMultilineText(value: string): string {
  return value
    .replace(CONTROL_CHARS, "")
    .replace(/\r\n?|\u0085|\u2028|\u2029/g, "\n")
    .trim();
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

export function sanitizeEmail(value: string): string {
  const email = sanitizeText(value).toLowerCase();
  return isEmailShaped(email) ? email : "";
}

export function sanitizePhone(value: string): string {
  return sanitizeText(value)
    .replace(/[^\d+\-\s()]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function sanitizeUrl(value: string): string {
  const text = sanitizeText(value);
  if (!text) return "";
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : "";
  } catch {
    return "";
  }
}

export function normalizeReminderTime(value: string): string {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return `${text.padStart(2, "0")}:00:00`;
  if (/^\d{1,2}:\d{2}$/.test(text)) return `${text.padStart(5, "0")}:00`;
  if (/^\d{1,2}:\d{2}:\d{2}$/.test(text)) return text.padStart(8, "0");
  return text;
}
