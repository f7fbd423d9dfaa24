import { describe, expect, it } from "vitest";
import {
  createReplyToken,
  createUndoToken,
  isReplyTokenSigned,
  readReplyToken,
  verifyUndoToken,
} from "./reply-tokens";

const SECRET = "test-secret-test-secret-test-secret-0123";
const deliveryId = "6edd1523-75a4-4fd0-bfbe-98fb858509aa";
const expiresAt = new Date("2027-01-01T00:00:00Z");

describe("reply tokens", () => {
  const token = createReplyToken(SECRET, { deliveryId, userId: "u1", expiresAt });

  it("fits a mail address's local part and reads back", () => {
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64);
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    expect(readReplyToken(token)).toEqual({ deliveryId, expiresAt });
    expect(isReplyTokenSigned(SECRET, token, "u1")).toBe(true);
    // A server that upper-cases the local part still delivers a working address.
    expect(isReplyTokenSigned(SECRET, token.toUpperCase(), "u1")).toBe(true);
  });

  it("is refused for another user, another secret, or any changed character", () => {
    expect(isReplyTokenSigned(SECRET, token, "u2")).toBe(false);
    expect(isReplyTokenSigned(`${SECRET}x`, token, "u1")).toBe(false);
    for (let i = 0; i < token.length; i += 1) {
      const changed = `${token.slice(0, i)}${token[i] === "a" ? "b" : "a"}${token.slice(i + 1)}`;
      const claims = readReplyToken(changed);
      const isSame =
        claims?.deliveryId === deliveryId && claims.expiresAt.getTime() === expiresAt.getTime();
      expect(isSame && isReplyTokenSigned(SECRET, changed, "u1"), `position ${i}`).toBe(false);
    }
  });

  it("signs undo links that expire and cannot be changed", () => {
    const claims = { target: "action" as const, id: "a1", userId: "u1", expiresAt: 2_000 };
    const link = createUndoToken(SECRET, claims);
    expect(verifyUndoToken(SECRET, link, new Date(1_000))).toEqual({ ok: true, claims });
    expect(verifyUndoToken(SECRET, link, new Date(2_000))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(verifyUndoToken(SECRET, `${link}x`, new Date(1_000))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
