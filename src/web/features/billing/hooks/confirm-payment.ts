// /payment-success (spec 01 §4, §9): link the checkout to the signed-in user, wait 1 s, then poll
// the subscription up to 15 times, 2 s apart, accepting active, trialing or past_due (a trial
// does not count: it is not the payment). Pure apart from its injected calls.
import type { Me } from "../../../../core/account";
import {
  PAYMENT_LINK_WAIT_MS,
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
} from "../../../../core/constants";
import { isPaymentConfirmed } from "../../../../core/subscription";
import { ApiRequestError } from "../../../lib/api-client";
import { every, repeatUntil } from "../../../lib/retry";

export type PaymentOutcome =
  | { kind: "no-session-id" }
  | { kind: "signed-out"; sessionId: string }
  | { kind: "invalid-session" }
  | { kind: "link-refused" }
  | { kind: "confirmed"; hasLinkFailed: boolean }
  | { kind: "not-confirmed"; hasLinkFailed: boolean };

export type PaymentRow = { subscriptionStatus: string; isTrial: boolean } | null;

export type ConfirmPaymentDeps = {
  isSignedIn: () => Promise<boolean>;
  link: (sessionId: string) => Promise<unknown>;
  readStatus: () => Promise<PaymentRow>;
  sleep: (ms: number) => Promise<void>;
  onPhase?: (phase: "linking" | "confirming") => void;
  /** Linking failed, but polling goes on (the webhook may still complete the payment). */
  onLinkFailed?: () => void;
};

export async function confirmPayment(
  sessionId: string | null,
  deps: ConfirmPaymentDeps,
): Promise<PaymentOutcome> {
  if (!sessionId) return { kind: "no-session-id" };
  if (!(await deps.isSignedIn())) return { kind: "signed-out", sessionId };

  deps.onPhase?.("linking");
  let hasLinkFailed = false;
  try {
    await deps.link(sessionId);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400)
      return { kind: "invalid-session" };
    // Someone else's payment will never become this user's subscription.
    if (error instanceof ApiRequestError && error.status === 409) return { kind: "link-refused" };
    hasLinkFailed = true;
    deps.onLinkFailed?.();
  }
  await deps.sleep(PAYMENT_LINK_WAIT_MS);

  deps.onPhase?.("confirming");
  const { isDone } = await repeatUntil(
    () => deps.readStatus().catch(() => null),
    (row) => Boolean(row && !row.isTrial && isPaymentConfirmed(row.subscriptionStatus)),
    {
      attempts: PAYMENT_POLL_ATTEMPTS,
      delayMs: every(PAYMENT_POLL_INTERVAL_MS),
      sleep: deps.sleep,
    },
  );
  return { kind: isDone ? "confirmed" : "not-confirmed", hasLinkFailed };
}

/** Onboarding when profile names are missing or onboarding is incomplete, else contacts. */
export function pathAfterPayment(me: Me | null): string {
  if (!me) return "/app/contacts";
  const hasNames = Boolean(me.profile.firstName?.trim() && me.profile.lastName?.trim());
  return hasNames && me.settings.onboardingCompleted ? "/app/contacts" : "/app/onboarding";
}
