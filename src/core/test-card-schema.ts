// The local checkout's API contract (BILLING_PROVIDER=local): the card form's body, the session
// and the answer. The rules are test-card.ts's.
import { z } from "zod";
import { CARD_MESSAGES, checkCardNumber } from "./test-card";

export const LocalPaymentBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "That email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  cardNumber: z
    .string()
    .max(40)
    .superRefine((value, ctx) => {
      const message = checkCardNumber(value);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, CARD_MESSAGES.expiryFormat),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
});
export type LocalPaymentBody = z.input<typeof LocalPaymentBodySchema>;

export const LocalCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(["open", "paid", "complete", "expired"]),
  email: z.string().nullable(),
  isSignedInCheckout: z.boolean(),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSessionSchema>;

export const LocalPaymentResponseSchema = z.object({ redirectUrl: z.string() });
