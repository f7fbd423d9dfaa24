import { loadAuthClient } from "../../../lib/auth-client";
import { forgetOAuthStart, rememberOAuthStart } from "../../../lib/oauth-return";
import { toast } from "../../../lib/toast";
import { AuthFlowError } from "./sign-up";

// No callbackURL: with one, Better Auth's client sends the browser to it with a full page load
// (it went through /verify-email and its 0.5 s pause on every sign-in); the page goes on
// itself. The verification mail a sign-in sends an unverified user is built on the server and
// does not use it.
export async function signInWithEmail(input: { email: string; password: string }) {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signIn.email({
    email: input.email,
    password: input.password,
  });
  if (error) throw new AuthFlowError(error.message ?? "Sign in failed", error.code);
}

// Google: the post-login redirect and an in-progress flag are kept locally (spec 01 §7).
export async function signInWithGoogle(redirectTo = "/app/contacts") {
  rememberOAuthStart(redirectTo);
  const authClient = await loadAuthClient();
  const { error } = await authClient.signIn.social({
    provider: "google",
    callbackURL: "/auth/oauth-callback",
    // A refusal (consent denied, a failed token exchange) shows the callback page's failure card.
    errorCallbackURL: "/auth/oauth-callback",
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
