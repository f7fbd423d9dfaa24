// What /verify-email does with the verification outcome (spec 01 §4): failures go to /auth with
// their category; on success the subscription is linked or created, the client's status is
// refreshed, the onboarding status is read, and 0.5 s later the user goes on. The React parts
// (view, navigation, toasts, caches) are passed in.
import type { Me } from "../../../../core/account";
import { VERIFY_REDIRECT_DELAY_MS } from "../../../../core/constants";
import { VERIFICATION_MESSAGES, type VerificationParams } from "../lib/verification";
import { readSafeNextPath } from "../../../lib/access-gating";
import { logVerification } from "../../../lib/local-log";
import type { ToastInput } from "../../../lib/toast";
import { sleep } from "../../../lib/utils";
import { getMe } from "../../../lib/session/get-me";
import {
  linkOrCreateSubscription,
  runVerification,
  type VerificationOutcome,
} from "../api/verify-email";

export const ONBOARDING_AFTER_VERIFICATION_PATH =
  "/app/onboarding?from=verification&initialStep=1&disableAutoAdvance=1";

export const LINKING_ERROR_TOAST: ToastInput = {
  title: "Subscription Linking Error",
  description: "There was an issue linking your subscription. Please contact support.",
  variant: "destructive",
};

export const ONBOARDING_STATUS_ERROR_TOAST: ToastInput = {
  title: "Error",
  description: "Could not verify onboarding status. Redirecting to contacts.",
  variant: "destructive",
};

export type VerifyView = "verified" | "error" | "wait";

export type CompleteVerificationDeps = {
  setView: (view: VerifyView) => void;
  navigate: (to: string) => void;
  notify: (toast: ToastInput) => void;
  /** Forgets the cached subscription status and reads it again (billing's refresh). */
  refreshSubscriptionStatus: () => Promise<void>;
  /** Puts the freshly read user into the app's cache, so the gates see it at once. */
  storeMe: (me: Me) => void;
  /** The read failed: drop the cached user (signed out before verifying) and read it again. */
  reloadMe: () => void;
};

/** Where a failure goes; a retryable one carries the link's email, for a new mail from /auth. */
export function failurePath(outcome: VerificationOutcome, email?: string | null): string | null {
  if (outcome.kind === "no_session") return "/auth?error=no_session";
  if (outcome.kind !== "failed") return null;
  const path = `/auth?error=verification_failed&category=${outcome.category}`;
  return email && VERIFICATION_MESSAGES[outcome.category].isRetryable
    ? `${path}&email=${encodeURIComponent(email)}`
    : path;
}

export async function completeVerification(
  params: VerificationParams,
  deps: CompleteVerificationDeps,
): Promise<void> {
  const outcome = await runVerification(params);
  if (outcome.kind === "wait") {
    deps.setView("wait");
    return;
  }
  const failure = failurePath(outcome, params.email);
  if (failure) {
    deps.setView("error");
    deps.navigate(failure);
    return;
  }

  deps.setView("verified");
  if (params.type === "signup" || !params.token) {
    const isLinked = await linkOrCreateSubscription(params.sessionId);
    if (!isLinked && params.sessionId) deps.notify(LINKING_ERROR_TOAST);
    // A status read before the link (a signed-in user's "none") must not outlive it.
    await deps.refreshSubscriptionStatus();
  }

  let target: string;
  try {
    const me = await getMe();
    if (!me) throw new Error("The session ended before the onboarding status was read");
    deps.storeMe(me);
    target = me.settings.onboardingCompleted
      ? (readSafeNextPath(params.next) ?? "/app/contacts")
      : ONBOARDING_AFTER_VERIFICATION_PATH;
  } catch (error) {
    logVerification(
      "onboarding status unreadable",
      error instanceof Error ? error.message : String(error),
    );
    deps.notify(ONBOARDING_STATUS_ERROR_TOAST);
    deps.reloadMe();
    target = "/app/contacts";
  }
  await sleep(VERIFY_REDIRECT_DELAY_MS);
  logVerification("redirect", target);
  deps.navigate(target);
}
