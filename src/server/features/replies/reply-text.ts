// A reply's own words: what the user typed above the quoted digest, without the signature, the
// phone's "Sent from" line or an HTML part's markup (decision 242).
import { REPLY_TEXT_MAX } from "../../../core/replies";

// Longest input looked at: a reply's own words come first, and every pattern below is linear,
// but a 20 MB mail is still not worth scanning to the end.
const INPUT_MAX = 200_000;

// A line that starts the quoted message: everything from it down is history.
const QUOTE_HEADERS: RegExp[] = [
  // Gmail and Apple Mail: "On Tue, 1 Dec 2026 at 09:00, Tend <…> wrote:" (possibly wrapped).
  /^\s*On\b.{0,300}\bwrote:\s*$/i,
  // Outlook's and others' separators, and the same header in other languages.
  // (Gmail writes ten dashes around "Forwarded message"; Apple Mail "Begin forwarded message:".)
  /^\s*-{0,12}\s*(Original Message|Forwarded message|Message d'origine|Ursprüngliche Nachricht)\s*-{0,12}\s*$/i,
  /^\s*Begin forwarded message:\s*$/i,
  /^\s*_{10,}\s*$/,
  /^\s*(Le|El|Am|Il|Em|Op)\b.{0,300}\b(a écrit|escribió|schrieb|ha scritto|escreveu|schreef)\s*:?\s*$/i,
];

// Outlook's header block: "From: …" followed within a few lines by "Sent:"/"Date:" and "Subject:".
const OUTLOOK_FROM = /^\s*\*?(From|Von|De|Van|Da)\s*:\*?\s*\S/i;
const OUTLOOK_FIELD =
  /^\s*\*?(Sent|Date|To|Cc|Subject|Gesendet|Datum|An|Betreff|Envoyé|Objet)\s*:/i;

// A line that starts the signature: everything from it down is not the reply.
const SIGNATURE_STARTS: RegExp[] = [
  /^-- ?$/,
  /^—$/,
  /^Sent from (my |Mail for |Yahoo Mail|Outlook|Proton)/i,
  /^Sent (from|via|with) .{0,60}$/i,
  /^Get Outlook for (iOS|Android)/i,
  /^Envoyé de mon /i,
  /^Von meinem .{0,40} gesendet/i,
  /^Enviado desde mi /i,
];

/** The reply's own words, as plain text, at most REPLY_TEXT_MAX characters. */
export function replyOwnText({
  text,
  html,
}: {
  text?: string | null;
  html?: string | null;
}): string {
  const plain = text && text.trim() ? text : html ? htmlToText(html) : "";
  const lines = plain.slice(0, INPUT_MAX).replace(/\r\n?/g, "\n").split("\n");
  const own: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const trimmed = line.trim();
    if (isQuoteHeader(lines, i) || SIGNATURE_STARTS.some((re) => re.test(trimmed))) break;
    if (/^\s*>/.test(line)) continue;
    own.push(line.replace(/\s+$/, ""));
  }
  return own
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\u00a0/g, " ")
    .trim()
    .slice(0, REPLY_TEXT_MAX);
}

function isQuoteHeader(lines: string[], i: number): boolean {
  const line = lines[i] ?? "";
  if (QUOTE_HEADERS.some((re) => re.test(line))) return true;
  // Gmail wraps a long "On … wrote:" line: "On Tue, 1 Dec 2026 at 09:00, Tend <" / "x@y> wrote:".
  if (/^\s*On\s.{5,}/i.test(line) && /^\s*\S.{0,200}\bwrote:\s*$/i.test(lines[i + 1] ?? ""))
    return true;
  if (OUTLOOK_FROM.test(line)) {
    const next = lines.slice(i + 1, i + 6).filter((l) => OUTLOOK_FIELD.test(l));
    return next.length >= 2;
  }
  return false;
}

// Elements whose content is quoted history or not text at all.
const DROPPED_ELEMENTS = new Set(["blockquote", "style", "script", "head", "title", "template"]);
const BLOCK_ELEMENTS =
  /^(p|div|br|li|ul|ol|tr|table|h[1-6]|hr|section|article|header|footer|pre|blockquote)$/;
// Classes and ids mail apps put on the quoted part: Gmail, Apple Mail, Yahoo, Thunderbird.
const QUOTE_MARKERS =
  /\b(gmail_quote|gmail_attr|gmail_signature|yahoo_quoted|moz-cite-prefix|moz-signature|AppleMailSignature|ms-outlook-mobile-signature)\b/i;
// Outlook puts the quoted message after these, not inside them: the rest of the body is history.
const HISTORY_STARTS = /\b(divRplyFwdMsg|appendonsend|OutlookMessageHeader|x_divRplyFwdMsg)\b/i;

/** An HTML body as text: quoted parts and markup dropped, blocks on their own lines. */
export function htmlToText(html: string): string {
  const source = html.slice(0, INPUT_MAX);
  const out: string[] = [];
  // The stack of open elements being dropped (their names), so nested ones close properly.
  const dropping: string[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|<![^>]*>/g;
  let last = 0;
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    if (dropping.length === 0) out.push(source.slice(last, match.index));
    last = tag.lastIndex;
    const [, closing, rawName, attributes = ""] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const selfClosing = /\/\s*$/.test(attributes) || /^(br|hr|img|meta|link|input|wbr)$/.test(name);
    if (dropping.length > 0) {
      if (closing) {
        if (dropping[dropping.length - 1] === name) dropping.pop();
      } else if (!selfClosing && name === dropping[dropping.length - 1]) dropping.push(name);
      continue;
    }
    if (!closing && HISTORY_STARTS.test(attributes)) {
      last = source.length;
      break;
    }
    if (
      !closing &&
      !selfClosing &&
      (DROPPED_ELEMENTS.has(name) || QUOTE_MARKERS.test(attributes))
    ) {
      dropping.push(name);
      continue;
    }
    if (BLOCK_ELEMENTS.test(name)) out.push("\n");
  }
  if (dropping.length === 0) out.push(source.slice(last));
  return decodeEntities(out.join(""))
    .replace(/[ \t\u00a0]+/g, (s) => (s.includes("\u00a0") ? s.replace(/\u00a0/g, " ") : " "))
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  shy: "",
  zwnj: "",
  eacute: "é",
  Eacute: "É",
  iacute: "í",
  uacute: "ú",
  agrave: "à",
  acirc: "â",
  ecirc: "ê",
  ocirc: "ô",
  atilde: "ã",
  otilde: "õ",
  aring: "å",
  Aring: "Å",
  aelig: "æ",
  szlig: "ß",
  iuml: "ï",
  Ouml: "Ö",
  Uuml: "Ü",
  Auml: "Ä",
  egrave: "è",
  aacute: "á",
  oacute: "ó",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
  oslash: "ø",
  Oslash: "Ø",
  euml: "ë",
  ntilde: "ñ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X"
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}
