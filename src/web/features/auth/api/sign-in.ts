import { authClient } from "../../../lib/auth-client";
import { toast } from "../../../lib/toast";
import { AuthFlowError, verifyCallbackUrl } from "./sign-up";

export async function signInWithEmail(input: { email: string; password: string }) {
  const { error } = await authClient.signIn.email({
    email: input.email,
    password: input.password,
    callbackURL: verifyCallbackUrl(),
  });
  if (error) throw new AuthFlowError(error.message ?? "Sign in failed", error.code);
}

const OAUTH_REDIRECT_KEY = "tend.oauth.redirect";
const OAUTH_IN_PROGRESS_KEY = "tend.oauth.in-progress";

// Google: the post-login redirect and an in-progress flag are kept locally (spec 01 §7).
export async function signInWithGoogle(redirectTo = "/app/contacts") {
  localStorage.setItem(OAUTH_REDIRECT_KEY, redirectTo);
  localStorage.setItem(OAUTH_IN_PROGRESS_KEY, "1");
  const { error } = await authClient.signIn.social({
    provider: "google",
    callbackURL: "/auth/oauth-callback",
  });
  if (error) {
    localStorage.removeItem(OAUTH_IN_PROGRESS_KEY);
    throw new AuthFlowError(error.message ?? "Google sign-in failed", error.code);
  }
}

/** Google sign-in from a button: a failure is told in the spec's toast. */
export async function continueWithGoogle(redirectTo: string) {
  try {
    await signInWithGoogle(redirectTo);
  } catch (error) {
    toast({
      title: "Google sign-in failed",
      description: error instanceof Error ? error.message : "An unexpected error occurred",
      variant: "destructive",
    });
  }
}
