import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES,
  checkCardNumber,
  DECLINED_CARD_NUMBER,
  isDeclinedTestCard,
  isExpiryInPast,
  isLuhnValid,
  TEST_CARD_NUMBER,
} from "./test-card";
import { LocalPaymentBodySchema } from "./test-card-schema";

describe("card number checks", () => {
  it("accepts the test card with or without spaces and dashes", () => {
    expect(checkCardNumber(TEST_CARD_NUMBER)).toBeNull();
    expect(checkCardNumber("4242424242424242")).toBeNull();
    expect(checkCardNumber("4242-4242-4242-4242")).toBeNull();
  });

  it("refuses a number of the wrong length or with letters", () => {
    expect(checkCardNumber("4242")).toBe(CARD_MESSAGES.length);
    expect(checkCardNumber("4242 4242 4242 424x")).toBe(CARD_MESSAGES.length);
    expect(checkCardNumber("")).toBe(CARD_MESSAGES.length);
  });

  it("refuses a number that fails the Luhn check", () => {
    expect(checkCardNumber("4242 4242 4242 4241")).toBe(CARD_MESSAGES.invalid);
    expect(checkCardNumber("1234 5678 9012 3456")).toBe(CARD_MESSAGES.invalid);
  });

  it("implements Luhn", () => {
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("79927398710")).toBe(false);
    expect(isLuhnValid("abc")).toBe(false);
  });

  it("knows the always-declined card, which is otherwise well formed", () => {
    expect(checkCardNumber(DECLINED_CARD_NUMBER)).toBeNull();
    expect(isDeclinedTestCard("4000000000000002")).toBe(true);
    expect(isDeclinedTestCard(TEST_CARD_NUMBER)).toBe(false);
  });
});

describe("expiry", () => {
  const now = new Date("2030-06-15T12:00:00Z");
  it("is usable through the last day of its month", () => {
    expect(isExpiryInPast("06/30", now)).toBe(false);
    expect(isExpiryInPast("12/31", now)).toBe(false);
    expect(isExpiryInPast("06/30", new Date("2030-07-01T00:00:00Z"))).toBe(true);
  });
  it("is past for an earlier month or an unreadable value", () => {
    expect(isExpiryInPast("05/30", now)).toBe(true);
    expect(isExpiryInPast("junk", now)).toBe(true);
  });
});

describe("LocalPaymentBodySchema", () => {
  const good = {
    email: " Pat@Example.COM ",
    cardNumber: TEST_CARD_NUMBER,
    expiry: "12/34",
    cvc: "123",
  };
  it("accepts a good payment and normalises the email", () => {
    expect(LocalPaymentBodySchema.parse(good).email).toBe("pat@example.com");
  });
  it("names each bad field with its message", () => {
    const r = LocalPaymentBodySchema.safeParse({
      email: "nope",
      cardNumber: "4242 4242 4242 4241",
      expiry: "13/34",
      cvc: "1",
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual([
      "email: Please enter a valid email address",
      `cardNumber: ${CARD_MESSAGES.invalid}`,
      `expiry: ${CARD_MESSAGES.expiryFormat}`,
      `cvc: ${CARD_MESSAGES.cvc}`,
    ]);
  });
});
