import { describe, expect, it } from "vitest";
import {
  categorizeVerificationFailure,
  parseVerificationCategory,
  readVerificationParams,
  VERIFICATION_MESSAGES,
} from "./verification";

describe("verification parameters", () => {
  it("reads every accepted query parameter, preferring token_hash", () => {
    const p = readVerificationParams(
      "?token_hash=h1&token=t1&type=signup&email=a%40b.co&next=%2Fx&session_id=cs_1",
      "",
    );
    expect(p).toEqual({
      token: "h1",
      type: "signup",
      email: "a@b.co",
      next: "/x",
      error: null,
      sessionId: "cs_1",
    });
  });

  it.each(["confirmation_token", "token", "verification_code", "code"])(
    "accepts %s as the token",
    (key) => {
      expect(readVerificationParams(`?${key}=abc`, "").token).toBe("abc");
    },
  );

  it("accepts token_hash, type and email in the hash", () => {
    const p = readVerificationParams("", "#token_hash=h2&type=signup&email=c%40d.io");
    expect(p.token).toBe("h2");
    expect(p.type).toBe("signup");
    expect(p.email).toBe("c@d.io");
  });

  it("reports no token when there is none", () => {
    expect(readVerificationParams("?type=signup", "").token).toBeNull();
  });
});

describe("verification categories", () => {
  it("maps expired and invalid tokens", () => {
    expect(categorizeVerificationFailure({ status: 401, code: "TOKEN_EXPIRED" })).toBe("expired");
    expect(categorizeVerificationFailure({ status: 401, code: "INVALID_TOKEN" })).toBe("invalid");
    expect(categorizeVerificationFailure({ status: 401, code: "USER_NOT_FOUND" })).toBe("invalid");
  });

  it("maps network, server and unknown failures", () => {
    expect(categorizeVerificationFailure({ status: 0, code: "NETWORK" })).toBe("network");
    expect(categorizeVerificationFailure({ status: 503 })).toBe("server");
    expect(categorizeVerificationFailure({ status: 418 })).toBe("unknown");
  });

  it("keeps the spec's texts and retry rules", () => {
    expect(VERIFICATION_MESSAGES.expired.message).toBe(
      "This verification link has expired. Please request a new verification email.",
    );
    expect(VERIFICATION_MESSAGES.invalid.isRetryable).toBe(false);
    expect(VERIFICATION_MESSAGES.unknown.isRetryable).toBe(true);
  });

  it("falls back to unknown for an unrecognised category", () => {
    expect(parseVerificationCategory("bogus")).toBe("unknown");
    expect(parseVerificationCategory("expired")).toBe("expired");
  });
});
