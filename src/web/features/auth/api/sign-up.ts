import { NAME_MAX_LENGTH } from "../../../../core/constants";
import { loadAuthClient } from "../../../lib/auth-client";
import { toast } from "../../../lib/toast";

export function verifyCallbackUrl(sessionId?: string | null): string {
  return sessionId ? `/verify-email?session_id=${encodeURIComponent(sessionId)}` : "/verify-email";
}

export class AuthFlowError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

// Sign-up, then the confirmation mail is (re)sent right away (spec 01 §4 step 1). The checkout
// session id, when there is one, travels in the link so the paid subscription gets linked.
export async function signUpWithEmail(input: {
  email: string;
  password: string;
  sessionId?: string | null;
}) {
  const callbackURL = verifyCallbackUrl(input.sessionId);
  const authClient = await loadAuthClient();
  const { error } = await authClient.signUp.email({
    email: input.email,
    password: input.password,
    name: (input.email.split("@")[0] ?? input.email).slice(0, NAME_MAX_LENGTH),
    callbackURL,
  });
  if (error) throw new AuthFlowError(error.message ?? "Sign up failed", error.code);
  await resendConfirmation({ email: input.email, sessionId: input.sessionId });
}

export async function resendConfirmation(input: { email: string; sessionId?: string | null }) {
  const authClient = await loadAuthClient();
  const { error } = await authClient.sendVerificationEmail({
    email: input.email,
    callbackURL: verifyCallbackUrl(input.sessionId),
  });
  if (error)
    throw new AuthFlowError(error.message || "Failed to resend confirmation email", error.code);
}

/** A resend from a button: the spec's toasts tell how it went (spec 01 §8). */
export async function resendConfirmationWithToast(input: {
  email: string;
  sessionId?: string | null;
}): Promise<boolean> {
  try {
    await resendConfirmation(input);
    toast({
      title: "Email sent",
      description: "Confirmation email has been resent to your inbox.",
    });
    return true;
  } catch (error) {
    toast({
      title: "Error",
      description:
        error instanceof Error && error.message
          ? error.message
          : "Failed to resend confirmation email",
      variant: "destructive",
    });
    return false;
  }
}
