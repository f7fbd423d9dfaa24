// The signed parts of inbound addresses and answer links. A digest's Reply-To is
// reply+<token>@INBOUND_DOMAIN: the token names the delivery (and so its user and its people)
// and when it expires, with an HMAC over both and the user's id, in lowercase base32 so it fits
// a mail address's 64-character local part and survives a server that changes its case. Undo
// links in an answer are signed like one-tap links. Keys are derived from AUTH_SECRET.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const REPLY_TOKEN_TTL_MS = 30 * 86_400_000;
export const REPLY_UNDO_TTL_MS = 7 * 86_400_000;

const MAC_BYTES = 12;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function keyFor(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a token, only in its one canonical spelling (the spare low bits must be zero). */
function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const bytes = Buffer.from(out);
  return toBase32(bytes) === text ? bytes : null;
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll("-", ""), "hex");
}

function bytesUuid(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function replyMac(secret: string, body: Buffer, userId: string): Buffer {
  return createHmac("sha256", keyFor(secret, "tend/reply-address/v1"))
    .update(body)
    .update(userId)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A digest's reply token: 52 characters of [a-z2-7]. */
export function createReplyToken(
  secret: string,
  claims: { deliveryId: string; userId: string; expiresAt: Date },
): string {
  const body = Buffer.alloc(20);
  uuidBytes(claims.deliveryId).copy(body, 0);
  body.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 16);
  return toBase32(Buffer.concat([body, replyMac(secret, body, claims.userId)]));
}

/** What a reply token says before its signature is checked (the delivery gives the user). */
export function readReplyToken(token: string): { deliveryId: string; expiresAt: Date } | null {
  const bytes = token.length === 52 ? fromBase32(token.toLowerCase()) : null;
  if (!bytes || bytes.length !== 20 + MAC_BYTES) return null;
  return {
    deliveryId: bytesUuid(bytes.subarray(0, 16)),
    expiresAt: new Date(bytes.readUInt32BE(16) * 1000),
  };
}

export function isReplyTokenSigned(secret: string, token: string, userId: string): boolean {
  const bytes = fromBase32(token.toLowerCase());
  if (!bytes || bytes.length !== 20 + MAC_BYTES) return false;
  const expected = replyMac(secret, bytes.subarray(0, 20), userId);
  return timingSafeEqual(expected, bytes.subarray(20));
}

/** A new private forwarding token: 26 characters of [a-z2-7] (128 random bits). */
export function newForwardToken(): string {
  return toBase32(randomBytes(16));
}

/** One applied action, or every applied action of a reply (the one link of a texted answer). */
export type UndoClaims = {
  target: "action" | "reply";
  id: string;
  userId: string;
  expiresAt: number;
};

function undoSignature(secret: string, body: string): string {
  return createHmac("sha256", keyFor(secret, "tend/reply-undo/v1"))
    .update(body)
    .digest("base64url");
}

export function createUndoToken(secret: string, claims: UndoClaims): string {
  const body = Buffer.from(
    JSON.stringify({ t: claims.target, i: claims.id, u: claims.userId, e: claims.expiresAt }),
  ).toString("base64url");
  return `${body}.${undoSignature(secret, body)}`;
}

export function verifyUndoToken(
  secret: string,
  token: string,
  now: Date,
): { ok: true; claims: UndoClaims } | { ok: false; reason: "invalid" | "expired" } {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > 1000)
    return { ok: false, reason: "invalid" };
  const expected = Buffer.from(undoSignature(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "invalid" };
  let raw: { t?: unknown; i?: unknown; u?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof raw;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (
    (raw.t !== "action" && raw.t !== "reply") ||
    typeof raw.i !== "string" ||
    typeof raw.u !== "string" ||
    typeof raw.e !== "number"
  )
    return { ok: false, reason: "invalid" };
  if (raw.e <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { target: raw.t, id: raw.i, userId: raw.u, expiresAt: raw.e } };
}
