// Completion (spec 01 §4): save, toast, check the subscription up to 5 times, refresh the
// signed-in user, then go to /app/contacts?fromOnboarding=true.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { OnboardingCompleteInput } from "../../../../core/onboarding";
import { UNDO_TOAST_MS } from "../../../../core/constants";
import { VERIFY_PHONE_PATH } from "../../../lib/verify-phone-path";
import { ME_QUERY_KEY } from "../../../lib/session/get-me";
import { ApiRequestError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { checkSubscription } from "../api/check-subscription";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { ONBOARDING_QUERY_KEY } from "../api/get-onboarding";
import { sleep } from "../../../lib/utils";
import { waitForSubscription } from "./wait-for-subscription";

export const CONTACTS_AFTER_ONBOARDING = "/app/contacts?fromOnboarding=true";

export type FinishFailure = { fields?: Record<string, string> };

export function useFinishOnboarding(options: { appName: string }) {
  const mutation = useCompleteOnboarding();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isFinishing, setIsFinishing] = useState(false);

  // Resolves with the server's field errors when the save was refused, otherwise navigates.
  async function finish(input: OnboardingCompleteInput): Promise<FinishFailure | null> {
    setIsFinishing(true);
    let result;
    try {
      result = await mutation.mutateAsync(input);
    } catch (error) {
      setIsFinishing(false);
      const isSignedOut =
        error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
      toast({
        title: isSignedOut
          ? "You must be logged in to complete onboarding"
          : "Failed to complete onboarding",
        description: error instanceof ApiRequestError ? error.message : undefined,
        variant: "destructive",
      });
      return { fields: error instanceof ApiRequestError ? error.fields : undefined };
    }
    toast({
      title: "Onboarding Complete",
      description: `Welcome to ${options.appName}! Your preferences are saved.`,
      variant: "success",
    });
    await waitForSubscription({ check: checkSubscription, sleep });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ONBOARDING_QUERY_KEY }),
    ]);
    if (result.smsVerificationSent && result.phoneNumber) {
      // The code is entered in Settings: the toast leads straight to its field.
      toast({
        title: "SMS Verification Sent",
        description: `We sent a verification code to ${result.phoneNumber}. Enter it now, or later in Settings.`,
        duration: UNDO_TOAST_MS,
        action: { label: "Enter code", onClick: () => void navigate(VERIFY_PHONE_PATH) },
      });
    }
    await navigate(CONTACTS_AFTER_ONBOARDING, { replace: true });
    return null;
  }

  return { finish, isFinishing };
}
