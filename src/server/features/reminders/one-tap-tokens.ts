// Signed, single-purpose links in reminder mail: "Mark contacted" and "Snooze 1
// week" bound to one user, one contact and one action, valid 14 days; and the unsubscribe link
// bound to one user. HMAC-SHA256 with a key derived from AUTH_SECRET; nothing is stored until a
// link is used (its hash is then recorded, so a replay changes nothing).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export const ONE_TAP_TTL_MS = 14 * 86_400_000;
export const UNSUBSCRIBE_TTL_MS = 365 * 86_400_000;

export const ONE_TAP_ACTIONS = ["contacted", "snooze", "unsubscribe"] as const;
export type OneTapAction = (typeof ONE_TAP_ACTIONS)[number];

export type OneTapClaims = {
  action: OneTapAction;
  userId: string;
  /** Set for contact actions. */
  contactId?: string;
  /** A household's line: everyone the link acts for (contactId among them). */
  contactIds?: string[];
  /** Expiry, ms since the epoch. */
  expiresAt: number;
  /** The delivery that carried the link: links from two digests are two different links. */
  nonce: string;
};

function keyFor(secret: string): Buffer {
  return createHmac("sha256", secret).update("tend/one-tap-links/v1").digest();
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", keyFor(secret)).update(body).digest("base64url");
}

export function createOneTapToken(secret: string, claims: OneTapClaims): string {
  const body = Buffer.from(
    JSON.stringify({
      a: claims.action,
      u: claims.userId,
      c: claims.contactId,
      g: claims.contactIds,
      e: claims.expiresAt,
      n: claims.nonce,
    }),
  ).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

export type TokenCheck =
  { ok: true; claims: OneTapClaims } | { ok: false; reason: "invalid" | "expired" };

export function verifyOneTapToken(secret: string, token: string, now: Date): TokenCheck {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > 1000)
    return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  let raw: { a?: unknown; u?: unknown; c?: unknown; g?: unknown; e?: unknown; n?: unknown };
  try {
    raw = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as typeof raw;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const action = ONE_TAP_ACTIONS.find((a) => a === raw.a);
  if (
    !action ||
    typeof raw.u !== "string" ||
    typeof raw.e !== "number" ||
    typeof raw.n !== "string"
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (action !== "unsubscribe" && typeof raw.c !== "string")
    return { ok: false, reason: "invalid" };
  if (raw.e <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    claims: {
      action,
      userId: raw.u,
      contactId: typeof raw.c === "string" ? raw.c : undefined,
      contactIds:
        Array.isArray(raw.g) && raw.g.every((id) => typeof id === "string")
          ? (raw.g)
          : undefined,
      expiresAt: raw.e,
      nonce: raw.n,
    },
  };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
