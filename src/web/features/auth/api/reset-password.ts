import { loadAuthClient } from "../../../lib/auth-client";
import { AuthFlowError } from "./sign-up";

/** Asks for a reset mail. The answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.requestPasswordReset({ email });
  if (error) throw new AuthFlowError(error.message ?? "We couldn't send the email.", error.code);
}

export const INVALID_RESET_LINK =
  "This reset link is invalid, expired or already used. Please ask for a new one.";

export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.resetPassword({
    token: input.token,
    newPassword: input.password,
  });
  if (!error) return;
  if (error.code === "INVALID_TOKEN" || error.code === "USER_NOT_FOUND")
    throw new AuthFlowError(INVALID_RESET_LINK, error.code);
  throw new AuthFlowError(error.message ?? "We couldn't change your password.", error.code);
}

/**
 * Whether a reset link still works, asked before the form is shown. The auth server's link
 * check answers with a redirect that names INVALID_TOKEN for an unknown, used or expired token;
 * it reads the token without using it up. A check that cannot finish counts as valid: the
 * change itself then says what went wrong.
 */
export async function isResetLinkValid(token: string): Promise<boolean> {
  const check = `/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent("/reset-password")}`;
  try {
    const response = await fetch(check, { credentials: "same-origin" });
    return new URL(response.url).searchParams.get("error") !== "INVALID_TOKEN";
  } catch {
    return true;
  }
}
