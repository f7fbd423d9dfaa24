// The local checkout's card form (BILLING_PROVIDER=local): no money moves, but an obviously bad
// card is refused with a clear message, and one well-known number is always declined, so the
// failure path can be seen. Pure; the clock is passed in for the expiry check. The request
// schemas are in test-card-schema.ts, so the checkout page loads zod only when its form is used.
export type { LocalCheckoutSession, LocalPaymentBody } from "./test-card-schema";

export const TEST_CARD_NUMBER = "4242 4242 4242 4242";
export const DECLINED_CARD_NUMBER = "4000 0000 0000 0002";

export const CARD_MESSAGES = {
  length: "Enter the full card number (13 to 19 digits).",
  invalid: "That card number is not valid. Please check it and try again.",
  declined: "Your card was declined. Please use a different card.",
  expiryFormat: "Enter the expiry date as MM/YY.",
  expired: "Your card has expired. Please use a different card.",
  cvc: "Enter the 3 or 4 digit security code.",
} as const;

export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A message for a card number we refuse before "charging" it, or null when it looks right. */
export function checkCardNumber(value: string): string | null {
  const digits = normalizeCardNumber(value);
  if (!/^\d{13,19}$/.test(digits)) return CARD_MESSAGES.length;
  if (!isLuhnValid(digits)) return CARD_MESSAGES.invalid;
  return null;
}

export function isDeclinedTestCard(value: string): boolean {
  return normalizeCardNumber(value) === normalizeCardNumber(DECLINED_CARD_NUMBER);
}

/** Expiry "MM/YY": usable through the last day of that month. */
export function isExpiryInPast(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return true;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() >= firstOfNextMonth;
}
