import { useMutation } from "@tanstack/react-query";
import { loadAuthClient } from "../../../lib/auth-client";
import { phoneCodeErrorMessage } from "./phone-code-error";

// Texts a 6-digit code to the number saved on the account (dev outbox without an SMS vendor).
export async function sendPhoneCode(phoneNumber: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.phoneNumber.sendOtp({ phoneNumber });
  if (error) throw new Error(phoneCodeErrorMessage(error));
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode, retry: false });
}
