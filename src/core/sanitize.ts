// Sanitisers of spec 02 §5, shared by the server and the browser.

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function sanitizeText(value: string): string {
  return value.replace(CONTROL_CHARS, "").trim();
}

// Multi-line text (notes) keeps its line breaks and tabs.
export function sanitizeMultilineText(value: string): string {
  return value.replace(CONTROL_CHARS, "").replace(/\r\n?/g, "\n").trim();
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
