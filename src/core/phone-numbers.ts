// A phone number's kind (carried by its label) and extension: plain functions, free of zod, for
// the contacts screen, the contract and every file format.

export const PHONE_KINDS = ["mobile", "home", "work", "fax", "pager"] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

export type PhoneEntry = { label?: string; value: string; ext?: string };

// Checked in this order: a "work fax" is a fax, a "work mobile" a mobile.
const KIND_WORDS: readonly [PhoneKind, RegExp][] = [
  ["fax", /\bfax\b/i],
  ["pager", /\b(pager|beeper)\b/i],
  ["mobile", /\b(mobile|cell|cellular|iphone)\b/i],
  ["work", /\b(work|business|office)\b/i],
  ["home", /\bhome\b/i],
];

/** The kind a label names, whatever its case ("Work Fax" is a fax); null for any other label. */
export function phoneKind(label: string | undefined): PhoneKind | null {
  if (!label) return null;
  return KIND_WORDS.find(([, words]) => words.test(label))?.[0] ?? null;
}

/** Where a label says the phone is (home or work), beside its kind. */
export function phonePlace(label: string | undefined): "home" | "work" | null {
  if (!label) return null;
  if (/\b(work|business|office)\b/i.test(label)) return "work";
  return /\bhome\b/i.test(label) ? "home" : null;
}

export const PHONE_EXTENSION_MAX = 10;

// "x123", "ext. 123", "ext 123", "extension 123", a tel: URI's ";ext=123", and Android's pause
// or wait before the digits ("p123", "w123", ",123"), at the end of the number.
const EXTENSION_SUFFIX =
  /^(.*?\d[^a-z]*?)\s*(?:(?:,|;)?\s*(?:ext(?:ension)?\.?|x|#)\s*|;ext=|[pw,]+)(\d{1,10})\s*$/i;

/** A number and the extension written after it; the text is kept whole when it has none. */
export function splitExtension(text: string): { value: string; ext: string } {
  const match = EXTENSION_SUFFIX.exec(text.trim());
  if (!match) return { value: text, ext: "" };
  return { value: match[1]!.trim().replace(/[,;]$/, "").trim(), ext: match[2]! };
}

/** The number as one text, an extension as a readable " x123" suffix (files, search). */
export function phoneText(phone: PhoneEntry): string {
  return phone.ext ? `${phone.value} x${phone.ext}` : phone.value;
}

/** The number as a person reads it on the contact page. */
export function describePhone(phone: PhoneEntry): string {
  return phone.ext ? `${phone.value} ext. ${phone.ext}` : phone.value;
}

/** What a tel: link dials: the digits, then a pause and the extension. */
export function phoneHref(phone: PhoneEntry): string {
  const digits = phone.value.replace(/[^\d+]/g, "");
  return `tel:${digits}${phone.ext ? `,${phone.ext}` : ""}`;
}

/**
 * The number as an RFC 3966 tel: URI (vCard 4.0's TEL;VALUE=uri), or null when it is not a
 * global number (+…): a local number is no tel: URI without a phone-context we do not know.
 */
export function telUri(phone: PhoneEntry): string | null {
  const text = phone.value.trim();
  if (!text.startsWith("+")) return null;
  const digits = text
    .slice(1)
    .replace(/[\s().]+/g, "-")
    .replace(/[^\d-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  if (!/\d{3}/.test(digits.replace(/-/g, ""))) return null;
  return `tel:+${digits}${phone.ext ? `;ext=${phone.ext}` : ""}`;
}

/**
 * A tel: URI's number and its ext parameter; other parameters go. The URI's visual separators
 * (- . ( )) are read as spaces, as people type numbers here, so our own export reads back as typed.
 */
export function readTelUri(uri: string): { value: string; ext: string } {
  const [number = "", ...params] = uri.trim().replace(/^tel:/i, "").split(";");
  const ext = params
    .map((p) => /^ext=(\d{1,10})$/i.exec(p.trim())?.[1])
    .find((value) => value !== undefined);
  let value = number;
  try {
    value = decodeURIComponent(number);
  } catch {
    // A stray % is kept as written.
  }
  const spaced = value
    .replace(/[-.()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { value: spaced, ext: ext ?? "" };
}
