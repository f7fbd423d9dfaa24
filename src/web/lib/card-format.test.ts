import { describe, expect, it } from "vitest";
import { caretAfterDigits, formatCardNumber, formatExpiry } from "./card-format";
import { LocalPaymentBodySchema } from "../../core/test-card-schema";

describe("formatCardNumber", () => {
  it("groups digits by four and drops anything else", () => {
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242-4242 4242x4242")).toBe("4242 4242 4242 4242");
  });

  it("stops at 19 digits", () => {
    expect(formatCardNumber("1".repeat(25)).replace(/ /g, "")).toHaveLength(19);
  });
});

describe("formatExpiry", () => {
  it("puts the slash in after the month", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1234")).toBe("12 / 34");
    expect(formatExpiry("12/34")).toBe("12 / 34");
    expect(formatExpiry("12 / 345")).toBe("12 / 34");
  });

  it("pads a month that can only be one digit", () => {
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("1/")).toBe("01 / ");
  });

  it("does not put the separator back while deleting", () => {
    expect(formatExpiry("12 /", { isDeleting: true })).toBe("12");
    expect(formatExpiry("1", { isDeleting: true })).toBe("1");
  });

  it("formats what the payment form accepts", () => {
    const body = {
      email: "a@example.com",
      cardNumber: formatCardNumber("4242424242424242"),
      expiry: formatExpiry("1234"),
      cvc: "123",
    };
    expect(LocalPaymentBodySchema.safeParse(body).success).toBe(true);
  });
});

describe("caretAfterDigits", () => {
  it("finds the position after the n-th digit", () => {
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("4242 4242", 5)).toBe(6);
    expect(caretAfterDigits("4242 4242", 0)).toBe(0);
  });
});
