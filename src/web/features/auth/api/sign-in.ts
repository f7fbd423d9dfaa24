import { authClient } from "../../../lib/auth-client";
import { forgetOAuthStart, rememberOAuthStart } from "../../../lib/oauth-return";
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

// Google: the post-login redirect and an in-progress flag are kept locally (spec 01 §7).
export async function signInWithGoogle(redirectTo = "/app/contacts") {
  rememberOAuthStart(redirectTo);
  const { error } = await authClient.signIn.social({
    provider: "google",
    callbackURL: "/auth/oauth-callback",
  });
  if (error) {
    forgetOAuthStart();
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
