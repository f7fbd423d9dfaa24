// Mailgun's inbound routes, for installations that take mail through a provider rather than
// their own listener or mailbox: a route's forward() POSTs each message to Tend, signed with the
// account's HTTP webhook signing key (hex HMAC-SHA256 of timestamp + token). A route URL ending
// in /mime posts the raw message (`body-mime`); otherwise Mailgun posts its parsed fields, from
// which the message is put back together (its headers and its plain-text body).
import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";

/** A signature older (or further ahead) than this is refused: a captured request can't be replayed later. */
export const MAILGUN_MAX_AGE_MS = 5 * 60_000;

export type MailgunFields = Record<string, string>;

export type MailgunCheck = { ok: true } | { ok: false; reason: string };

export function createMailgunVerifier(signingKey: string, now: () => number = Date.now) {
  // Tokens seen within the age limit: the same signed request twice is one request.
  const seen = new LRUCache<string, true>({ max: 50_000, ttl: 2 * MAILGUN_MAX_AGE_MS });
  const verify = (fields: MailgunFields): MailgunCheck => {
    const { timestamp = "", token = "", signature = "" } = fields;
    if (!/^\d{1,12}$/.test(timestamp) || !token || token.length > 200 || !signature)
      return { ok: false, reason: "The request carries no Mailgun signature." };
    const expected = Buffer.from(
      createHmac("sha256", signingKey)
        .update(timestamp + token)
        .digest("hex"),
    );
    const given = Buffer.from(signature.toLowerCase());
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: "The request's Mailgun signature is not valid." };
    if (Math.abs(now() - Number(timestamp) * 1000) > MAILGUN_MAX_AGE_MS)
      return { ok: false, reason: "The request's Mailgun signature is too old." };
    if (seen.has(token)) return { ok: false, reason: "This Mailgun request was already received." };
    seen.set(token, true);
    return { ok: true };
  };
  /** A post that failed on Tend's side (Mailgun sends it again): its token may come back. */
  const forget = (fields: MailgunFields) => void seen.delete(fields.token ?? "");
  return { verify, forget };
}

/**
 * The message a Mailgun POST carries: its raw source, the envelope's recipient and sender. The
 * parsed format is rebuilt from `message-headers` (a JSON list of [name, value]) and `body-plain`
 * (or `body-html` when there is no plain part), as text in UTF-8.
 */
export function mailgunMessage(
  fields: MailgunFields,
): { raw: string; recipients: string[]; envelopeFrom: string } | null {
  const recipients = (fields.recipient ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  const envelopeFrom = fields.sender ?? "";
  if (fields["body-mime"]) return { raw: fields["body-mime"], recipients, envelopeFrom };
  let headers: unknown;
  try {
    headers = JSON.parse(fields["message-headers"] ?? "");
  } catch {
    return null;
  }
  if (!Array.isArray(headers)) return null;
  const kept = headers.filter(
    (h): h is [string, string] =>
      Array.isArray(h) &&
      typeof h[0] === "string" &&
      typeof h[1] === "string" &&
      // The body below is plain UTF-8 text: the original's MIME structure no longer applies.
      !/^(content-type|content-transfer-encoding|mime-version)$/i.test(h[0]),
  );
  const isHtml = !fields["body-plain"] && Boolean(fields["body-html"]);
  const body = fields["body-plain"] || fields["body-html"] || "";
  const lines = kept.map(([name, value]) => `${name}: ${value.replace(/\r?\n/g, " ")}`);
  lines.push(
    "MIME-Version: 1.0",
    `Content-Type: text/${isHtml ? "html" : "plain"}; charset=utf-8`,
    "Content-Transfer-Encoding: 8bit",
  );
  return { raw: `${lines.join("\r\n")}\r\n\r\n${body}`, recipients, envelopeFrom };
}
