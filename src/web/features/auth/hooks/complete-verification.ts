// What /verify-email does with the verification outcome (spec 01 §4): failures go to /auth with
// their category; on success the subscription is linked or created, the onboarding status is
// read, and 0.5 s later the user goes on. The React parts (view, navigation, caches) are passed in.
import type { Me } from "../../../../core/account";
import { VERIFY_REDIRECT_DELAY_MS } from "../../../../core/constants";
import type { VerificationParams } from "../../../../core/verification";
import { logVerification } from "../../../lib/local-log";
import { sleep } from "../../../lib/utils";
import { getMe } from "../../account/api/get-me";
import {
  linkOrCreateSubscription,
  runVerification,
  type VerificationOutcome,
} from "../api/verify-email";

export const ONBOARDING_AFTER_VERIFICATION_PATH =
  "/app/onboarding?from=verification&initialStep=1&disableAutoAdvance=1";

export type VerifyView = "verified" | "error" | "wait";

export type CompleteVerificationDeps = {
  setView: (view: VerifyView) => void;
  navigate: (to: string) => void;
  /** Puts the freshly read user into the app's cache, so the gates see it at once. */
  storeMe: (me: Me) => void;
};

export function failurePath(outcome: VerificationOutcome): string | null {
  if (outcome.kind === "no_session") return "/auth?error=no_session";
  if (outcome.kind === "failed")
    return `/auth?error=verification_failed&category=${outcome.category}`;
  return null;
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
  const failure = failurePath(outcome);
  if (failure) {
    deps.setView("error");
    deps.navigate(failure);
    return;
  }

  deps.setView("verified");
  if (params.type === "signup" || !params.token) {
    await linkOrCreateSubscription(params.sessionId);
  }

  const me = await getMe().catch(() => null);
  if (me) deps.storeMe(me);
  const target =
    me && !me.settings.onboardingCompleted ? ONBOARDING_AFTER_VERIFICATION_PATH : "/app/contacts";
  await sleep(VERIFY_REDIRECT_DELAY_MS);
  logVerification("redirect", target);
  deps.navigate(target);
}
