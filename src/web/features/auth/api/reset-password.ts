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
